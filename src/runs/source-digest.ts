// A digest of the site's source (src/, and benchmarks/: each benchmark's schemas, vocabulary, descriptor and report
// view) and locked dependencies. Build caches include it: after any change to the code that validates, summarizes
// or renders runs, every run is checked and rendered again.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export async function sourceDigest(root: string): Promise<string> {
  const hash = createHash('sha1');
  const files: string[] = [];
  for (const dir of ['src', 'benchmarks'])
    for (const e of await readdir(join(root, dir), { recursive: true, withFileTypes: true }))
      if (e.isFile()) files.push(join(e.parentPath, e.name));
  for (const f of [...files.sort(), join(root, 'package-lock.json')]) {
    hash.update(f);
    hash.update(await readFile(f).catch(() => Buffer.alloc(0)));
  }
  return hash.digest('hex');
}

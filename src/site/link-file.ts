// Putting a file into the built site without copying its bytes: 10,000 run pages and raw archives are
// hard links to the cache and to content/runs. Synchronous on purpose: a rebuild places some 30,000 files,
// and plain system calls in a loop beat queueing each one on the thread pool.
import { copyFileSync, linkSync, rmSync } from 'node:fs';

/** Hard link `from` at `to` (replacing `to`), or copy it where links cannot be made (another file system). */
export function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw e;
    if (code === 'EEXIST') {
      // Replace it; linking again may now fail for another reason (EXDEV: dist on another file system).
      rmSync(to, { force: true });
      linkOrCopy(from, to);
      return;
    }
    copyFileSync(from, to);
  }
}

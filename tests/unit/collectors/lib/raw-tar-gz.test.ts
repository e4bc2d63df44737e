// Members of a .tar.gz input, read through loadRawInput as harvest reads them.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadRawInput } from '../../../../collectors/lib/raw-input.ts';
import { writeTar } from '../../../../collectors/lib/tar.ts';
import { InputError } from '../../../../collectors/lib/input-error.ts';

describe('archive members', () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  const archiveOf = (paths: string[]) => {
    const file = join(mkdtempSync(join(tmpdir(), 'members-')), 'x.tar.gz');
    writeFileSync(file, gzipSync(writeTar(paths.map((p, i) => ({ path: p, data: enc(`file ${i}\n`) })))));
    return file;
  };

  it.each(['../escape/sb.o.x', 'run/../../sb.o.x', '/etc/passwd', 'C:/x/sb.o.x', 'run\\..\\sb.o.x'])(
    'a member outside the archive (%s) is refused, naming the archive and the member',
    async (odd) => {
      const file = archiveOf(['run/sb.o.a', odd]);
      const err = await loadRawInput(file).catch((e) => e);
      expect(err).toBeInstanceOf(InputError);
      expect(err.message).toBe(
        `${file}: the archive holds a member named ${JSON.stringify(odd)}, which is outside the archive's folder. Make the archive again from the result directory (tar -czf x.tar.gz dir), or harvest the directory.`,
      );
    },
  );

  it('./ and repeated slashes are dropped; a member stored twice is its last copy, as tar -x leaves it', async () => {
    const tree = await loadRawInput(archiveOf(['./run//sb.o.a', 'run/dir with spaces/ünïcödé', 'run/sb.o.a']));
    expect(tree.entries.map((e) => [e.path, new TextDecoder().decode(e.data)])).toEqual([
      ['run/dir with spaces/ünïcödé', 'file 1\n'],
      ['run/sb.o.a', 'file 2\n'],
    ]);
  });
});

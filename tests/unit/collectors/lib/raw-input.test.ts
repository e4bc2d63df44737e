// Loading a raw input (a directory, a file, a .tar.gz) as harvest does: its bound, and damaged input refused with one
// line naming the file.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadRawInput } from '../../../../collectors/lib/raw-input.ts';
import { entryText } from '../../../../collectors/lib/raw-tree.ts';
import { writeTar } from '../../../../collectors/lib/tar.ts';
import { InputError } from '../../../../collectors/lib/input-error.ts';

afterEach(() => {
  delete process.env.BENCHSITE_MAX_RAW;
});

describe('the bound of one raw input', () => {
  it('refuses a small .tar.gz that unpacks to more (a decompression bomb), naming the file and the limit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bomb-'));
    const bomb = join(dir, 'bomb.tar.gz');
    writeFileSync(bomb, gzipSync(writeTar([{ path: 'run/sb.o.x', data: new Uint8Array(64 << 20) }]), { level: 9 }));
    process.env.BENCHSITE_MAX_RAW = '8M';
    await expect(loadRawInput(bomb)).rejects.toThrow(
      `${bomb} (at run/sb.o.x): the raw files unpack to more than 8 MiB, the limit of one input`,
    );
    // An archive of nothing but zeros ends at its first block: the rest is never unpacked.
    writeFileSync(bomb, gzipSync(new Uint8Array(64 << 20), { level: 9 }));
    expect((await loadRawInput(bomb)).entries).toEqual([]);
  });

  it('refuses a directory or file over the limit before reading it, and a .gz raw file that unpacks past it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'big-'));
    mkdirSync(join(dir, 'run'));
    writeFileSync(join(dir, 'run', 'a'), Buffer.alloc(3 << 20));
    writeFileSync(join(dir, 'run', 'b'), Buffer.alloc(3 << 20));
    process.env.BENCHSITE_MAX_RAW = '5M';
    await expect(loadRawInput(dir)).rejects.toThrow(`${dir}: the raw files unpack to more than 5 MiB`);
    await expect(loadRawInput(join(dir, 'run', 'a'))).resolves.toMatchObject({ name: 'a' });
    expect(() => entryText({ path: 'o.x.gz', data: gzipSync(Buffer.alloc(6 << 20)) })).toThrow(
      'o.x.gz: the raw files unpack to more than 5 MiB',
    );
  });

  it('names a .tar.gz that is not one', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bad-')), 'x.tar.gz');
    writeFileSync(file, 'not gzip');
    await expect(loadRawInput(file)).rejects.toThrow(
      `${file}: not gzip data, though its name says so (incorrect header check). Copy the file again`,
    );
    await expect(loadRawInput(file)).rejects.toBeInstanceOf(InputError);
  });
});

describe('damaged compressed input: one InputError naming the file', () => {
  const tar = writeTar([
    { path: 'run/sb.o.a', data: new TextEncoder().encode('x'.repeat(3000)) },
    { path: 'run/sb.o.b', data: new TextEncoder().encode('y'.repeat(3000)) },
  ]);
  const inTmp = (name: string, data: Uint8Array | string) => {
    const file = join(mkdtempSync(join(tmpdir(), 'dmg-')), name);
    writeFileSync(file, data);
    return file;
  };

  it('a .tar.gz cut short (a full disk) keeps the folders finished before the cut and refuses the rest', async () => {
    const twoFolders = writeTar([
      { path: 'a/sb.o.a', data: new TextEncoder().encode('x'.repeat(3000)) },
      { path: 'b/sb.o.b', data: new TextEncoder().encode('y'.repeat(3000)) },
      { path: 'b/sb.o.c', data: new TextEncoder().encode('z'.repeat(3000)) },
    ]);
    const gz = gzipSync(twoFolders);
    const file = inTmp('cut.tar.gz', gz.subarray(0, gz.length - 20));
    const t = await loadRawInput(file);
    expect(t.entries.map((e) => [e.path, new TextDecoder().decode(e.data)])).toEqual([['a/sb.o.a', 'x'.repeat(3000)]]);
    expect(t.refused).toEqual([
      {
        path: 'b/sb.o.c',
        reason: `${file}: the archive is cut short inside "b/sb.o.c" (the gzip data ends early): that member is left out, and the members before it are read. Make the archive again (tar -czf) from the complete files.`,
      },
      {
        path: file,
        reason: `${file}: 1 file(s) of the folders it is cut inside ((top), b) are left out too, since their files after the cut are lost: b/sb.o.b. Make the archive again (tar -czf) from the complete files.`,
      },
    ]);
    // Cut inside its first member, it holds nothing whole: refused as a whole.
    const early = inTmp('early.tar.gz', gz.subarray(0, 40));
    await expect(loadRawInput(early)).rejects.toThrow(`${early}: the gzip data is cut short (unexpected end of file)`);
  });

  it('a .tar.gz with a corrupt deflate stream says so', async () => {
    const gz = Buffer.from(gzipSync(tar));
    for (let i = 30; i < 60; i++) gz[i] = gz[i]! ^ 0x5a;
    const err = await loadRawInput(inTmp('flipped.tar.gz', gz)).catch((e) => e);
    expect(err).toBeInstanceOf(InputError);
    expect(err.message).toMatch(/flipped\.tar\.gz: (corrupt gzip data|not gzip data|the gzip data is cut short) \(/);
  });

  it('a gzip of something that is not a tar names the bad header', async () => {
    const file = inTmp('text.tar.gz', gzipSync(Buffer.from('hello\n'.repeat(200))));
    await expect(loadRawInput(file)).rejects.toThrow(
      `${file}: not a tar archive inside the gzip: corrupt tar header at byte 0 (its checksum does not match). Make the archive again with tar -czf.`,
    );
  });

  it('a tar cut inside a member (gzip intact) is refused, naming the member', async () => {
    const file = inTmp('short.tar.gz', gzipSync(tar.subarray(0, 512 + 1000)));
    await expect(loadRawInput(file)).rejects.toThrow(`${file}: the archive ends inside "run/sb.o.a": it is truncated.`);
  });

  it('a .gz raw file that is not gzip, or is truncated, names the file in the input', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gzraw-'));
    mkdirSync(join(dir, 'run'));
    writeFileSync(join(dir, 'run', 'sb.o.a.gz'), 'plain text');
    writeFileSync(join(dir, 'run', 'sb.o.b.gz'), gzipSync(Buffer.alloc(5000, 65)).subarray(0, 30));
    const tree = await loadRawInput(dir);
    // A harvester re-roots paths at its run directory; the message still names the file in the input.
    const [a, b] = tree.entries.map((e) => ({ ...e, path: e.path.slice('run/'.length) }));
    expect(() => entryText(a!)).toThrow(
      'run/sb.o.a.gz: not gzip data, though its name says so (incorrect header check). Copy the file again',
    );
    expect(() => entryText(b!)).toThrow('run/sb.o.b.gz: the gzip data is cut short (unexpected end of file)');
    expect(() => entryText(b!)).toThrow(InputError);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { entryText, loadRawInput, maxRawBytes, parseSize } from '../../../../collectors/lib/raw-tree.ts';
import { writeTar } from '../../../../collectors/lib/tar.ts';

afterEach(() => {
  delete process.env.BENCHSITE_MAX_RAW;
});

describe('the bound of one raw input', () => {
  it('is 2 GiB unless BENCHSITE_MAX_RAW says otherwise', () => {
    expect(maxRawBytes()).toBe(2 * 1024 ** 3);
    process.env.BENCHSITE_MAX_RAW = '4G';
    expect(maxRawBytes()).toBe(4 * 1024 ** 3);
    expect(parseSize('512M')).toBe(512 * 1024 ** 2);
    expect(parseSize('100000')).toBe(100000);
    process.env.BENCHSITE_MAX_RAW = 'lots';
    expect(() => maxRawBytes()).toThrow(
      'BENCHSITE_MAX_RAW=lots is not a size. Write it as bytes or with K, M, G, e.g. 4G.',
    );
  });

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
    await expect(loadRawInput(file)).rejects.toThrow(`${file}: cannot be unpacked (incorrect header check)`);
  });
});

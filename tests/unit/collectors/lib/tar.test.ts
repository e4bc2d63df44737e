import { describe, expect, it } from 'vitest';
import { concatBytes } from '../../../../collectors/lib/concat-bytes.ts';
import { readTar, TarReader, tarChunks, tarPieces, writeTar } from '../../../../collectors/lib/tar.ts';

const enc = new TextEncoder();

describe('tar', () => {
  const entries = [
    { path: 'a.txt', data: enc.encode('hello\n') },
    { path: `deep/${'d'.repeat(120)}/file`, data: enc.encode('long path with prefix') },
    { path: 'x'.repeat(130), data: enc.encode('needs a pax header') },
    { path: 'empty', data: new Uint8Array() },
  ];

  it('round-trips, long names included', () => {
    expect(readTar(writeTar(entries)).map((e) => [e.path, new TextDecoder().decode(e.data)])).toEqual(
      entries.map((e) => [e.path, new TextDecoder().decode(e.data)]),
    );
  });

  it('cuts the same bytes into pieces of at most one size, a small tar into one, for compressing in parallel', () => {
    const whole = writeTar(entries);
    for (const size of [1, 100, 512, 700, 4096, whole.length, whole.length + 1]) {
      const chunks = [...tarChunks(entries, size)];
      expect(Buffer.concat(chunks).equals(Buffer.from(whole)), `size ${size}`).toBe(true);
      expect(
        chunks.every((c) => c.length > 0 && c.length <= size),
        `size ${size}`,
      ).toBe(true);
      if (size >= whole.length) expect(chunks).toHaveLength(1);
    }
  });

  it("cuts a large file's bytes into views of them, never into a piece with other bytes", () => {
    const big = { path: 'big', data: new Uint8Array(10_000).fill(0x61) };
    const list = [...entries, big];
    const chunks = [...tarChunks(list, 4096)];
    expect(Buffer.concat(chunks).equals(Buffer.from(writeTar(list)))).toBe(true);
    const views = chunks.filter((c) => c.buffer === big.data.buffer);
    expect(views.map((c) => c.length)).toEqual([4096, 4096, 1808]);
  });

  it('gives each piece as its parts, views of the files rather than copies', () => {
    const big = { path: 'big', data: new Uint8Array(10_000).fill(0x61) };
    const list = [...entries, big];
    for (const size of [700, 4096, 1 << 20]) {
      const pieces = [...tarPieces(list, size)];
      expect(pieces.map((p) => concatBytes(p))).toEqual([...tarChunks(list, size)]);
      expect(pieces.every((p) => p.reduce((n, x) => n + x.length, 0) <= size)).toBe(true);
    }
    const parts = [...tarPieces(list, 1 << 20)].flat();
    for (const e of list) if (e.data.length) expect(parts.some((p) => p.buffer === e.data.buffer)).toBe(true);
  });

  it('reads a tar that arrives in pieces of any size as it reads the whole', () => {
    const whole = writeTar(entries);
    for (const size of [1, 7, 512, 1000]) {
      const reader = new TarReader();
      for (let i = 0; i < whole.length; i += size) reader.push(whole.subarray(i, i + size));
      expect(reader.end()).toEqual(readTar(whole));
    }
  });

  it("hears each file's declared size before keeping its bytes, so a size limit can refuse it", () => {
    const reader = new TarReader((path, size) => {
      if (size > 10) throw new Error(`${path}: ${size} bytes is too many`);
    });
    expect(() => reader.push(writeTar(entries))).toThrow(`deep/${'d'.repeat(120)}/file: 21 bytes is too many`);
  });

  it('is byte-for-byte reproducible', () => {
    expect(writeTar(entries)).toEqual(writeTar(entries));
  });
});

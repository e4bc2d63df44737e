import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import * as zlib from 'node:zlib';
import { redactRawFile } from '../../../../collectors/lib/redact-file.ts';
import { isInputError } from '../../../../collectors/lib/input-error.ts';
import { readTar, writeTar } from '../../../../collectors/lib/tar.ts';
import { archiveFiles } from '../../../helpers/fixtures.ts';
import { jobsDbWithSecret } from '../../../helpers/planted-secrets.ts';

const S = 'Fq8-s3cr3t';
const text = (b: Uint8Array) => Buffer.from(b).toString('latin1');
const LOG = 'sysbench/x.pg1518.cy1.pk1/logfile';

describe('redactRawFile: every file, at any offset, inside compressed files and archives', () => {
  const real = Buffer.from(archiveFiles('realruns/sysbench.tar.gz').get(LOG)!);
  const planted = Buffer.concat([real, Buffer.from(`LOG:  statement: ALTER ROLE root PASSWORD '${S}';\n`)]);
  const redacted = `${real.toString('latin1')}LOG:  statement: ALTER ROLE root PASSWORD '***';\n`;

  it('a text file over 4 MiB, with the password far beyond its first 64 KiB', () => {
    const big = Buffer.concat([...Array(600).fill(real), planted]);
    expect(big.length).toBeGreaterThan(5 << 20);
    const out = redactRawFile('logfile', big)!;
    expect(text(out)).not.toContain(S);
    expect(out.length).toBe(big.length - S.length + 3);
    expect(
      Buffer.from(out)
        .subarray(0, big.length - planted.length)
        .equals(big.subarray(0, big.length - planted.length)),
    ).toBe(true);
  });

  it('a listing and a long line across the places where a large file is cut into pieces', () => {
    // ps -ef rows under one header, hundreds of KB of them; then a line of 200 KB whose last word is a password
    // (a piece that began inside it would have left that word as it is).
    const head = 'UID          PID    PPID  C STIME TTY          TIME CMD';
    const row = (pid: number) =>
      `root   ${String(pid).padStart(6)}       1  0 01:27 ?        00:00:01 /usr/bin/daemon --token=T${pid}`;
    const rows = Array.from({ length: 5000 }, (_, i) => row(i + 100));
    const long = `mysql --password ${'x'.repeat(200_000)}${S}`;
    const file = Buffer.from(`${head}\n${rows.join('\n')}\n\n${long}\n`, 'latin1');
    const out = text(redactRawFile('ps.log', file)!).split('\n');
    expect(out[0]).toBe(head);
    expect(out.slice(1, 5001)).toEqual(rows.map((r) => r.replace(/\/usr\/bin\/daemon .*/, 'daemon')));
    expect(out[5002]).toBe('mysql --password ***');
  });

  it('a gzip file: decompressed, redacted, compressed again; left as it is when nothing changes', () => {
    const out = redactRawFile('logfile.gz', gzipSync(planted))!;
    expect(text(gunzipSync(out))).toBe(redacted);
    expect(redactRawFile('logfile.gz', gzipSync(real))).toBeUndefined();
    // A gzip file cut short: what it has is checked.
    const cut = gzipSync(Buffer.concat([planted, Buffer.from(randomBytes(50_000).toString('hex'))])).subarray(0, -5000);
    expect(text(gunzipSync(redactRawFile('logfile.gz', cut)!))).not.toContain(S);
  });

  it('a zstd file', () => {
    const z = zlib as unknown as {
      zstdCompressSync?: (b: Buffer) => Buffer;
      zstdDecompressSync: (b: Uint8Array) => Buffer;
    };
    expect(z.zstdCompressSync, 'Node 24 has zstd').toBeDefined();
    const out = redactRawFile('logfile.zst', z.zstdCompressSync!(planted))!;
    expect(text(z.zstdDecompressSync(out))).toBe(redacted);
  });

  it('a tar file inside a gzip file, with a gzip file inside it', () => {
    const tar = writeTar([
      { path: 'a/logfile', data: planted },
      { path: 'a/notes.gz', data: gzipSync(`mysql -p${S}\n`) },
      { path: 'a/clean', data: Buffer.from('nothing\n') },
    ]);
    const members = readTar(gunzipSync(redactRawFile('old.tar.gz', gzipSync(tar))!));
    expect(members.map((m) => m.path)).toEqual(['a/logfile', 'a/notes.gz', 'a/clean']);
    expect(text(members[0]!.data)).toBe(redacted);
    expect(text(gunzipSync(members[1]!.data))).toBe('mysql -p***\n');
    expect(text(members[2]!.data)).toBe('nothing\n');
  });

  it('an SQLite database: every text value, and no freed page keeps the old one', () => {
    const db = jobsDbWithSecret(archiveFiles('realruns/hammerdb.tar.gz').get('hammerdb/tmpdir/hammer.DB')!, S);
    const out = redactRawFile('hammer.DB', db)!;
    expect(Buffer.from(out).includes(S)).toBe(false);
    expect(redactRawFile('hammer.DB', out)).toBeUndefined();
  });

  it('refuses, naming the file, what it cannot check', () => {
    const corrupt = gzipSync(planted);
    corrupt[corrupt.length >> 1] = corrupt[corrupt.length >> 1]! ^ 0xff;
    const nested = (n: number): Buffer => (n === 0 ? planted : gzipSync(nested(n - 1)));
    for (const [name, data] of [
      ['o.top.gz', corrupt],
      ['deep.gz', nested(6)],
      ['x.DB', Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(200, 7)])],
    ] as const) {
      let error: unknown;
      try {
        redactRawFile(name, data);
      } catch (e) {
        error = e;
      }
      expect(isInputError(error), String(error)).toBe(true);
      expect((error as Error).message).toMatch(
        new RegExp(`^${name.replace('.', '\\.')}: cannot be checked for passwords`),
      );
    }
  });
});

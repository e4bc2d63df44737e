// Planting passwords in copies of real inputs, and finding them again in whatever benchsite wrote: every file
// under a folder, every member of every archive in it, members that are archives or compressed files opened
// in turn, searched byte for byte (an SQLite file holds its text as it is).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, gunzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { readTar, TarReader } from '../../collectors/lib/tar.ts';
import { loadSqlite } from '../../collectors/lib/sqlite.ts';
import { ROOT } from './build-site.ts';

/** A real run of tests/fixtures/realruns (`sysbench`, `hammerdb`, `ibench`) unpacked into `dir`: its folder there. */
export function unpackRealRun(name: string, dir: string): string {
  for (const m of readTar(gunzipSync(readFileSync(join(ROOT, 'tests/fixtures/realruns', `${name}.tar.gz`))))) {
    mkdirSync(join(dir, m.path, '..'), { recursive: true });
    writeFileSync(join(dir, m.path), m.data);
  }
  return join(dir, name);
}

/** A line of `ps aux` as the harness saves it, for `command` run by `user`. */
export const psLine = (user: string, pid: number, command: string) =>
  `${user.padEnd(8)} ${String(pid).padStart(5)}  0.0  0.0   4360  3072 ?        S    01:39   0:00 ${command}`;

/** Replace `from` (which must be there) with `to` in a file. */
export function plant(file: string, from: string | RegExp, to: string): void {
  const text = readFileSync(file, 'latin1');
  const changed = text.replace(from, to);
  expect(changed, `${file}: ${from}`).not.toBe(text);
  writeFileSync(file, changed, 'latin1');
}

/**
 * A copy of a HammerDB jobs database whose jobdicts hold `secret` as every password, one output line holds it,
 * and a deleted row held it (so it is still in a freed cell, as in a database HammerDB has used for a while).
 */
export function jobsDbWithSecret(bytes: Uint8Array, secret: string): Uint8Array {
  const { DatabaseSync } = loadSqlite();
  const dir = mkdtempSync(join(tmpdir(), 'benchsite-plant-'));
  try {
    const file = join(dir, 'hammer.DB');
    writeFileSync(file, bytes);
    const db = new DatabaseSync(file);
    db.prepare(
      "UPDATE JOBMAIN SET jobdict = replace(replace(jobdict, 'pass *** ', 'pass ' || ? || ' '), 'pass ***}', 'pass ' || ? || '}')",
    ).run(secret, secret);
    const job = (db.prepare('SELECT jobid FROM JOBMAIN LIMIT 1').get() as { jobid: string }).jobid;
    db.prepare('INSERT INTO JOBOUTPUT(jobid, vu, output) VALUES (?, 1, ?)').run(
      job,
      `Changed tpcc:pg_pass from tpcc to ${secret} for PostgreSQL`,
    );
    db.prepare('INSERT INTO JOBOUTPUT(jobid, vu, output) VALUES (?, 1, ?)').run(job, `deleted ${secret}`);
    db.prepare('DELETE FROM JOBOUTPUT WHERE output = ?').run(`deleted ${secret}`);
    db.close();
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A file's bytes, and for an archive or compressed file its members' too, named `<file>:<member>`. */
function* opened(name: string, bytes: Buffer, depth = 0): Generator<{ name: string; bytes: Buffer }> {
  yield { name, bytes };
  if (depth > 4) return;
  // Damaged files (fixtures of bad input) are searched as far as they can be read.
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    let inner: Buffer | undefined;
    try {
      inner = gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH });
    } catch {
      inner = undefined;
    }
    if (inner) yield* opened(`${name}:gunzip`, inner, depth + 1);
  } else if (bytes.length >= 1024 && bytes.toString('latin1', 257, 262) === 'ustar') {
    const reader = new TarReader();
    try {
      reader.push(bytes);
    } catch {
      // a header that fails its checksum: the members before it are searched
    }
    for (const m of reader.end())
      yield* opened(`${name}:${m.path}`, Buffer.from(m.data.buffer, m.data.byteOffset, m.data.length), depth + 1);
  }
}

/** A file, and when it is an archive or compressed file its members (members of members too). */
export function fileAndMembers(path: string): Generator<{ name: string; bytes: Buffer }> {
  return opened(path, readFileSync(path));
}

/** Every file below `dir`, archives and compressed files opened (members of members too). */
export function* everyFile(dir: string): Generator<{ name: string; bytes: Buffer }> {
  for (const f of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (f.isFile()) yield* fileAndMembers(join(f.parentPath, f.name));
}

/** Where `needle` shows in any file below `dir` (archives opened), with what is around it. */
export function leaks(dir: string, needle: string | RegExp): string[] {
  const out: string[] = [];
  const re = typeof needle === 'string' ? new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g') : needle;
  for (const f of everyFile(dir)) {
    const text = f.bytes.toString('latin1');
    for (const m of text.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`)))
      out.push(`${f.name}: ${JSON.stringify(text.slice(Math.max(0, m.index - 60), m.index + 40))}`);
  }
  return out;
}

// HammerDB's jobs database (`hammer.DB`, SQLite) -> its rows as plain objects. The only module of the HammerDB
// harvester that touches a native library; everything it returns is parsed by the pure `parse-jobs-db.ts`.
//
// node:sqlite is built into Node 22.13+ and 23.4+ (Node 22.12 needs --experimental-sqlite, which
// bin/benchsite.js passes there). It is loaded on first use, and its ExperimentalWarning (printed by some
// Node versions) is kept off the command's output.
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError } from '../../collectors/lib/input-error.ts';

type Sqlite = typeof import('node:sqlite');
type Row = Record<string, unknown>;

/** The tables of the jobs database that the harvester reads; a table the file lacks is empty. */
export interface JobsDbRows {
  main: Row[];
  output: Row[];
  tcount: Row[];
  timing: Row[];
  metric: Row[];
  system: Row[];
}

let sqlite: Sqlite | undefined;

export function loadSqlite(): Sqlite {
  if (sqlite) return sqlite;
  const emit = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (/SQLite/i.test(text)) return;
    return (emit as (...a: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    sqlite = createRequire(import.meta.url)('node:sqlite') as Sqlite;
  } catch (e) {
    throw new Error(
      `reading HammerDB's hammer.DB needs Node's built-in SQLite (Node >= 22.13, or 22.12 with --experimental-sqlite): ${(e as Error).message}`,
    );
  } finally {
    process.emitWarning = emit;
  }
  return sqlite;
}

const TABLES: Record<keyof JobsDbRows, string> = {
  main: 'JOBMAIN',
  output: 'JOBOUTPUT',
  tcount: 'JOBTCOUNT',
  timing: 'JOBTIMING',
  metric: 'JOBMETRIC',
  system: 'JOBSYSTEM',
};

/** Read the job tables of a hammer.DB given as bytes. Throws with `name` in the message when it is not SQLite. */
export function readJobsDb(bytes: Uint8Array, name: string): JobsDbRows {
  const { DatabaseSync } = loadSqlite();
  let db: InstanceType<Sqlite['DatabaseSync']>;
  let tmp: string | undefined;
  if (typeof (DatabaseSync.prototype as { deserialize?: unknown }).deserialize === 'function') {
    db = new DatabaseSync(':memory:');
    (db as unknown as { deserialize(b: Uint8Array): void }).deserialize(bytes);
  } else {
    // Node versions before deserialize() (added in 2026): open a private copy read-only.
    tmp = mkdtempSync(join(tmpdir(), 'benchsite-hammerdb-'));
    writeFileSync(join(tmp, 'hammer.DB'), bytes);
    db = new DatabaseSync(join(tmp, 'hammer.DB'), { readOnly: true });
  }
  try {
    const present = new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Row[]).map((r) => String(r.name)),
    );
    const rows = {} as JobsDbRows;
    for (const [key, table] of Object.entries(TABLES) as Array<[keyof JobsDbRows, string]>) {
      // rowid keeps the order HammerDB wrote the rows in (output lines, counter samples).
      rows[key] = present.has(table)
        ? (db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all() as Row[]).map((r) => ({ ...r }))
        : [];
    }
    return rows;
  } catch (e) {
    throw new InputError(
      `${name}: not a HammerDB jobs database (${(e as Error).message}). Leave it out, or give the hammer.DB that HammerDB wrote.`,
    );
  } finally {
    db.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
}

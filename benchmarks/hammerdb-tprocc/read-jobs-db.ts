// HammerDB's jobs database (`hammer.DB`, SQLite) -> its rows as plain objects. The only module of the HammerDB
// harvester that touches a native library (Node's SQLite, collectors/lib/sqlite.ts); everything it returns is
// parsed by the pure `parse-jobs-db.ts`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError } from '../../collectors/lib/input-error.ts';
import { loadSqlite, type Sqlite } from '../../collectors/lib/sqlite.ts';

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

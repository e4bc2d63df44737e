// HammerDB keeps every job's settings in its jobs database (JOBMAIN.jobdict), passwords included. The copy kept
// with the raw files has them blanked, and the file rewritten (VACUUM) so no old page still holds them.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSqlite } from './read-jobs-db.ts';

/** A Tcl dict word: braced (nested braces and escapes allowed) or bare (backslash escapes allowed). */
const TCL_WORD = String.raw`(?:\{(?:[^{}\\]|\\.|\{(?:[^{}\\]|\\.)*\})*\}|(?:\\.|[^\s\\{}])+)`;
const PASSWORD_SETTING = new RegExp(String.raw`(^|[\s{])(\w*pass\w*)(\s+)${TCL_WORD}`, 'gi');

/** `tpcc {pg_pass secret ...}` -> `tpcc {pg_pass *** ...}`: every key with `pass` in its name. Pure. */
export function blankPasswords(jobdict: string): string {
  return jobdict.replace(PASSWORD_SETTING, '$1$2$3***');
}

/** The jobs database with every job's passwords blanked. Throws with `name` when it is not SQLite. */
export function blankJobsDbCredentials(bytes: Uint8Array, name: string): Uint8Array {
  const { DatabaseSync } = loadSqlite();
  const dir = mkdtempSync(join(tmpdir(), 'benchsite-jobsdb-'));
  try {
    const file = join(dir, 'hammer.DB');
    writeFileSync(file, bytes);
    const db = new DatabaseSync(file);
    try {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'JOBMAIN'").all();
      if (tables.length) {
        const update = db.prepare('UPDATE JOBMAIN SET jobdict = ? WHERE rowid = ?');
        for (const row of db.prepare('SELECT rowid AS id, jobdict FROM JOBMAIN').all() as Array<{
          id: number;
          jobdict: unknown;
        }>) {
          if (typeof row.jobdict === 'string') update.run(blankPasswords(row.jobdict), row.id);
        }
      }
      db.exec('VACUUM');
    } catch (e) {
      throw new Error(`${name}: not a HammerDB jobs database (${(e as Error).message})`);
    } finally {
      db.close();
    }
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// An SQLite database among the raw files (HammerDB's hammer.DB keeps every job's settings, passwords included, in
// JOBMAIN.jobdict, and its output lines in JOBOUTPUT): every text value of every table redacted as a line of
// text is (redact-text.ts), then the file rebuilt (VACUUM) so that no free page or freed cell still holds an old
// value. The rebuilt file's counters are set to 1, so that redacting it again gives the same bytes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSqlite } from './sqlite.ts';
import { redactRawText } from './redact-text.ts';

/** The first 16 bytes of every SQLite 3 database file. */
const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

export function isSqlite(bytes: Uint8Array): boolean {
  return bytes.length >= 100 && Buffer.from(bytes.buffer, bytes.byteOffset, 16).equals(SQLITE_MAGIC);
}

const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The database with its text redacted and rebuilt, or undefined when that gives the same bytes. Throws (with
 * SQLite's reason) when the file cannot be opened or rewritten as a database.
 */
export function redactSqlite(bytes: Uint8Array): Uint8Array | undefined {
  const { DatabaseSync } = loadSqlite();
  const dir = mkdtempSync(join(tmpdir(), 'benchsite-redact-'));
  try {
    const file = join(dir, 'db');
    writeFileSync(file, bytes);
    const db = new DatabaseSync(file);
    try {
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
        .all() as Array<{ name: string }>;
      db.exec('BEGIN');
      for (const { name } of tables) {
        const table = quoteName(name);
        const columns = (db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((c) => c.name);
        const update = new Map(
          columns.map((c) => [c, db.prepare(`UPDATE ${table} SET ${quoteName(c)} = ? WHERE rowid = ?`)]),
        );
        let rows: Array<Record<string, unknown>>;
        try {
          rows = db.prepare(`SELECT rowid AS "benchsite rowid", * FROM ${table}`).all() as typeof rows;
        } catch {
          continue; // a table without rowid: HammerDB makes none, and its values cannot be addressed one by one
        }
        for (const row of rows)
          for (const c of columns) {
            const v = row[c];
            if (typeof v !== 'string') continue;
            const shown = redactRawText(v);
            if (shown !== v) update.get(c)!.run(shown, row['benchsite rowid'] as number);
          }
      }
      db.exec('COMMIT');
      db.exec('VACUUM');
    } finally {
      db.close();
    }
    const out = readFileSync(file);
    // Counters VACUUM advances: the file change counter and the version-valid-for number (the same value, so
    // the header stays valid) and the schema cookie. Fixed, so that redacting the output again gives its bytes.
    for (const at of [24, 40, 92]) out.writeUInt32BE(1, at);
    return Buffer.from(bytes).equals(out) ? undefined : out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

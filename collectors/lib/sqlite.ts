// Node's built-in SQLite (node:sqlite), for SQLite databases among raw files (HammerDB's hammer.DB is one): read by a
// benchmark's harvester, redacted by redact-sqlite.ts.
//
// node:sqlite is built into Node 22.13+ and 23.4+ (Node 22.12 needs --experimental-sqlite, which
// bin/benchsite.js passes there). It is loaded on first use, and its ExperimentalWarning (printed by some
// Node versions) is kept off the command's output.
import { createRequire } from 'node:module';

export type Sqlite = typeof import('node:sqlite');

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
      `reading an SQLite database among the raw files needs Node's built-in SQLite (Node >= 22.13, or 22.12 with --experimental-sqlite): ${(e as Error).message}`,
      { cause: e },
    );
  } finally {
    process.emitWarning = emit;
  }
  return sqlite;
}

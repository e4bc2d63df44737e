// HammerDB keeps every job's settings in its jobs database (JOBMAIN.jobdict), passwords included. The copy kept
// with the raw files has them blanked, as every raw file that goes into an archive is (lib/redact-sqlite.ts:
// every text value of every table redacted, the file rebuilt so no old page still holds them).
import { redactTclDicts } from '../../collectors/lib/redact-text.ts';
import { redactSqlite } from '../../collectors/lib/redact-sqlite.ts';

/** `tpcc {pg_pass secret ...}` -> `tpcc {pg_pass *** ...}`: every key named like a secret, at any depth. Pure. */
export function blankPasswords(jobdict: string): string {
  return redactTclDicts(jobdict);
}

/** The jobs database with every job's passwords blanked. Throws with `name` when it is not SQLite. */
export function blankJobsDbCredentials(bytes: Uint8Array, name: string): Uint8Array {
  try {
    return redactSqlite(bytes) ?? bytes;
  } catch (e) {
    throw new Error(`${name}: not a HammerDB jobs database (${(e as Error).message})`, { cause: e });
  }
}

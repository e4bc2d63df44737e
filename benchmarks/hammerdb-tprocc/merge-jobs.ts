// The same HammerDB job is often seen several times: in the CLI output, in the jobs database, in a jobs JSON
// dump. Merge them so that each job becomes one test. Pure.
//
// Jobs with the same id are the same. A job without an id (CLI output never prints one in `auto` mode) is the
// same as another when both have the same TEST RESULT (NOPM, TPM and active VUs: a collision is as good as
// impossible); a build or a failed run without an id joins a job with an id only when exactly one fits.
import type { HammerdbJob } from './job.ts';

/** HammerDB names the DBMS differently in different places (`MSSQLServer` in settings, `SQL Server` in results). */
export function databaseFamily(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const n = name.toLowerCase().replace(/\s+/g, '');
  return n === 'mssqlserver' || n === 'sqlserver' ? 'mssql' : n === 'pg' ? 'postgresql' : n;
}

/** Both name the same DBMS, or one names none (MariaDB runs HammerDB's MySQL workload too). */
export function sameFamily(a: string | undefined, b: string | undefined): boolean {
  const fa = databaseFamily(a);
  const fb = databaseFamily(b);
  return !fa || !fb || fa === fb || (MY.has(fa) && MY.has(fb));
}
const MY = new Set(['mysql', 'mariadb']);

const hasRunEvidence = (j: HammerdbJob) => !!j.result || j.tpm.length > 0 || !!j.timing;

/** Fold `from` into `into` (what `into` already says wins; lists are joined). */
export function mergeJob(into: HammerdbJob, from: HammerdbJob): void {
  into.kind =
    hasRunEvidence(into) || hasRunEvidence(from)
      ? 'run'
      : into.kind === 'build' || from.kind === 'build'
        ? 'build'
        : 'run';
  for (const s of from.sources) if (!into.sources.includes(s)) into.sources.push(s);
  into.jobid ??= from.jobid;
  into.database ??= from.database;
  into.dbVersion ??= from.dbVersion;
  into.hammerdbVersion ??= from.hammerdbVersion;
  into.startedAt ??= from.startedAt;
  into.settings = { ...from.settings, ...into.settings };
  into.warehouses ??= from.warehouses;
  into.rampupMinutes ??= from.rampupMinutes;
  into.durationMinutes ??= from.durationMinutes;
  into.requestedVirtualUsers ??= from.requestedVirtualUsers;
  into.createdStoredProcedures ??= from.createdStoredProcedures;
  if (!into.result || (into.result.activeVirtualUsers === undefined && from.result?.activeVirtualUsers !== undefined))
    into.result = from.result ?? into.result;
  for (const e of from.errors) if (!into.errors.includes(e)) into.errors.push(e);
  into.procedureErrors = Math.max(into.procedureErrors, from.procedureErrors);
  into.finishedFailed ||= from.finishedFailed;
  into.complete ||= from.complete;
  // Prefer the counter series with timestamps, then the longer one.
  const stamped = (j: HammerdbJob) => j.tpm.filter((p) => p.at).length;
  if (stamped(from) > stamped(into) || (stamped(from) === stamped(into) && from.tpm.length > into.tpm.length)) {
    into.tpm = from.tpm;
    into.tpmIntervalSeconds = from.tpmIntervalSeconds ?? into.tpmIntervalSeconds;
  }
  into.tpmIntervalSeconds ??= from.tpmIntervalSeconds;
  into.timing ??= from.timing;
  into.cpu ??= from.cpu;
  into.system ??= from.system;
  into.activeWindow ??= from.activeWindow;
  for (const f of from.logFiles) if (!into.logFiles.includes(f)) into.logFiles.push(f);
}

export function sameResult(a: HammerdbJob, b: HammerdbJob): boolean {
  const x = a.result;
  const y = b.result;
  if (!x || !y || x.nopm !== y.nopm || x.tpm !== y.tpm) return false;
  if (
    x.activeVirtualUsers !== undefined &&
    y.activeVirtualUsers !== undefined &&
    x.activeVirtualUsers !== y.activeVirtualUsers
  )
    return false;
  return compatible(a, b);
}

function compatible(a: HammerdbJob, b: HammerdbJob): boolean {
  if (!sameFamily(a.database ?? a.result?.dbLabel, b.database ?? b.result?.dbLabel)) return false;
  if (a.dbVersion && b.dbVersion && a.dbVersion !== b.dbVersion) return false;
  if (a.jobid && b.jobid && a.jobid !== b.jobid) return false;
  return true;
}

/** A build or failed run without an id: the one job with an id that can be it. */
function uniqueCandidate(job: HammerdbJob, jobs: HammerdbJob[]): HammerdbJob | undefined {
  const fits = jobs.filter((o) => {
    if (o === job || !o.jobid || o.result || o.kind !== job.kind || !compatible(job, o)) return false;
    if (job.warehouses !== undefined && o.warehouses !== undefined && job.warehouses !== o.warehouses) return false;
    return job.finishedFailed === o.finishedFailed;
  });
  return fits.length === 1 ? fits[0] : undefined;
}

/**
 * Merge every job that is the same job; the order of first appearance is kept. Two TEST RESULT lines of one file
 * taken as one result (a paste quoting the same line twice) get a note in `notes`, `<file>: line N ...`.
 */
export function mergeSameJobs(input: HammerdbJob[], notes: string[] = []): HammerdbJob[] {
  const out: HammerdbJob[] = [];
  for (const job of input) {
    const same = out.find((o) => (job.jobid && o.jobid === job.jobid) || sameResult(o, job));
    if (!same) {
      out.push(job);
      continue;
    }
    const [a, b] = [same.result?.lineNo, job.result?.lineNo];
    if (a !== undefined && b !== undefined && a !== b && same.sources[0] === job.sources[0])
      notes.push(
        `${job.sources[0]}: line ${b} repeats the TEST RESULT of line ${a} (same NOPM, TPM and virtual users): taken as one result`,
      );
    mergeJob(same, job);
  }
  // Builds and failed runs without an id, into the one job with an id they can be.
  for (const job of [...out]) {
    if (job.jobid || job.result) continue;
    const target = uniqueCandidate(job, out);
    if (!target) continue;
    mergeJob(target, job);
    // The merged job keeps the earlier of the two places.
    const i = out.indexOf(job);
    const j = out.indexOf(target);
    if (i < j) {
      out.splice(j, 1);
      out.splice(i, 1, target);
    } else {
      out.splice(i, 1);
    }
  }
  return out;
}

// Every job of the HammerDB files in a tree, each once, with the logs it wrote joined to it. Pure.
//
// The CLI output names the log files a job writes (`Logging activated to .../hammerdb_<id>.log`, `Transaction
// Counter logging activated to ...`, `Writing timing data to .../hdbxtprofile.log`). A VU log joins the job
// that names it; a counter log the job whose counter printed the same values (or the one job naming it); a
// time-profile report the run its time or unique name proves it is of (profile-match.ts). What fits nothing is
// a note.
import { fileName } from '../../collectors/lib/raw-tree.ts';
import type { HammerdbJob, TpmPoint } from './job.ts';
import { databaseFamily, mergeJob, mergeSameJobs, sameResult } from './merge-jobs.ts';
import { matchProfile, nextStarts, reportClock } from './profile-match.ts';
import type { Source } from './read-sources.ts';

const addSource = (job: HammerdbJob, path: string) => {
  if (!job.sources.includes(path)) job.sources.push(path);
};

/** VU logs into the jobs that name them, then every job merged with its other copies. */
function jobsWithVuLogs(sources: Source[], notes: string[]): HammerdbJob[] {
  const direct = mergeSameJobs(
    sources.filter((s) => s.kind !== 'VU log').flatMap((s) => s.jobs),
    notes,
  );
  const pool = [...direct];
  for (const s of sources.filter((x) => x.kind === 'VU log')) {
    const name = fileName(s.entry.path);
    const refs = direct.filter((d) => d.logFiles.includes(name));
    for (const j of s.jobs) {
      const target =
        refs.find((d) => sameResult(d, j)) ?? (refs.length === 1 && s.jobs.length === 1 ? refs[0] : undefined);
      if (target) mergeJob(target, j);
      else pool.push(j);
    }
  }
  return mergeSameJobs(pool, notes);
}

const sameValues = (a: TpmPoint[], b: TpmPoint[]) =>
  a.length === b.length && a.length > 0 && a.every((p, i) => p.tpm === b[i]!.tpm);

function attachCounterLogs(jobs: HammerdbJob[], sources: Source[], notes: string[]): void {
  const runs = jobs.filter((j) => j.kind === 'run');
  for (const s of sources) {
    if (!s.tcount) continue;
    const name = fileName(s.entry.path);
    const refs = runs.filter((j) => j.logFiles.includes(name));
    for (const seg of s.tcount) {
      const target =
        (refs.length ? refs : runs).find((j) => sameValues(j.tpm, seg.points)) ??
        (refs.length === 1 && s.tcount.length === 1 ? refs[0] : undefined);
      if (!target) {
        notes.push(
          `${s.entry.path}: transaction counter log of ${seg.points.length} samples${seg.startedAt ? ` from ${seg.startedAt}` : ''} matches no run in the input; kept out of the runs`,
        );
        continue;
      }
      addSource(target, s.entry.path);
      target.database ??= seg.database;
      if (seg.points.length && !target.tpm.some((p) => p.at)) target.tpm = seg.points;
    }
  }
}

/** Time-profile reports into the runs they are proven to be of (profile-match.ts); the rest kept apart, noted. */
function attachTimeProfiles(jobs: HammerdbJob[], sources: Source[], notes: string[]): void {
  const runs = jobs.filter((j) => j.kind === 'run' && j.result);
  const next = nextStarts(jobs);
  const taken = new Set<HammerdbJob>();
  for (const s of sources) {
    if (!s.xtprof) continue;
    const name = fileName(s.entry.path);
    const named = new Set(runs.filter((j) => j.logFiles.includes(name)));
    for (const r of s.xtprof) {
      const candidates = runs.filter(
        (j) =>
          !taken.has(j) &&
          (!r.database || databaseFamily(r.database) === databaseFamily(j.database ?? j.result?.dbLabel)) &&
          (j.result?.activeVirtualUsers ?? j.requestedVirtualUsers) === r.activeVirtualUsers,
      );
      const clock = reportClock(r, name);
      const m = matchProfile(r, clock, candidates, next, named, /_[0-9A-F]{24}\.log$/.test(name));
      const what = `time profile report${r.at ? ` of ${r.at}` : ''} (${r.database ?? 'unknown DBMS'}, ${r.activeVirtualUsers} active VUs)`;
      if ('why' in m) {
        notes.push(`${s.entry.path}: ${what} is kept out of the runs: ${m.why}`);
        // The run it could have been says so too, so that its reader knows why it has no response times.
        for (const j of candidates.filter((c) => named.has(c) || candidates.length === 1))
          notes.push(`${j.sources[0]}: the ${what} in ${s.entry.path} is not attached to this run: ${m.why}`);
        continue;
      }
      taken.add(m.job);
      addSource(m.job, s.entry.path);
      const perVu = Object.values(r.perVu);
      m.job.timing ??= r.summary ?? (perVu.length === 1 ? perVu[0] : undefined);
    }
  }
}

/** Every job once, logs joined; `notes` gets what could not be joined. */
export function combineSources(sources: Source[], notes: string[]): HammerdbJob[] {
  for (const s of sources) notes.push(...(s.notes ?? []).map((n) => `${s.entry.path}: ${n}`));
  const jobs = jobsWithVuLogs(sources, notes);
  attachCounterLogs(jobs, sources, notes);
  attachTimeProfiles(jobs, sources, notes);
  return jobs;
}

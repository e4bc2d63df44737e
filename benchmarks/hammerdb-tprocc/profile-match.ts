// Which timed run a time-profile report (`hdbxtprofile*.log`, however renamed) belongs to. Pure.
//
// A report says little about its run: the DBMS, the active VU count, when it was written (its banner, local time;
// a unique log name `hdbxtprofile_<GUID>.log` whose first 8 hex digits are the Unix seconds it was named at, as
// HammerDB's job ids are of the job's start). Many runs share a DBMS and a VU count, so a report joins a run only
// when the time says so (written as the run ended: start + rampup + duration, before the timing gather timed
// out), or when the run printed the report's unique file name; and never when its new-order count disagrees
// with the run's NOPM. What fits no run, or more than one, is kept apart with the reason.
import { setting, type HammerdbJob } from './job.ts';
import type { XtprofReport } from './parse-logs.ts';

/** `YYYY-MM-DD HH:MM:SS` as seconds, for differences on one clock only. */
const seconds = (at: string | undefined) => (at ? Date.parse(`${at.replace(' ', 'T')}Z`) / 1000 : NaN);
/** Unix seconds in a HammerDB GUID (job id or unique log name): its first 8 hex digits are `clock seconds`. */
export const guidSeconds = (guid: string | undefined) =>
  guid && /^[0-9A-F]{24}$/.test(guid) ? parseInt(guid.slice(0, 8), 16) : NaN;

/** The report's time on two clocks: local (its banner) and Unix (its unique file name, or a UTC banner). */
export function reportClock(r: XtprofReport, fileName: string): { local: number; unix: number } {
  const local = seconds(r.at);
  const guid = guidSeconds(/_([0-9A-F]{24})\.log$/.exec(fileName)?.[1]);
  return { local, unix: Number.isFinite(guid) ? guid : /^(UTC|GMT)$/.test(r.zone ?? '') ? local : NaN };
}

/** The job's start on the same two clocks: `startedAt` (local, from the jobs database or a log) and its job id. */
const jobClock = (j: HammerdbJob) => ({ local: seconds(j.startedAt), unix: guidSeconds(j.jobid) });

const int = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined);
/** Rampup + duration in minutes, when the files give both. */
function testMinutes(j: HammerdbJob): number | undefined {
  const r = j.rampupMinutes ?? int(setting(j, 'rampup'));
  const d = j.durationMinutes ?? int(setting(j, 'duration'));
  return r !== undefined && d !== undefined ? r + d : undefined;
}

/** The report is written after the test period; the timing gather waits at most 10 minutes by default. */
const EARLY_S = 60;
const LATE_S = 30 * 60;

type TimeFit = 'fits' | 'contradicts' | 'unknown';

/**
 * Whether a report written at `at` (seconds on one clock) can be the report of a job started at `start` on the
 * same clock: as the test ended when its length is known, else before the next job of the input started.
 */
function fitOnClock(at: number, start: number, minutes: number | undefined, next: number): TimeFit {
  if (!Number.isFinite(at) || !Number.isFinite(start)) return 'unknown';
  if (minutes !== undefined) {
    const end = start + minutes * 60;
    return at >= end - EARLY_S && at <= end + LATE_S ? 'fits' : 'contradicts';
  }
  if (at < start || at > next) return 'contradicts';
  return Number.isFinite(next) ? 'fits' : 'unknown';
}

type Clock = 'local' | 'unix';

/** For each job, when the next job of the input started, on each clock (sorted once: inputs can hold many jobs). */
export function nextStarts(jobs: HammerdbJob[]): (job: HammerdbJob, clock: Clock) => number {
  const sorted = {
    local: jobs
      .map((j) => jobClock(j).local)
      .filter(Number.isFinite)
      .sort((a, b) => a - b),
    unix: jobs
      .map((j) => jobClock(j).unix)
      .filter(Number.isFinite)
      .sort((a, b) => a - b),
  };
  return (job, clock) => {
    const t = jobClock(job)[clock];
    const list = sorted[clock];
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]! <= t) lo = mid + 1;
      else hi = mid;
    }
    return Number.isFinite(t) && lo < list.length ? list[lo]! : NaN;
  };
}

/** Each clock the report and the job share is a witness: one against is against, one for (and none against) fits. */
function timeFit(
  r: { local: number; unix: number },
  job: HammerdbJob,
  next: (job: HammerdbJob, clock: Clock) => number,
): TimeFit {
  const mine = jobClock(job);
  const fits = (['local', 'unix'] as const).map((clock) =>
    fitOnClock(r[clock], mine[clock], testMinutes(job), next(job, clock)),
  );
  return fits.includes('contradicts') ? 'contradicts' : fits.includes('fits') ? 'fits' : 'unknown';
}

/**
 * New orders per minute the report counted (NEWORD calls of its VUs over their median elapsed time, which
 * includes rampup), or undefined when it does not say.
 */
function reportNewOrderRate(r: XtprofReport): number | undefined {
  const perVu = Object.values(r.perVu).map((t) => t.NEWORD?.calls);
  const calls = perVu.length && perVu.every((c) => c !== undefined) ? perVu.reduce((a, b) => a! + b!, 0) : undefined;
  const minutes = (r.medianElapsedMs ?? 0) / 60_000;
  const total = calls ?? r.summary?.NEWORD?.calls;
  return total !== undefined && minutes > 0 ? total / minutes : undefined;
}

/**
 * Bounds of the report's new-order rate over the run's NOPM: rampup (in the elapsed time, often slower) pulls
 * it down, VUs that did not report (`Timing Data Incomplete`) too; HammerDB 4.12's summary counts every call
 * twice (it is used when the report has no per-VU blocks).
 */
const RATE_LOW = 1 / 3;
const RATE_HIGH = 2.5;

/** Why the report's new-order count cannot be the run's, or undefined when it can (or does not say). */
export function rateDisagreement(r: XtprofReport, nopm: number | undefined): string | undefined {
  const rate = reportNewOrderRate(r);
  if (rate === undefined || nopm === undefined || nopm <= 0) return undefined;
  const ratio = rate / nopm;
  if (ratio >= RATE_LOW && ratio <= RATE_HIGH) return undefined;
  const mins = ((r.medianElapsedMs ?? 0) / 60_000).toFixed(1);
  return `its ${Math.round(rate * Number(mins))} new orders in ${mins} minutes (${Math.round(rate)} per minute) cannot be a run of ${nopm} NOPM`;
}

export type ProfileMatch = { job: HammerdbJob; how: string } | { why: string };

/**
 * The run of `candidates` (same DBMS and active VUs, not yet given a report) that a report belongs to, or why
 * none. `named`: the runs that printed the report's file name; `unique`: that name is HammerDB's unique one.
 */
export function matchProfile(
  r: XtprofReport,
  clock: { local: number; unix: number },
  candidates: HammerdbJob[],
  next: (job: HammerdbJob, clock: Clock) => number,
  named: Set<HammerdbJob>,
  unique: boolean,
): ProfileMatch {
  if (!candidates.length) return { why: 'no run of the same DBMS and active virtual users' };
  const fit = new Map(candidates.map((j) => [j, timeFit(clock, j, next)]));
  const byTime = candidates.filter((j) => fit.get(j) === 'fits');
  const namedByTime = byTime.filter((j) => named.has(j));
  const byName = unique ? candidates.filter((j) => named.has(j) && fit.get(j) !== 'contradicts') : [];
  const pick =
    byTime.length === 1
      ? { job: byTime[0]!, how: 'its time' }
      : namedByTime.length === 1
        ? { job: namedByTime[0]!, how: 'its time and file name' }
        : byTime.length === 0 && byName.length === 1
          ? { job: byName[0]!, how: 'its unique file name, which the run printed' }
          : undefined;
  if (!pick) {
    if (byTime.length > 1) return { why: `its time fits ${byTime.length} runs of the same DBMS and virtual users` };
    const against = candidates.filter((j) => fit.get(j) === 'contradicts').length;
    return {
      why:
        `no run's job id or time matches it (${candidates.length} run(s) of the same DBMS and virtual users` +
        (against ? `, ${against} of them at another time)` : ', none with a time to compare)'),
    };
  }
  const disagree = rateDisagreement(r, pick.job.result?.nopm);
  return disagree ? { why: disagree } : pick;
}

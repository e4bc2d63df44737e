// Merged jobs of one run -> its tests, result rows and series. Pure.
//
// A timed run is a test named `vu<N>.w<W>` (active virtual users, warehouses), a schema build `build.w<W>`.
// When a run measured the same point with stored procedures on and off, the names end in `.sp1` / `.sp0`;
// a point measured twice gets `.2`, `.3`. A run without a TEST RESULT line is kept as a failed test with what
// the output said.
import type { ResultRow, Series, Test } from '../../src/schemas/index.ts';
import { setting, type HammerdbJob, type TimingByProc } from './job.ts';
import { HAMMERDB_METRICS } from './vocabulary.ts';

export interface JobTest {
  job: HammerdbJob;
  test: Test;
  results: ResultRow[];
  series: Series[];
}

/** Facts the raw files may lack, from `--meta` or the mytools directory name. */
export interface JobDefaults {
  warehouses?: number;
  virtualUsers?: number;
  rampupMinutes?: number;
  durationMinutes?: number;
  storedProcedures?: boolean;
  partitioned?: boolean;
}

const bool = (v: string | undefined) =>
  v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : undefined;
const int = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined);
/** A count or length that must be above 0 to be real: 0 (a damaged setting) stays unknown. */
const positive = (n: number | undefined) => (n !== undefined && n > 0 ? n : undefined);

/** Stored procedures: `pg_storedprocs true`, or `*_no_stored_procs false` (MySQL, MariaDB). */
function storedProceduresOf(job: HammerdbJob): boolean | undefined {
  const sp = bool(setting(job, 'storedprocs'));
  if (sp !== undefined) return sp;
  const no = bool(setting(job, 'no_stored_procs'));
  if (no !== undefined) return !no;
  return job.kind === 'build' ? job.createdStoredProcedures : undefined;
}

/** What a test was run with: its params. */
function jobParams(job: HammerdbJob, d: JobDefaults): Record<string, string | number | boolean> {
  const p: Record<string, string | number | boolean | undefined> = {
    virtualUsers:
      job.kind === 'run'
        ? (job.result?.activeVirtualUsers ?? job.requestedVirtualUsers ?? d.virtualUsers)
        : int(setting(job, 'num_vu')),
    warehouses: job.warehouses ?? int(setting(job, 'count_ware')) ?? d.warehouses,
    storedProcedures: storedProceduresOf(job) ?? d.storedProcedures,
    partitioned: bool(setting(job, 'partition')) ?? d.partitioned,
  };
  if (job.kind === 'run') {
    p.rampupMinutes = job.rampupMinutes ?? int(setting(job, 'rampup')) ?? d.rampupMinutes;
    p.durationMinutes = positive(job.durationMinutes ?? int(setting(job, 'duration')) ?? d.durationMinutes);
    p.allWarehouses = bool(setting(job, 'allwarehouse'));
    p.timeProfile = bool(setting(job, 'timeprofile'));
    p.driver = setting(job, 'driver');
  }
  p.jobid = job.jobid;
  return Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) as Record<
    string,
    string | number | boolean
  >;
}

/** Why a job failed, quoted from the output; undefined when it succeeded. */
function failureOf(job: HammerdbJob): string | undefined {
  // New orders are one of the five TPROC-C transactions: a result with more of them than transactions in all
  // was edited or damaged.
  if (job.kind === 'run' && job.result && job.result.nopm > job.result.tpm)
    return `the TEST RESULT line disagrees with itself: ${job.result.nopm} NOPM is more than its ${job.result.tpm} TPM (new orders are one of the five transaction types)`;
  if (job.kind === 'run' && job.result) return undefined;
  if (job.kind === 'build' && job.complete && !job.finishedFailed) return undefined;
  const parts: string[] = [];
  if (job.kind === 'run') parts.push('no TEST RESULT line');
  const quoted = job.errors.filter((e) => !/FINISHED FAILED/.test(e));
  if (quoted.length)
    parts.push(`"${quoted[0]}"${quoted.length > 1 ? ` and ${quoted.length - 1} more error line(s)` : ''}`);
  if (job.procedureErrors > 1)
    parts.push(
      `${job.procedureErrors} lines reported a failed transaction ("... Procedure Error set RAISEERROR for Details")`,
    );
  if (job.finishedFailed) parts.push('a virtual user finished FAILED');
  else if (!job.complete)
    parts.push(
      job.kind === 'build'
        ? 'the output ends before the schema build completed'
        : 'the output ends before the test completed (stopped or killed)',
    );
  return parts.join('; ');
}

/** `YYYY-MM-DD HH:MM:SS` as seconds, for differences only (the zone is unknown and does not matter). */
const seconds = (at: string) => Date.parse(`${at.replace(' ', 'T')}Z`) / 1000;

/** The transaction counter as a series: seconds from the first sample, tpm, and whether the sample is in the measured window. */
function tpmSeries(job: HammerdbJob, rampupMinutes?: number, durationMinutes?: number): Series | undefined {
  const pts = job.tpm;
  if (pts.length === 0) return undefined;
  const stamped = pts.every((p) => p.at && Number.isFinite(seconds(p.at)));
  const t0 = stamped ? seconds(pts[0]!.at!) : 0;
  const step = job.tpmIntervalSeconds;
  const t = (i: number) => (stamped ? seconds(pts[i]!.at!) - t0 : step ? i * step : undefined);
  if (t(0) === undefined) {
    return {
      name: 'tpm',
      columns: [
        { name: 'sample', unit: 'count' },
        { name: 'tpm', unit: 'transactions/min' },
      ],
      rows: pts.map((p, i) => [i, p.tpm]),
    };
  }
  // Measured window: the v6 artifact says it; else rampup .. rampup + duration after the counter started.
  let inWindow: ((i: number) => number) | undefined;
  if (job.activeWindow && stamped) {
    const a = seconds(job.activeWindow.start) - t0;
    const b = seconds(job.activeWindow.end) - t0;
    inWindow = (i) => (t(i)! >= a && t(i)! <= b ? 1 : 0);
  } else if (rampupMinutes !== undefined && durationMinutes !== undefined) {
    inWindow = (i) => (t(i)! > rampupMinutes * 60 && t(i)! <= (rampupMinutes + durationMinutes) * 60 ? 1 : 0);
  }
  return {
    name: 'tpm',
    intervalSeconds: !stamped && step ? step : undefined,
    columns: [
      { name: 't', unit: 's' },
      { name: 'tpm', unit: 'transactions/min' },
      ...(inWindow ? [{ name: 'measured', unit: '1 = in the measured window' }] : []),
    ],
    rows: pts.map((p, i) => [t(i)!, p.tpm, ...(inWindow ? [inWindow(i)] : [])]),
  };
}

/** CPU of HammerDB's metrics agent as a series (v6 artifacts, JOBMETRIC). */
function cpuSeries(job: HammerdbJob): Series | undefined {
  const c = job.cpu;
  if (!c?.length) return undefined;
  const stamped = c.every((p) => p.at && Number.isFinite(seconds(p.at)));
  const t0 = stamped ? seconds(c[0]!.at!) : 0;
  return {
    name: 'cpu',
    columns: [
      { name: stamped ? 't' : 'sample', unit: stamped ? 's' : 'count' },
      { name: 'usr', unit: '%' },
      { name: 'sys', unit: '%' },
      { name: 'idle', unit: '%' },
    ],
    rows: c.map((p, i) => [stamped ? seconds(p.at!) - t0 : i, p.usr, p.sys, p.idle ?? null]),
  };
}

const TIMING_METRICS = [
  ['calls', 'calls', 'calls'],
  ['avgMs', 'avg_ms', 'ms'],
  ['p50Ms', 'p50_ms', 'ms'],
  ['p95Ms', 'p95_ms', 'ms'],
  ['p99Ms', 'p99_ms', 'ms'],
  ['maxMs', 'max_ms', 'ms'],
] as const;

/** `neword_p95_ms`, `payment_calls` ...: one row per transaction type and statistic. */
function timingRows(test: string, timing: TimingByProc): ResultRow[] {
  const rows: ResultRow[] = [];
  for (const [proc, t] of Object.entries(timing)) {
    for (const [key, suffix, unit] of TIMING_METRICS) {
      const v = t[key];
      if (v !== undefined && Number.isFinite(v))
        rows.push({ test, metric: `${proc.toLowerCase()}_${suffix}`, value: v, unit });
    }
  }
  return rows;
}

/** NOPM and TPM of a TEST RESULT line. TPM is the DBMS's own commit count: not comparable across DBMS. */
function resultRows(test: string, job: HammerdbJob): ResultRow[] {
  // A result that disagrees with itself is not published (failureOf says why).
  if (!job.result || job.result.nopm > job.result.tpm) return [];
  return [
    { test, metric: 'nopm', value: job.result.nopm, unit: HAMMERDB_METRICS.nopm },
    { test, metric: 'tpm', value: job.result.tpm, unit: HAMMERDB_METRICS.tpm },
  ];
}

/** Tests of a run's jobs, in the order given. */
export function jobTests(jobs: HammerdbJob[], d: JobDefaults): JobTest[] {
  const params = jobs.map((j) => jobParams(j, d));
  const point = (p: Record<string, unknown>, j: HammerdbJob) =>
    j.kind === 'build'
      ? `build${p.warehouses !== undefined ? `.w${p.warehouses}` : ''}`
      : // Virtual users not in the files (elided lines): the test is `run`, not a made-up count.
        `${p.virtualUsers !== undefined ? `vu${p.virtualUsers}` : 'run'}${p.warehouses !== undefined ? `.w${p.warehouses}` : ''}`;
  // `.sp0` / `.sp1` only where the same point ran both ways.
  const spByPoint = new Map<string, Set<unknown>>();
  jobs.forEach((j, i) => {
    const k = point(params[i]!, j);
    spByPoint.set(k, (spByPoint.get(k) ?? new Set()).add(params[i]!.storedProcedures));
  });
  const used = new Map<string, number>();
  return jobs.map((job, i) => {
    const p = params[i]!;
    let name = point(p, job);
    if ((spByPoint.get(name)?.size ?? 0) > 1 && p.storedProcedures !== undefined)
      name += p.storedProcedures ? '.sp1' : '.sp0';
    const n = (used.get(name) ?? 0) + 1;
    used.set(name, n);
    if (n > 1) name += `.${n}`;
    const error = failureOf(job);
    const series = [
      tpmSeries(job, p.rampupMinutes as number | undefined, p.durationMinutes as number | undefined),
      cpuSeries(job),
    ].filter((s): s is Series => !!s);
    const test: Test = {
      name,
      status: error ? 'failed' : 'ok',
      error,
      params: p,
      rawFiles: [...job.sources],
      series: series.length ? series.map((s) => s.name) : undefined,
    };
    const results = [...resultRows(name, job), ...(job.timing && !error ? timingRows(name, job.timing) : [])];
    return { job, test, results, series };
  });
}

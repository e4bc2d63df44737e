// The rows of HammerDB's jobs database (docs/formats/hammerdb.md 3.5) -> jobs. Pure: `read-jobs-db.ts` does the reading.
// JOBMAIN has one row per job (its settings as a Tcl dict); JOBOUTPUT the VU output lines; JOBTCOUNT the
// transaction counter; JOBTIMING the time profile (`summary = 1` rows are the all-VU summary); JOBMETRIC and
// JOBSYSTEM what the metrics agent saw (empty unless it ran).
import { emptyJob, isSafeSetting, type HammerdbJob, type TimingByProc } from './job.ts';
import { outputPairsToText, parseCliOutput } from './parse-cli-output.ts';
import { timingFromRow } from './parse-jobs-json.ts';
import type { JobsDbRows } from './read-jobs-db.ts';

/** Words of a Tcl list; a braced word loses its outer braces (`a {b c} d` -> `a`, `b c`, `d`). */
export function tclList(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (i >= text.length) break;
    if (text[i] === '{') {
      let depth = 1;
      const start = ++i;
      while (i < text.length && depth > 0) {
        if (text[i] === '\\') i++;
        else if (text[i] === '{') depth++;
        else if (text[i] === '}') depth--;
        i++;
      }
      out.push(text.slice(start, i - 1));
    } else {
      const start = i;
      while (i < text.length && !/\s/.test(text[i]!)) i += text[i] === '\\' ? 2 : 1;
      out.push(text.slice(start, i));
    }
  }
  return out;
}

/** The `tpcc` section of a job dict, credentials left out. */
export function tpccSettings(jobdict: string): Record<string, string> {
  const top = tclList(jobdict);
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < top.length; i += 2) {
    if (top[i] !== 'tpcc') continue;
    const inner = tclList(top[i + 1]!);
    for (let j = 0; j + 1 < inner.length; j += 2) if (isSafeSetting(inner[j]!)) out[inner[j]!] = inner[j + 1]!;
  }
  return out;
}

const byJob = <T extends Record<string, unknown>>(rows: T[]) => {
  const m = new Map<string, T[]>();
  for (const r of rows) {
    const id = String(r.jobid);
    m.set(id, [...(m.get(id) ?? []), r]);
  }
  return m;
};

/** Every TPROC-C job in the database; `source` is the database file's path. TPROC-H jobs are left out. */
export function parseJobsDb(rows: JobsDbRows, source: string): HammerdbJob[] {
  const output = byJob(rows.output);
  const tcount = byJob(rows.tcount);
  const timing = byJob(rows.timing);
  const metric = byJob(rows.metric);
  const system = new Map(rows.system.map((r) => [String(r.jobid), r]));
  const jobs: HammerdbJob[] = [];
  for (const main of rows.main) {
    if (main.bm !== undefined && !/TPC-?C|TPROC-?C/i.test(String(main.bm))) continue;
    const id = String(main.jobid);
    const lines = (output.get(id) ?? []).map((r) => ({ vu: Number(r.vu), output: String(r.output) }));
    const job = parseCliOutput(outputPairsToText(lines), source).jobs[0] ?? emptyJob('run', source);
    job.sources = [source];
    job.jobid = id;
    job.database = String(main.db ?? '') || job.database;
    job.startedAt = main.timestamp ? String(main.timestamp) : undefined;
    job.settings = { ...tpccSettings(String(main.jobdict ?? '')), ...job.settings };
    const tc = tcount.get(id) ?? [];
    if (tc.length) {
      job.kind = 'run';
      job.tpm = tc.map((r) => ({ at: String(r.timestamp), tpm: Number(r.counter) }));
    }
    const summary = (timing.get(id) ?? []).filter((r) => Number(r.summary) === 1);
    if (summary.length) {
      job.kind = 'run';
      const t: TimingByProc = {};
      for (const r of summary) t[String(r.procname)] = timingFromRow(r);
      job.timing = t;
    }
    const cpu = metric.get(id) ?? [];
    if (cpu.length)
      job.cpu = cpu.map((r) => ({
        at: String(r.timestamp),
        usr: Number(r.usr),
        sys: Number(r.sys),
        idle: Number(r.idle),
      }));
    const sys = system.get(id);
    if (sys)
      job.system = {
        hostname: sys.hostname ? String(sys.hostname) : undefined,
        cpuModel: sys.cpumodel ? String(sys.cpumodel) : undefined,
        cpus: Number(sys.cpucount) || undefined,
      };
    jobs.push(job);
  }
  return jobs;
}

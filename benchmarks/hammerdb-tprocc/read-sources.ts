// Which raw files are HammerDB output, and what each holds. Pure except for the jobs database, which goes
// through `read-jobs-db.ts`.
import { entryText, fileName, type RawEntry } from '../../collectors/lib/raw-tree.ts';
import type { HammerdbJob } from './job.ts';
import { parseCliOutput } from './parse-cli-output.ts';
import { parseJobsDb } from './parse-jobs-db.ts';
import { parseJobsJson } from './parse-jobs-json.ts';
import { parseTcountLog, parseVuLog, parseXtprofLog, type TcountLogRun, type XtprofReport } from './parse-logs.ts';
import { isV6Artifact, parseV6Artifact } from './parse-v6-artifact.ts';
import { readJobsDb } from './read-jobs-db.ts';

export interface Source {
  entry: RawEntry;
  /** What the file is, for messages. */
  kind:
    | 'hammerdbcli output'
    | 'jobs JSON'
    | 'jobs database'
    | 'v6 result artifact'
    | 'VU log'
    | 'transaction counter log'
    | 'time profile log'
    | 'job id';
  /** Jobs the file describes by itself (CLI output, jobs JSON, the jobs database, a v6 artifact, a VU log). */
  jobs: HammerdbJob[];
  tcount?: TcountLogRun[];
  xtprof?: XtprofReport[];
  /** Job ids the file names. */
  jobIds: string[];
  /** What the reader should know about lines of the file that gave nothing (`line N: ...`). */
  notes?: string[];
}

const SQLITE = new TextEncoder().encode('SQLite format 3\0');
const JOBID = /\b[0-9A-F]{24}\b/g;

function isSqlite(data: Uint8Array): boolean {
  return data.length >= SQLITE.length && SQLITE.every((b, i) => data[i] === b);
}

/**
 * What a raw file holds, or a reason it is not HammerDB output. A jobs database that cannot be read is not
 * HammerDB output either; the reason says why, so the file is listed as skipped rather than lost silently.
 */
export function readSource(entry: RawEntry): Source | { skip: string } {
  if (isSqlite(entry.data)) {
    try {
      const jobs = parseJobsDb(readJobsDb(entry.data, entry.path), entry.path);
      return { entry, kind: 'jobs database', jobs, jobIds: jobs.map((j) => j.jobid!).filter(Boolean) };
    } catch (e) {
      return { skip: (e as Error).message };
    }
  }
  const text = entryText(entry);
  if (text.includes('\0')) return { skip: 'binary file' };
  const ids = () => [...new Set(text.match(JOBID) ?? [])];
  if (/^\s*\{/.test(text) && /"schema"\s*:\s*"hammerdb-job-report-v1"/.test(text)) {
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (e) {
      return {
        skip: `looks like a HammerDB v6 result artifact but is not valid JSON (${(e as Error).message}); it was not harvested`,
      };
    }
    if (isV6Artifact(doc)) {
      try {
        return { entry, kind: 'v6 result artifact', jobs: [parseV6Artifact(doc, entry.path)], jobIds: ids() };
      } catch (e) {
        return { skip: (e as Error).message };
      }
    }
  }
  if (/^Hammerdb Transaction Counter Log @/im.test(text))
    return { entry, kind: 'transaction counter log', jobs: [], tcount: parseTcountLog(text), jobIds: [] };
  if (/^\S+ Hammerdb Time Profile Report @/im.test(text))
    return { entry, kind: 'time profile log', jobs: [], xtprof: parseXtprofLog(text), jobIds: [] };
  if (/^Hammerdb Log @/im.test(text)) {
    const notes: string[] = [];
    const jobs = parseVuLog(text).flatMap((run) => {
      const cli = parseCliOutput(run.text, entry.path);
      notes.push(...cli.notes.map((n) => `${n} (the log's run of ${run.startedAt ?? 'unknown date'})`));
      return cli.jobs.map((j) => {
        j.startedAt ??= run.startedAt;
        return j;
      });
    });
    return { entry, kind: 'VU log', jobs, jobIds: ids(), notes };
  }
  const cli = parseCliOutput(text, entry.path);
  const json = parseJobsJson(text, entry.path);
  if (cli.jobs.length || json.length)
    return {
      entry,
      kind: json.length && !cli.jobs.length ? 'jobs JSON' : 'hammerdbcli output',
      jobs: [...cli.jobs, ...json],
      jobIds: ids(),
      notes: cli.notes,
    };
  if (/Benchmark Run jobid=|HammerDB CLI v/.test(text) && ids().length)
    return { entry, kind: 'job id', jobs: [], jobIds: ids() };
  return {
    skip: cli.recognised
      ? 'HammerDB output without a build or a timed run'
      : `not HammerDB output (${fileName(entry.path)})`,
  };
}

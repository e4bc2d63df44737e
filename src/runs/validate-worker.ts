// A worker thread of the content loader: reads a run.json, validates it with RunSchema (as `benchsite validate`
// does: validate-run-folder.ts) and summarizes it. The loader runs one per CPU, so 10,000 runs are validated on
// every core instead of one.
import { shownText } from './problems.ts';
import { readContentFileSync } from './validate-files.ts';
import { checkRunJsonFile } from './validate-run-folder.ts';
import { summarizeRun } from './run-summary.ts';
import { serveJobs } from './worker-pool.ts';

export interface ValidateJob {
  file: string;
  id: string;
  /** The file's stamp (astro-loader.ts), stored as the entry's digest. */
  stamp: string;
}

export interface ValidateResult {
  id: string;
  file: string;
  stamp: string;
  /**
   * The run's summary (run-summary.ts) as base64 of its JSON, as the collection keeps it (astro-loader.ts):
   * made here, on the worker, and a string crosses to the main thread far cheaper than the objects.
   */
  summary?: string;
  problems: string[];
}

// Read with plain system calls and one job at a time: through the thread pool, with a batch of runs at once,
// each run.json took an open, a stat, reads and a close as round trips, and the batch's files sat in memory.
export async function validateJob(job: ValidateJob): Promise<ValidateResult> {
  const read = readContentFileSync(job.file);
  const checked = checkRunJsonFile(job.file, job.id, read);
  return {
    ...job,
    // The stamp of the bytes validated (the file may have changed since the loader stat'ed it): the pages parse
    // a run without checking it again only when they read those bytes (runForSite).
    stamp: 'stamp' in read ? `${job.stamp.slice(0, job.stamp.indexOf(':') + 1)}${read.stamp}` : job.stamp,
    summary: checked.run ? Buffer.from(JSON.stringify(summarizeRun(checked.run))).toString('base64') : undefined,
    problems: checked.problems.map(shownText),
  };
}

serveJobs(validateJob, { oneAtATime: true });

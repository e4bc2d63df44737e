// One run.json read, validated with RunSchema (as `benchsite validate` does: validate-run-folder.ts) and
// summarized: what the site build does with every run first (site/run-store.ts, on its worker threads) and the
// rebuild without Astro with each changed run.
import { shownText } from './problems.ts';
import { readContentFileSync } from './validate-files.ts';
import { checkRunJsonFile } from './validate-run-folder.ts';
import { summarizeRun } from './run-summary.ts';

export interface ValidateJob {
  file: string;
  id: string;
}

export interface ValidateResult {
  id: string;
  /**
   * The stamp of the bytes validated (file-stamp.ts; the file may have changed since the build listed it): the
   * pages parse a run without checking it again only when they read those bytes (runForSite).
   */
  stamp: string;
  /**
   * The run's summary (run-summary.ts) as JSON: made here, on the worker, and a string crosses to the main
   * thread far cheaper than the objects.
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
    id: job.id,
    stamp: 'stamp' in read ? read.stamp : '-',
    summary: checked.run ? JSON.stringify(summarizeRun(checked.run)) : undefined,
    problems: checked.problems.map(shownText),
  };
}

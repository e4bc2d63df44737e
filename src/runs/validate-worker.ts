// A worker thread of the content loader: reads a run.json, validates it with RunSchema (as `benchsite validate`
// does: validate-run-folder.ts) and summarizes it. The loader runs one per CPU, so 10,000 runs are validated on
// every core instead of one.
import { shownText } from './problems.ts';
import { checkRunJson } from './validate-run-folder.ts';
import type { RunSummary } from '../schemas/run-summary.ts';
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
  summary?: RunSummary;
  problems: string[];
}

export async function validateJob(job: ValidateJob): Promise<ValidateResult> {
  const checked = await checkRunJson(job.file, job.id);
  return {
    ...job,
    summary: checked.run ? summarizeRun(checked.run) : undefined,
    problems: checked.problems.map(shownText),
  };
}

serveJobs(validateJob);

// A worker thread of the content loader: reads a run.json, and unless its digest is the one the site
// already has, validates it with RunSchema and summarizes it. The loader runs one per CPU, so 10,000 runs
// are validated on every core instead of one.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { validateRunText } from './validate-run.ts';
import { summarizeRun, type RunSummary } from './run-summary.ts';
import { serveJobs } from './worker-pool.ts';

export interface ValidateJob {
  file: string;
  id: string;
  known?: string;
}

export type ValidateResult =
  | { id: string; file: string; digest: string; unchanged: true }
  | { id: string; file: string; digest: string; summary?: RunSummary; problems: string[] };

/** The digest the loader stores: md5 of the file's text (fast; it only detects changes). */
export function digestOf(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

export async function validateJob(job: ValidateJob): Promise<ValidateResult> {
  const text = await readFile(job.file, 'utf8');
  const digest = digestOf(text);
  if (job.known === digest) return { id: job.id, file: job.file, digest, unchanged: true };
  const checked = validateRunText(job.file, text, job.id);
  return { id: job.id, file: job.file, digest, summary: checked.run ? summarizeRun(checked.run) : undefined, problems: checked.problems.map((p) => p.text) };
}

serveJobs(validateJob);

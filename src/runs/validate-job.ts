// One run.json read, validated with RunSchema (as `benchsite validate` does: validate-run-folder.ts) and
// summarized: what the site build does with every run first (site/run-store.ts, on its worker threads) and the
// rebuild without Astro with each changed run.
import { threadId } from 'node:worker_threads';
import { shownText } from './problems.ts';
import { readContentFileSync } from './validate-files.ts';
import { checkRunJsonFile } from './validate-run-folder.ts';
import { summarizeRun } from './run-summary.ts';

export interface ValidateJob {
  file: string;
  id: string;
  /** The build renders the run's page next: keep the run as parsed for it, on this thread (takeParsedRun). */
  keep?: boolean;
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
  /** The thread that validated the run (worker_threads' threadId): the one holding it when it was kept. */
  thread: number;
}

/**
 * Runs kept as parsed by their validation, for their page's render on the same thread (render-page.ts), so a
 * build parses fewer run.json twice. At most KEEP_BYTES of run.json per thread, the rest parsed again rather
 * than held until the render gets to it (every run is validated before any page is rendered): 64 MB raised a
 * 1,000-run build's peak memory by 130 MB for a CPU gain within this machine's noise.
 */
const KEEP_BYTES = 16 * 1024 * 1024;
const kept = new Map<string, { stamp: string; parsed: unknown; bytes: number }>();
let keptBytes = 0;

/** The run `id` as parsed when its validation read the bytes of `stamp`, given once; else undefined. */
export function takeParsedRun(id: string, stamp: string): unknown {
  const k = kept.get(id);
  if (!k) return undefined;
  kept.delete(id);
  keptBytes -= k.bytes;
  return k.stamp === stamp ? k.parsed : undefined;
}

// Read with plain system calls and one job at a time: through the thread pool, with a batch of runs at once,
// each run.json took an open, a stat, reads and a close as round trips, and the batch's files sat in memory.
export async function validateJob(job: ValidateJob): Promise<ValidateResult> {
  const read = readContentFileSync(job.file);
  const checked = checkRunJsonFile(job.file, job.id, read);
  if (job.keep && checked.parsed !== undefined && 'bytes' in read && keptBytes + read.bytes.length <= KEEP_BYTES) {
    takeParsedRun(job.id, read.stamp);
    kept.set(job.id, { stamp: read.stamp, parsed: checked.parsed, bytes: read.bytes.length });
    keptBytes += read.bytes.length;
  }
  return {
    id: job.id,
    stamp: 'stamp' in read ? read.stamp : '-',
    summary: checked.run ? JSON.stringify(summarizeRun(checked.run)) : undefined,
    problems: checked.problems.map(shownText),
    thread: threadId,
  };
}

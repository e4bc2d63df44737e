// What every harvester returns: runs ready to write, and what it saw but did not turn into a run.
import type { Run, SeriesFile } from '../../src/schemas/index.ts';
import type { RawEntry } from './raw-tree.ts';

export interface HarvestedRun {
  run: Run;
  /** Every per-interval series of the run (written as series.json). */
  series: SeriesFile;
  /** Raw files to keep in raw.tar.gz, paths relative to the run's raw directory. */
  raw: RawEntry[];
}

export interface HarvestResult {
  runs: HarvestedRun[];
  /** Files or directories that are not runs (summaries, notes), with why; printed so nothing is lost silently. */
  skipped: Array<{ path: string; reason: string }>;
  /**
   * Files (or run directories) refused as bad input while the rest was harvested: a corrupt gzip, a file that
   * cannot be read. `reason` is the one-line error naming the file; the command exits non-zero.
   */
  refused?: Refusal[];
}

/** A bad file left out of a harvest or import, and the error that names it. */
export interface Refusal {
  path: string;
  reason: string;
}

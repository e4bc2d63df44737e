// The runs a `benchsite run` or `harvest` wrote below a folder, read back as the schema types.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Run, SeriesFile } from '../../src/schemas/index.ts';

/** Every run.json below `dir` (none when it does not exist), in path order, with its folder. */
export function writtenRuns(dir: string): Array<{ dir: string; run: Run }> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((p) => p === 'run.json' || p.endsWith('/run.json'))
    .sort()
    .map((p) => ({ dir: dirname(join(dir, p)), run: JSON.parse(readFileSync(join(dir, p), 'utf8')) as Run }));
}

/** The series.json of a run folder. */
export function writtenSeries(dir: string): SeriesFile {
  return JSON.parse(readFileSync(join(dir, 'series.json'), 'utf8')) as SeriesFile;
}

/** A result's value, undefined when the run has no such (test, metric). */
export function resultValue(run: Run, test: string, metric: string): number | undefined {
  return run.results.find((r) => r.test === test && r.metric === metric)?.value;
}

/** The one run written below `dir`; throws when there is none or more than one. */
export function onlyRun(dir: string): Run {
  const runs = writtenRuns(dir);
  if (runs.length !== 1) throw new Error(`${dir}: ${runs.length} runs written, not 1`);
  return runs[0]!.run;
}

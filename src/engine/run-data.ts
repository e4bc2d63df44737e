// What the engine reads of a run, whatever holds it: a whole run (report pages, `benchsite diff`), a run's
// summary (history) or a row of the compare view's index (the browser). The same questions, so every surface
// gets the same cells from the same numbers.
import type { CompareIndex } from '../analysis/compare-index.ts';
import { noiseMetricNames } from './noise.ts';
import type { Run } from '../schemas/index.ts';
import type { RunSummary } from '../schemas/run-summary.ts';

export interface RunData {
  id: string;
  /** A metric of a test as the run holds it (exact, unrounded); undefined when it has none. */
  value(test: string, metric: string): number | undefined;
  /** Whether the run has the test at all (ran it, failed or not). */
  hasTest(test: string): boolean;
  /** The error of a test that failed in this run. */
  failure(test: string): string | undefined;
  /** The relative value a post printed for a test against the run `baseRun` (published-relative runs only). */
  published(baseRun: string, test: string): number | undefined;
}

const key = (test: string, metric: string) => `${test}\u0000${metric}`;

function publishedOf(tables: Array<{ baseRun: string; values: Map<string, number> }>) {
  return (baseRun: string, test: string) => tables.find((t) => t.baseRun === baseRun)?.values.get(test);
}

/** A whole run. */
export function runData(id: string, run: Run): RunData {
  const values = new Map(run.results.map((r) => [key(r.test, r.metric), r.value]));
  const tests = new Map(run.tests.map((t) => [t.name, t]));
  const tables = (run.relative ?? []).map((t) => ({
    baseRun: t.baseRun,
    values: new Map(t.values.map((v) => [v.test, v.value])),
  }));
  return {
    id,
    value: (test, metric) => values.get(key(test, metric)),
    hasTest: (test) => tests.has(test),
    failure: (test) => {
      const t = tests.get(test);
      return t?.status === 'failed' ? (t.error ?? 'failed') : undefined;
    },
    published: publishedOf(tables),
  };
}

/**
 * The headline numbers of a run as a list of [test, metric, value] with the interval of each ([low, high,
 * batches] or null): what a summary and a compare index hold. Its interval rows answer as the run's would.
 */
function headlineData(
  id: string,
  headline: ReadonlyArray<readonly [string, string, number | null]>,
  noise: ReadonlyArray<readonly [number, number, number] | null | undefined>,
  failed: readonly string[],
  relative: Array<{ baseRun: string; values: Map<string, number> }>,
): RunData {
  const values = new Map<string, number>();
  const tests = new Set<string>(failed);
  headline.forEach(([test, metric, value], k) => {
    tests.add(test);
    if (value === null) return;
    values.set(key(test, metric), value);
    const n = noise[k];
    if (!n) return;
    const names = noiseMetricNames(metric);
    values.set(key(test, names.low), n[0]);
    values.set(key(test, names.high), n[1]);
    values.set(key(test, names.batches), n[2]);
  });
  for (const t of relative) for (const test of t.values.keys()) tests.add(test);
  return {
    id,
    value: (test, metric) => values.get(key(test, metric)),
    hasTest: (test) => tests.has(test),
    failure: (test) => (failed.includes(test) ? 'failed' : undefined),
    published: publishedOf(relative),
  };
}

/** A run's summary (src/runs/run-summary.ts). */
export function summaryData(id: string, s: RunSummary): RunData {
  return headlineData(
    id,
    s.headline,
    s.headlineNoise,
    s.failed,
    (s.relative ?? []).map((t) => ({ baseRun: t.baseRun, values: new Map(t.values) })),
  );
}

/** A run of the compare view's index (src/analysis/compare-index.ts). */
export function compareIndexData(index: CompareIndex, run: CompareIndex['runs'][number]): RunData {
  return headlineData(
    run.id,
    index.tests.map((test, i) => [test, index.metrics[i]!, run.values[i] ?? null] as const),
    run.noise,
    [],
    (run.relative ?? []).map((t) => ({
      baseRun: t.baseRun,
      values: new Map(
        index.tests.flatMap((test, i) =>
          t.values[i] === null || t.values[i] === undefined ? [] : [[test, t.values[i]!]],
        ),
      ),
    })),
  );
}

// Each benchmark's vocabulary (its test names, steps, metrics with units) lives in src/benchmarks/<benchmark>.ts,
// where both the site (src/analysis, src/site) and the collectors (which write these names) import it: src/
// never imports collectors/. This file is what the site asks of a benchmark by its name.
import type { BenchmarkName } from '../schemas/index.ts';
import { hammerdbPrimaryMetric } from './hammerdb-tprocc.ts';
import { insertBenchmarkPrimaryMetric } from './insert-benchmark.ts';
import { sysbenchPrimaryMetric } from './sysbench.ts';

interface Vocabulary {
  /** The metric of a test's headline number (what the posts put in their relative tables), given what it has. */
  primaryMetric(test: string, has: (metric: string) => boolean): string | undefined;
}

export const VOCABULARIES: Record<BenchmarkName, Vocabulary> = {
  sysbench: { primaryMetric: (_test, has) => sysbenchPrimaryMetric(has) },
  'insert-benchmark': { primaryMetric: insertBenchmarkPrimaryMetric },
  'hammerdb-tprocc': { primaryMetric: (_test, has) => hammerdbPrimaryMetric(has) },
};

/** Metric name of a test's headline number, given the metrics the run has for that test. */
export function primaryMetric(
  benchmark: BenchmarkName,
  test: string,
  has: (metric: string) => boolean,
): string | undefined {
  return VOCABULARIES[benchmark].primaryMetric(test, has);
}

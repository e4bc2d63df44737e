// The data of the interactive compare view: per benchmark, every run's facts and its headline number per
// test, as compact arrays (one `tests` list, one value array per run) so 1,000 runs stay small.
import type { BenchmarkName } from '../schemas/index.ts';
import type { RunSummary } from '../runs/run-summary.ts';

export interface CompareIndex {
  benchmark: BenchmarkName;
  tests: string[];
  /** Metric of each test's values (same order as tests). */
  metrics: string[];
  runs: Array<{
    id: string;
    label: string;
    host: string;
    product: string;
    version: string;
    config: string;
    date: string;
    values: Array<number | null>;
  }>;
}

export function compareIndex(benchmark: BenchmarkName, runs: Array<{ id: string; summary: RunSummary }>): CompareIndex {
  const mine = runs.filter((r) => r.summary.benchmark === benchmark);
  const tests: string[] = [];
  const metrics: string[] = [];
  for (const { summary } of mine) {
    for (const [test, metric] of summary.headline) {
      if (tests.includes(test)) continue;
      tests.push(test);
      metrics.push(metric);
    }
  }
  const position = new Map(tests.map((t, i) => [t, i]));
  return {
    benchmark,
    tests,
    metrics,
    runs: mine.map(({ id, summary: s }) => {
      const values: Array<number | null> = tests.map(() => null);
      for (const [test, metric, value] of s.headline) {
        const i = position.get(test)!;
        if (metrics[i] === metric) values[i] = Math.round(value * 100) / 100;
      }
      return {
        id,
        label: s.label,
        host: s.host.name,
        product: s.dbms.product ?? '',
        version: s.dbms.version ?? '',
        config: s.config.name,
        date: s.date,
        values,
      };
    }),
  };
}

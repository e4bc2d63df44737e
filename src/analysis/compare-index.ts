// The data of the interactive compare view: per benchmark, every run's facts and its headline number per
// test, as compact arrays (one `tests` list, one value array per run) so 1,000 runs stay small.
import type { BenchmarkName, Run } from '../schemas/index.ts';
import { primaryMetric } from './primary-metric.ts';

export interface CompareIndex {
  benchmark: BenchmarkName;
  tests: string[];
  /** Metric of each test's values (same order as tests). */
  metrics: string[];
  runs: Array<{ id: string; label: string; host: string; product: string; version: string; config: string; date: string; values: Array<number | null> }>;
}

export function compareIndex(benchmark: BenchmarkName, runs: Array<{ id: string; run: Run }>): CompareIndex {
  const mine = runs.filter((r) => r.run.benchmark === benchmark);
  const tests: string[] = [];
  const metrics: string[] = [];
  for (const { run } of mine) {
    for (const t of run.tests) {
      if (tests.includes(t.name)) continue;
      const m = primaryMetric(benchmark, t.name, (metric) => run.results.some((r) => r.test === t.name && r.metric === metric));
      if (!m) continue;
      tests.push(t.name);
      metrics.push(m);
    }
  }
  return {
    benchmark,
    tests,
    metrics,
    runs: mine.map(({ id, run }) => {
      const byKey = new Map(run.results.map((r) => [`${r.test}\u0000${r.metric}`, r.value]));
      return {
        id,
        label: run.label,
        host: run.host.name,
        product: run.dbms.product ?? '',
        version: run.dbms.version ?? '',
        config: run.config.name,
        date: run.date,
        values: tests.map((t, i) => {
          const v = byKey.get(`${t}\u0000${metrics[i]}`);
          return v === undefined ? null : Math.round(v * 100) / 100;
        }),
      };
    }),
  };
}

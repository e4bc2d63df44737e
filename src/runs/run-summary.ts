// What the site keeps in memory of every run: who, what, when, and each test's headline number. Enough for
// the index, history, compare and diff views; pages that show a whole run read its file (site/runs.ts).
// At 10,000 runs the full files are gigabytes; their summaries are a few megabytes, which Astro reads and
// writes whole on every build: keep them small.
import type { Run } from '../schemas/index.ts';
import type { RunSummary } from '../schemas/run-summary.ts';
import { primaryMetric } from '../../benchmarks/index.ts';
import { comparabilityKey, workloadSize } from '../analysis/comparability.ts';
import { noiseMetricNames } from '../engine/noise.ts';

export function summarizeRun(run: Run): RunSummary {
  // Per test, its values by metric: a map of the rows by `test\0metric` made a string per row of every run.
  const byTest = new Map<string, Map<string, number>>();
  for (const r of run.results) {
    let metrics = byTest.get(r.test);
    if (!metrics) byTest.set(r.test, (metrics = new Map()));
    metrics.set(r.metric, r.value);
  }
  const value = (test: string, metric: string) => byTest.get(test)?.get(metric);
  const headline: RunSummary['headline'] = [];
  for (const t of run.tests) {
    const m = primaryMetric(run.benchmark, t.name, (metric) => byTest.get(t.name)?.has(metric) === true);
    if (m) headline.push([t.name, m, value(t.name, m)!]);
  }
  return {
    benchmark: run.benchmark,
    label: run.label,
    date: run.date,
    host: { name: run.host.name, description: run.host.description },
    dbms: run.dbms,
    config: { name: run.config.name, description: run.config.description },
    source: run.provenance.source,
    testCount: run.tests.length,
    failed: run.tests.filter((t) => t.status === 'failed').map((t) => t.name),
    workloadSize: workloadSize(run.workload, run.label),
    comparable: comparabilityKey(run),
    headlineNoise: headline.map(([test, metric]): [number, number, number] | null => {
      const n = noiseMetricNames(metric);
      const low = value(test, n.low);
      const high = value(test, n.high);
      const batches = value(test, n.batches);
      return low === undefined || high === undefined || batches === undefined ? null : [low, high, batches];
    }),
    headline,
    relative: run.relative?.map((t) => ({
      base: t.base,
      baseRun: t.baseRun,
      values: t.values.map((v): [string, number] => [v.test, v.value]),
    })),
  };
}

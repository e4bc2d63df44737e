// The data of the interactive compare view: per benchmark, every run's facts and its headline number per
// test, as compact arrays (one `tests` list, one value array per run) so 1,000 runs stay small. A
// published-relative run has no headline numbers (null): its values relative to each of its bases are in
// `relative`, for the view to show against that base only.
import type { BenchmarkName, ProvenanceSourceName } from '../schemas/index.ts';
import type { RunSummary } from '../schemas/run-summary.ts';
import type { GroupDescriptor, MetricDescriptor } from '../engine/descriptor.ts';
import { descriptorOf } from '../../benchmarks/index.ts';

/**
 * What the view needs of the benchmark's descriptor, as data: the browser compares the index's runs with the
 * engine alone, and never loads a benchmark's code.
 */
interface CompareDescriptor {
  relativeName: string;
  metrics: Record<string, MetricDescriptor>;
  groups: GroupDescriptor[];
  /** Per test (same order as tests): its group, or null for a test no table shows (a table load). */
  group: Array<string | null>;
  /** Per test: a warm-up the posts leave out. */
  warmup: boolean[];
}

export interface CompareIndex {
  benchmark: BenchmarkName;
  descriptor: CompareDescriptor;
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
    /** Where the run's numbers come from (provenance.source). */
    source: ProvenanceSourceName;
    values: Array<number | null>;
    /** Per test, the value's exported 95 % interval [low, high, batches] (engine/noise.ts), or null. */
    noise: Array<[number, number, number] | null>;
    /** The values the comparability gates compare (comparabilityKey): the view flags runs the base fails. */
    comparable: Record<string, string>;
    /** Published-relative runs: values relative to the run `baseRun`, as printed (same order as tests). */
    relative?: Array<{ base: string; baseRun: string; values: Array<number | null> }>;
  }>;
}

export function compareIndex(benchmark: BenchmarkName, runs: Array<{ id: string; summary: RunSummary }>): CompareIndex {
  const mine = runs.filter((r) => r.summary.benchmark === benchmark);
  const tests: string[] = [];
  const metrics: string[] = [];
  // Each test's position, found in a map: a list search per run and test grew with the square of the tests.
  const position = new Map<string, number>();
  const add = (test: string, metric: string) => {
    if (position.has(test)) return;
    position.set(test, tests.length);
    tests.push(test);
    metrics.push(metric);
  };
  for (const { summary } of mine) for (const [test, metric] of summary.headline) add(test, metric);
  for (const { summary } of mine)
    for (const t of summary.relative ?? []) for (const [test] of t.values) add(test, 'relative');
  const d = descriptorOf(benchmark);
  return {
    benchmark,
    descriptor: {
      relativeName: d.relativeName,
      metrics: d.metrics,
      groups: d.groups,
      group: tests.map((t) => d.groupOf(t) ?? null),
      warmup: tests.map((t) => d.isWarmup(t)),
    },
    tests,
    metrics,
    runs: mine.map(({ id, summary: s }) => {
      const values: Array<number | null> = tests.map(() => null);
      const noise: Array<[number, number, number] | null> = tests.map(() => null);
      s.headline.forEach(([test, metric, value], k) => {
        const i = position.get(test)!;
        if (metrics[i] !== metric) return;
        // Exact, as the run holds it: the view's cells are the engine's, the same as a report's for these runs.
        values[i] = value;
        noise[i] = s.headlineNoise[k] ?? null;
      });
      return {
        id,
        label: s.label,
        host: s.host.name,
        product: s.dbms.product ?? '',
        version: s.dbms.version ?? '',
        config: s.config.name,
        date: s.date,
        source: s.source,
        values,
        noise,
        comparable: s.comparable,
        ...(s.relative && {
          relative: s.relative.map((t) => {
            const rel: Array<number | null> = tests.map(() => null);
            for (const [test, value] of t.values) rel[position.get(test)!] = value;
            return { base: t.base, baseRun: t.baseRun, values: rel };
          }),
        }),
      };
    }),
  };
}

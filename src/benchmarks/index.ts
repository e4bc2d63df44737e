// Each benchmark's vocabulary (its test names, steps, metrics with units) lives in src/benchmarks/<benchmark>.ts,
// where both the site (src/analysis, src/site) and the collectors (which write these names) import it: src/
// never imports collectors/. This file is what the site asks of a benchmark by its name.
import type { BenchmarkName, Meta, Series, SpecDbms, Test, Workload } from '../schemas/index.ts';
import {
  HAMMERDB_KEY_METRICS,
  hammerdbGateValues,
  hammerdbPrimaryMetric,
  isHammerdbPointName,
} from '../../benchmarks/hammerdb-tprocc/vocabulary.ts';
import {
  INSERT_BENCHMARK_KEY_METRICS,
  INSERT_BENCHMARK_SERIES_CHARTS,
  insertBenchmarkGateValues,
  insertBenchmarkPrimaryMetric,
  insertBenchmarkSize,
  isStepName,
} from '../../benchmarks/insert-benchmark/vocabulary.ts';
import type { KeyMetric, RunIssue, SeriesChart, WorkloadGates } from './shapes.ts';
import {
  isSysbenchSpecTest,
  isSysbenchTestName,
  SYSBENCH_KEY_METRICS,
  SYSBENCH_TESTS,
  sysbenchGateValues,
  sysbenchPrimaryMetric,
  sysbenchSeriesThreads,
  sysbenchSize,
  sysbenchThreadIssues,
} from '../../benchmarks/sysbench/vocabulary.ts';
import { pgbenchVocabulary } from '../../benchmarks/pgbench/vocabulary.ts';

type WorkloadOf<K extends BenchmarkName> = Extract<Workload, { kind: K }>;

export interface Vocabulary<K extends BenchmarkName = BenchmarkName> {
  /** The metric of a test's headline number (what the posts put in their relative tables), given what it has. */
  primaryMetric(test: string, has: (metric: string) => boolean): string | undefined;
  /** Whether a test name is one of this benchmark's, as benchsite names its tests. */
  isTestName(test: string): boolean;
  /** The `--meta` section of this benchmark's workload facts (`sysbench:`, `insertBenchmark:`), when it has one. */
  workloadMeta(meta: Meta): Record<string, unknown> | undefined;
  /** The DBMS products it runs against, when not every one (a run spec naming another is refused). */
  products?: readonly SpecDbms['product'][];
  /** For a benchmark whose run spec lists its tests by name (`benchmark.tests`): the names it accepts. */
  specTests?: { known: readonly string[]; accepts(entry: string): boolean };
  /** What the comparability gates compare of a run's workload (src/analysis/comparability.ts). */
  gateValues(workload: WorkloadOf<K>): WorkloadGates;
  /** The run-level size of a workload in words (history keeps runs of other sizes apart); none when it has none. */
  size(workload: WorkloadOf<K>, label?: string): string[];
  /** A run page's test table columns, and its extra per-interval charts. */
  runPage: { keyMetrics: KeyMetric[]; seriesCharts?: SeriesChart[] };
  /**
   * What a run of this benchmark may not contradict in itself, beyond the schema (validate refuses it): its
   * tests against its workload, and a test's series against the test (the thread count a series shows).
   */
  checks?: {
    run(workload: WorkloadOf<K>, tests: Test[]): RunIssue[];
    series(test: Test, series: Series[]): string | undefined;
  };
}

/** One entry per benchmark of the run schema (a test checks both lists hold the same names). */
export const VOCABULARIES: { [K in BenchmarkName]: Vocabulary<K> } = {
  sysbench: {
    primaryMetric: (_test, has) => sysbenchPrimaryMetric(has),
    isTestName: isSysbenchTestName,
    workloadMeta: (meta) => meta.sysbench,
    specTests: { known: Object.keys(SYSBENCH_TESTS), accepts: isSysbenchSpecTest },
    gateValues: sysbenchGateValues,
    size: sysbenchSize,
    runPage: { keyMetrics: SYSBENCH_KEY_METRICS },
    checks: {
      run: sysbenchThreadIssues,
      series: (test, series) => {
        const ran = test.status === 'ok' ? sysbenchSeriesThreads(test.params?.threads, series) : undefined;
        return ran === undefined
          ? undefined
          : `the interval lines of "${test.name}" ran ${ran} threads, but run.json says ${test.params?.threads}`;
      },
    },
  },
  'insert-benchmark': {
    primaryMetric: insertBenchmarkPrimaryMetric,
    isTestName: isStepName,
    workloadMeta: (meta) => meta.insertBenchmark,
    gateValues: insertBenchmarkGateValues,
    size: insertBenchmarkSize,
    runPage: { keyMetrics: INSERT_BENCHMARK_KEY_METRICS, seriesCharts: INSERT_BENCHMARK_SERIES_CHARTS },
  },
  'hammerdb-tprocc': {
    primaryMetric: (_test, has) => hammerdbPrimaryMetric(has),
    isTestName: isHammerdbPointName,
    workloadMeta: () => undefined,
    gateValues: hammerdbGateValues,
    // Its warehouses are in each test's name.
    size: () => [],
    runPage: { keyMetrics: HAMMERDB_KEY_METRICS },
  },
  pgbench: pgbenchVocabulary,
};

/** The vocabulary of a workload's benchmark. */
export function vocabularyOf(workload: Workload): Vocabulary {
  return VOCABULARIES[workload.kind] as Vocabulary;
}

/** Metric name of a test's headline number, given the metrics the run has for that test. */
export function primaryMetric(
  benchmark: BenchmarkName,
  test: string,
  has: (metric: string) => boolean,
): string | undefined {
  return (VOCABULARIES[benchmark] as Vocabulary).primaryMetric(test, has);
}

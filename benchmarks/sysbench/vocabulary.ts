// The sysbench microbenchmarks of the posts: names, the mytools Lua script behind each, the stock sysbench
// 1.0.20 script that does the same work where one exists, and the default range (docs/formats/sysbench.md 2.2).
import type { SysbenchWorkload } from './schemas.ts';
import {
  count,
  durationClasses,
  type WorkloadGates,
  type KeyMetric,
  type RunIssue,
  type Vocabulary,
} from '../shapes.ts';

import { sysbenchPrimaryMetric } from './metrics.ts';
export { SYSBENCH_METRICS, type SysbenchMetric } from './metrics.ts';

export interface SysbenchTestType {
  /** Lua script of mytools `bench/sysbench.lua/lua`. */
  mytoolsLua: string;
  /** The test's arguments to that script, as mytools run.sh passes them (docs/formats/sysbench.md 2.2). */
  mytoolsArgs: (range: number) => string[];
  /** Range the test runs at in all_small.sh; a test run at another range gets a `_range=N` suffix. */
  defaultRange: number;
  /** Tests run at several ranges always carry the suffix, as the posts print them (`read-only_range=100`). */
  multiRange?: boolean;
  /** Which duration argument of all_small.sh applies. */
  seconds: 'read' | 'write' | 'insert';
  /** `--table-size` of the run, when the test forces one (update-one: run.sh's `nr=1`). */
  tableSize?: number;
  /**
   * Stock sysbench 1.0.20 script and its test-specific arguments (the plan adds --range-size), when there is one.
   * This is also how a plain sysbench run is named: `testTypeOfScript` maps a script and its options back here.
   */
  stock?: { lua: string; args: (range: number) => string[] };
}

const uniform = ['--rand-type=uniform'];
const onlyRanges = (kind: 'simple' | 'sum' | 'order' | 'distinct') =>
  (['simple', 'sum', 'order', 'distinct'] as const).map((k) => `--${k}-ranges=${k === kind ? 1 : 0}`);
/** run.sh's arguments: `--rand-type=uniform` and the test's own. */
const mt =
  (...extra: string[]) =>
  () => [...uniform, ...extra];
/** run.sh's arguments of the tests that read `--random-points=<range>` points. */
const points =
  (...extra: string[]) =>
  (r: number) => [...uniform, `--random-points=${r}`, ...extra];

export const SYSBENCH_TESTS: Record<string, SysbenchTestType> = {
  'point-query': {
    mytoolsLua: 'oltp_point_select.lua',
    mytoolsArgs: mt('--skip-trx'),
    defaultRange: 100,
    seconds: 'read',
    stock: { lua: 'oltp_point_select', args: () => [...uniform, '--skip-trx=on'] },
  },
  'random-points': {
    mytoolsLua: 'oltp_inlist_select.lua',
    mytoolsArgs: points('--skip-trx'),
    defaultRange: 100,
    multiRange: true,
    seconds: 'read',
    stock: { lua: 'select_random_points', args: (r) => [...uniform, `--random-points=${r}`] },
  },
  'hot-points': {
    mytoolsLua: 'oltp_inlist_select.lua',
    mytoolsArgs: points('--hot-points', '--skip-trx'),
    defaultRange: 100,
    seconds: 'read',
  },
  'points-covered-pk': {
    mytoolsLua: 'oltp_points_covered.lua',
    mytoolsArgs: points('--skip-trx'),
    defaultRange: 100,
    seconds: 'read',
  },
  'points-covered-si': {
    mytoolsLua: 'oltp_points_covered.lua',
    mytoolsArgs: points('--skip-trx', '--on-id=false'),
    defaultRange: 100,
    seconds: 'read',
  },
  'points-notcovered-pk': {
    mytoolsLua: 'oltp_points_covered.lua',
    mytoolsArgs: points('--skip-trx', '--covered=false'),
    defaultRange: 100,
    seconds: 'read',
  },
  'points-notcovered-si': {
    mytoolsLua: 'oltp_points_covered.lua',
    mytoolsArgs: points('--skip-trx', '--on-id=false', '--covered=false'),
    defaultRange: 100,
    seconds: 'read',
  },
  'range-covered-pk': {
    mytoolsLua: 'oltp_range_covered.lua',
    mytoolsArgs: points('--skip-trx'),
    defaultRange: 100,
    seconds: 'read',
  },
  'range-covered-si': {
    mytoolsLua: 'oltp_range_covered.lua',
    mytoolsArgs: points('--skip-trx', '--on-id=false'),
    defaultRange: 100,
    seconds: 'read',
  },
  'range-notcovered-pk': {
    mytoolsLua: 'oltp_range_covered.lua',
    mytoolsArgs: points('--skip-trx', '--covered=false'),
    defaultRange: 100,
    seconds: 'read',
  },
  'range-notcovered-si': {
    mytoolsLua: 'oltp_range_covered.lua',
    mytoolsArgs: points('--skip-trx', '--on-id=false', '--covered=false'),
    defaultRange: 100,
    seconds: 'read',
  },
  'read-only': {
    mytoolsLua: 'oltp_read_only.lua',
    mytoolsArgs: mt(),
    defaultRange: 100,
    multiRange: true,
    seconds: 'read',
    stock: { lua: 'oltp_read_only', args: () => uniform },
  },
  'read-only-simple': {
    mytoolsLua: 'oltp_read_only.lua',
    mytoolsArgs: mt(...onlyRanges('simple')),
    defaultRange: 1000,
    seconds: 'read',
    stock: { lua: 'oltp_read_only', args: () => [...uniform, '--point-selects=0', ...onlyRanges('simple')] },
  },
  'read-only-sum': {
    mytoolsLua: 'oltp_read_only.lua',
    mytoolsArgs: mt(...onlyRanges('sum')),
    defaultRange: 1000,
    seconds: 'read',
    stock: { lua: 'oltp_read_only', args: () => [...uniform, '--point-selects=0', ...onlyRanges('sum')] },
  },
  'read-only-order': {
    mytoolsLua: 'oltp_read_only.lua',
    mytoolsArgs: mt(...onlyRanges('order')),
    defaultRange: 1000,
    seconds: 'read',
    stock: { lua: 'oltp_read_only', args: () => [...uniform, '--point-selects=0', ...onlyRanges('order')] },
  },
  'read-only-distinct': {
    mytoolsLua: 'oltp_read_only.lua',
    mytoolsArgs: mt(...onlyRanges('distinct')),
    defaultRange: 1000,
    seconds: 'read',
    stock: { lua: 'oltp_read_only', args: () => [...uniform, '--point-selects=0', ...onlyRanges('distinct')] },
  },
  'read-only-count': {
    mytoolsLua: 'oltp_read_only_count.lua',
    mytoolsArgs: mt('--skip-trx'),
    defaultRange: 1000,
    seconds: 'read',
  },
  scan: { mytoolsLua: 'oltp_scan.lua', mytoolsArgs: mt(), defaultRange: 100, seconds: 'read' },
  'read-write': {
    mytoolsLua: 'oltp_read_write.lua',
    mytoolsArgs: mt(),
    defaultRange: 100,
    multiRange: true,
    seconds: 'write',
    stock: { lua: 'oltp_read_write', args: () => uniform },
  },
  'write-only': {
    mytoolsLua: 'oltp_write_only.lua',
    mytoolsArgs: mt(),
    defaultRange: 10000,
    seconds: 'write',
    stock: { lua: 'oltp_write_only', args: () => uniform },
  },
  'update-inlist': { mytoolsLua: 'oltp_inlist_update.lua', mytoolsArgs: mt(), defaultRange: 100, seconds: 'write' },
  'update-index': {
    mytoolsLua: 'oltp_update_index.lua',
    mytoolsArgs: mt(),
    defaultRange: 100,
    seconds: 'write',
    stock: { lua: 'oltp_update_index', args: () => uniform },
  },
  'update-nonindex': {
    mytoolsLua: 'oltp_update_non_index.lua',
    mytoolsArgs: mt(),
    defaultRange: 100,
    seconds: 'write',
    stock: { lua: 'oltp_update_non_index', args: () => uniform },
  },
  'update-one': {
    mytoolsLua: 'oltp_update_non_index.lua',
    mytoolsArgs: mt(),
    defaultRange: 100,
    seconds: 'write',
    tableSize: 1,
    stock: { lua: 'oltp_update_non_index', args: () => uniform },
  },
  'update-zipf': {
    mytoolsLua: 'oltp_update_non_index.lua',
    mytoolsArgs: () => ['--rand-type=zipfian'],
    defaultRange: 100,
    seconds: 'write',
    stock: { lua: 'oltp_update_non_index', args: () => ['--rand-type=zipfian'] },
  },
  'update-rate': {
    mytoolsLua: 'oltp_update_rate.lua',
    mytoolsArgs: mt('--update-rate=1000'),
    defaultRange: 100,
    seconds: 'write',
  },
  delete: {
    mytoolsLua: 'oltp_delete.lua',
    mytoolsArgs: mt(),
    defaultRange: 100,
    seconds: 'write',
    stock: { lua: 'oltp_delete', args: () => uniform },
  },
  insert: {
    mytoolsLua: 'oltp_insert.lua',
    mytoolsArgs: mt(),
    defaultRange: 100,
    seconds: 'insert',
    stock: { lua: 'oltp_insert', args: () => uniform },
  },
};

/** Warm-up variants (`point-query.warm`, `range-notcovered-si.pre`, `scan.warmpre`) share their base test's settings. */
export function baseTestType(testType: string): string {
  return testType.replace(/\.(pre|warm|warmpre)$/, '');
}

/**
 * The name used in tables and exports: the test type, plus `_range=N` when the test runs at several ranges
 * or at a range other than its default (`point-query`, `read-only_range=10`, `read-only-count`).
 */
export function sysbenchTestName(testType: string, range: number): string {
  const t = SYSBENCH_TESTS[baseTestType(testType)];
  const defaultRange = t?.defaultRange ?? 100;
  return t?.multiRange || range !== defaultRange ? `${testType}_range=${range}` : testType;
}

/** The test type a test name names (`read-only_range=10` and `point-query_threads=4` -> their type), if known. */
export function sysbenchTestTypeOf(test: string): SysbenchTestType | undefined {
  return SYSBENCH_TESTS[baseTestType(test.replace(/_(range|threads)=\d+/g, ''))];
}

/** Whether a test name is a sysbench test as benchsite names them (`point-query`, `read-only_range=10`). */
function isSysbenchTestName(test: string): boolean {
  return sysbenchTestTypeOf(test) !== undefined;
}

/** Whether a run spec's `tests` entry names a known test (a test type, `_range=<n>` for a range). */
function isSysbenchSpecTest(entry: string): boolean {
  return SYSBENCH_TESTS[baseTestType(entry.replace(/_range=\d+$/, ''))] !== undefined;
}

/** The workload's values the comparability gates compare (src/analysis/comparability.ts), and its test durations. */
function sysbenchGateValues(w: SysbenchWorkload): WorkloadGates {
  const seconds = Object.values(w.seconds ?? {}).filter((x): x is number => typeof x === 'number');
  return {
    tables: w.tables,
    rows: w.rows,
    threads: w.threads.join(','),
    duration: durationClasses(seconds),
    'lua-scripts': w.luaScripts,
  };
}

/** The run's size in words: `1 table × 20,000 rows`, `1 thread`. */
function sysbenchSize(w: SysbenchWorkload): string[] {
  const parts: string[] = [];
  if (w.tables !== undefined || w.rows !== undefined)
    parts.push(`${count(w.tables) ?? '?'} table${w.tables === 1 ? '' : 's'} × ${count(w.rows) ?? '?'} rows`);
  if (w.threads.length)
    parts.push(`${w.threads.join(', ')} thread${w.threads.length === 1 && w.threads[0] === 1 ? '' : 's'}`);
  return parts;
}

/** The columns of a run page's test table (metrics a run lacks are left out). */
const SYSBENCH_KEY_METRICS: KeyMetric[] = [
  { metric: 'qps', title: 'QPS' },
  { metric: 'tps', title: 'TPS' },
  { metric: 'scan_krows_per_s', title: 'Krows/s' },
  { metric: 'latency_avg_ms', title: 'avg ms' },
  { metric: 'latency_p95_ms', title: 'p95 ms' },
  { metric: 'latency_max_ms', title: 'max ms' },
  { metric: 'errors_per_s', title: 'errors/s' },
  { metric: 'cpu_us_per_query', title: 'CPU µs/query' },
  { metric: 'cs_per_query', title: 'cs/query' },
  { metric: 'rkb_per_query', title: 'KB read/query' },
  { metric: 'wkb_per_query', title: 'KB written/query' },
];

/**
 * The client threads a sysbench run states must agree with what its tests ran: each ok test's `params.threads`
 * is one of `workload.threads`, and the `--threads=N` (`--num-threads=N` before 1.0) of its command is N. A
 * run that says otherwise labels a result with another thread count than the one that produced it.
 */
function sysbenchThreadIssues(
  workload: SysbenchWorkload,
  tests: Array<{ status: string; params?: Record<string, string | number | boolean>; command?: string }>,
): RunIssue[] {
  const issues: RunIssue[] = [];
  tests.forEach((t, i) => {
    const threads = t.params?.threads;
    // A failed test publishes no numbers; its output may be what disagrees (its error says so).
    if (typeof threads !== 'number' || t.status !== 'ok') return;
    if (!workload.threads.includes(threads))
      issues.push({
        path: ['tests', i, 'params', 'threads'],
        message: `threads ${threads} is not one of workload.threads (${workload.threads.join(', ')})`,
        hint: 'Re-harvest the run, or list every thread count its tests ran in workload.threads',
      });
    const ran = /(?:^|\s)--(?:num-)?threads[= ](\d+)(?=\s|$)/.exec(t.command ?? '')?.[1];
    if (ran !== undefined && Number(ran) !== threads)
      issues.push({
        path: ['tests', i, 'params', 'threads'],
        message: `threads is ${threads}, but the test's command ran --threads=${ran}`,
        hint: 'Re-harvest the run: its output says which thread count produced its numbers',
      });
  });
  return issues;
}

/**
 * The thread count the `--report-interval` lines of a test print (`thds: N`, its `sysbench` series' `threads`
 * column) when it contradicts the test's `params.threads`; undefined when they agree or cannot be compared.
 * `thds` counts the threads running at each report, so the last line of a run may show fewer as they finish:
 * the most a line shows is the test's thread count (a run of one line is only checked for more).
 */
function sysbenchSeriesThreads(
  threads: unknown,
  series: Array<{ name: string; columns: Array<{ name: string }>; rows: Array<Array<number | null>> }>,
): number | undefined {
  if (typeof threads !== 'number') return undefined;
  const s = series.find((x) => x.name === 'sysbench');
  const col = s?.columns.findIndex((c) => c.name === 'threads') ?? -1;
  if (!s || col < 0) return undefined;
  let most: number | undefined;
  let seen = 0;
  for (const r of s.rows) {
    const v = r[col];
    if (typeof v !== 'number') continue;
    seen++;
    if (most === undefined || v > most) most = v;
  }
  if (most === undefined) return undefined;
  return most > threads || (seen > 1 && most < threads) ? most : undefined;
}

/** What the site and the collectors ask of sysbench (its benchmark.ts). */
export const vocabulary: Vocabulary<SysbenchWorkload> = {
  primaryMetric: (_test, has) => sysbenchPrimaryMetric(has),
  isTestName: isSysbenchTestName,
  specTests: { known: Object.keys(SYSBENCH_TESTS), accepts: isSysbenchSpecTest },
  gates: {
    tables: 'sysbench --tables',
    rows: 'sysbench --table-size',
    threads: 'sysbench --threads (concurrency)',
    duration: 'test duration class (under a minute, 1 to 10 minutes, 10 minutes or more) of its read and write tests',
    'lua-scripts': 'the Lua scripts that ran (mytools or sysbench\u2019s own)',
  },
  gateValues: sysbenchGateValues,
  size: sysbenchSize,
  runPage: {
    keyMetrics: SYSBENCH_KEY_METRICS,
    seriesCharts: [
      { series: 'sysbench', column: 'qps', title: 'QPS over time (sysbench interval reports)', yTitle: 'queries/s' },
    ],
  },
  noiseFrom: 'sysbench --report-interval lines',
  noise: [{ metric: 'qps', series: 'sysbench', column: 'qps' }],
  checks: {
    run: sysbenchThreadIssues,
    series: (test, series) => {
      const ran = test.status === 'ok' ? sysbenchSeriesThreads(test.params?.threads, series) : undefined;
      return ran === undefined
        ? undefined
        : `the interval lines of "${test.name}" ran ${ran} threads, but run.json says ${test.params?.threads}`;
    },
  },
};

// pgbench's names, shared by the site and the collectors (site-safe): test names, metrics with units, the
// headline metric, what the comparability gates compare, the run's size in words, the run page's columns.
import type { KeyMetric, SeriesChart, Vocabulary, WorkloadGates } from '../shapes.ts';
import { count, durationClass } from '../shapes.ts';
import type { PgbenchWorkload } from './schemas.ts';

/** The metrics harvest writes for a test from pgbench's report, with their units (docs/formats/pgbench.md 6.2). */
export const PGBENCH_METRICS = {
  /** `tps = X (without initial connection time)`, as printed; before pgbench 14 the `(excluding connections establishing)` line, under -C the `(including reconnection times)` line. */
  tps: 'transactions/s',
  /** pgbench 13 and earlier: `tps = X (including connections establishing)`. */
  tps_including_connections: 'transactions/s',
  /** `number of transactions actually processed:`, the successful ones. */
  transactions: 'transactions',
  /** `number of failed transactions:` (pgbench 15 and later). */
  failed_transactions: 'transactions',
  serialization_failures: 'transactions',
  deadlock_failures: 'transactions',
  other_failures: 'transactions',
  /** `number of transactions retried:` and `total number of retries:` (with --max-tries other than 1). */
  retried_transactions: 'transactions',
  retries: 'retries',
  /** `number of transactions skipped:` (with --rate and --latency-limit). */
  skipped_transactions: 'transactions',
  /** `number of transactions above the N ms latency limit:`. */
  late_transactions: 'transactions',
  latency_avg_ms: 'ms',
  latency_stddev_ms: 'ms',
  /** `rate limit schedule lag: avg X (max Y) ms` (with --rate). */
  lag_avg_ms: 'ms',
  lag_max_ms: 'ms',
  /** `initial connection time =` (pgbench 14 and later). */
  initial_connection_ms: 'ms',
  /** `average connection time =` (-C). */
  average_connection_ms: 'ms',
  /** Of `pgbench -i`: its `done in X s`. */
  init_seconds: 's',
} as const;

export type PgbenchMetric = keyof typeof PGBENCH_METRICS;

/** The test of `pgbench -i`, which no comparison table shows. */
export const INIT_TEST = 'init';

/** A test's name: its script and its clients, `select-only.c8`. */
export function pgbenchTestName(script: string, clients: number): string {
  return `${script}.c${clients}`;
}

const TEST_NAME = /^(.+)\.c(\d+)$/;

/** The script and clients a test name names. */
export function pgbenchTestParts(test: string): { script: string; clients: number } | undefined {
  const m = TEST_NAME.exec(test);
  return m ? { script: m[1]!, clients: Number(m[2]) } : undefined;
}

/** The built-in scripts in pgbench's order (`pgbench -b list`), then custom ones by name; each by clients. */
const SCRIPT_ORDER = ['tpcb-like', 'simple-update', 'select-only'];

export function testOrder(a: string, b: string): number {
  const pa = pgbenchTestParts(a);
  const pb = pgbenchTestParts(b);
  if (!pa || !pb) return a.localeCompare(b);
  const rank = (s: string) => (SCRIPT_ORDER.includes(s) ? SCRIPT_ORDER.indexOf(s) : SCRIPT_ORDER.length);
  return rank(pa.script) - rank(pb.script) || pa.script.localeCompare(pb.script) || pa.clients - pb.clients;
}

/** Whether a test name is a pgbench test as benchsite names them. */
function isPgbenchTestName(test: string): boolean {
  return test === INIT_TEST || TEST_NAME.test(test);
}

/** The metric a test is compared by. */
export function pgbenchPrimaryMetric(has: (metric: PgbenchMetric) => boolean): PgbenchMetric | undefined {
  return (['tps'] as const).find(has);
}

/** The workload's values the comparability gates compare. */
function pgbenchGateValues(w: PgbenchWorkload): WorkloadGates {
  return {
    duration: w.seconds !== undefined ? durationClass(w.seconds) : undefined,
    clients: w.clients.join(','),
    scale: w.scale,
  };
}

/** The run's size in words: `1,000,000 accounts` (scale 10), `8 clients`. */
function pgbenchSize(w: PgbenchWorkload): string[] {
  const parts: string[] = [];
  if (w.scale !== undefined) parts.push(`${count(w.scale * 100_000)} accounts`);
  parts.push(`${w.clients.join(', ')} client${w.clients.length === 1 && w.clients[0] === 1 ? '' : 's'}`);
  return parts;
}

/** The columns of a run page's test table (metrics a run lacks are left out). */
const PGBENCH_KEY_METRICS: KeyMetric[] = [
  { metric: 'tps', title: 'TPS' },
  { metric: 'latency_avg_ms', title: 'avg ms' },
  { metric: 'latency_stddev_ms', title: 'stddev ms' },
  { metric: 'transactions', title: 'transactions' },
  { metric: 'failed_transactions', title: 'failed' },
  { metric: 'cpu_us_per_transaction', title: 'CPU µs/txn' },
  { metric: 'cs_per_transaction', title: 'cs/txn' },
  { metric: 'rkb_per_transaction', title: 'KB read/txn' },
  { metric: 'wkb_per_transaction', title: 'KB written/txn' },
];

/** The run page's per-interval charts: pgbench's progress lines. */
const PGBENCH_SERIES_CHARTS: SeriesChart[] = [
  { series: 'pgbench', column: 'tps', title: 'TPS over time (pgbench -P)', yTitle: 'transactions/s' },
  { series: 'pgbench', column: 'latency_avg_ms', title: 'Latency over time (pgbench -P)', yTitle: 'ms' },
];

/** What the site and the collectors ask of pgbench (its benchmark.ts). */
export const vocabulary: Vocabulary<PgbenchWorkload> = {
  primaryMetric: (_test, has) => pgbenchPrimaryMetric(has),
  isTestName: isPgbenchTestName,
  products: ['postgres'],
  noiseFrom: 'pgbench -P progress lines',
  noise: [{ metric: 'tps', series: 'pgbench', column: 'tps' }],
  gates: {
    duration: 'test duration class (under a minute, 1 to 10 minutes, 10 minutes or more) of -T',
    clients: 'pgbench -c (concurrency)',
    scale: 'pgbench scaling factor (pgbench -i -s)',
  },
  gateValues: pgbenchGateValues,
  size: pgbenchSize,
  runPage: { keyMetrics: PGBENCH_KEY_METRICS, seriesCharts: PGBENCH_SERIES_CHARTS },
};

// The Insert Benchmark's vocabulary, shared by its harvester (which writes these names) and the report (which
// shows them): its step names -> what each step does, in run order, and the per-step columns of the harness
// (etl.sh) and of iostat with the names benchsite exports them under.
//
// Insert Benchmark step names -> what the step does, in run order (docs/formats/insert-benchmark.md 1.2). The harness renamed its
// steps several times, so every generation is read: l.i0 l.x l.i1 l.i2 qr100.L1 qp100.L2 ... (current),
// qr.L1.ips100 / qp.L2.ips100 (Dec 2023), r.L1.ips100 / p.L2.ips100 (Aug 2023), q.L1.ips100 (older), and the
// report names of the 2021 summaries, q100.1 q100.2 ...
import { printfFixed } from '../../src/lib/c-printf.ts';
import type { InsertBenchmarkWorkload } from './schemas.ts';
import {
  count,
  durationClass,
  type WorkloadGates,
  type KeyMetric,
  type SeriesChart,
  type Vocabulary,
} from '../shapes.ts';
import { insertBenchmarkPrimaryMetric, isStepName, type StepInfo, type StepKind } from './steps.ts';

export { isStepName, parseStepName, sortSteps, type StepInfo, type StepKind, type StepMetric } from './steps.ts';

/** What a step's throughput number counts, as the posts explain it. */
export function throughputMeaning(s: StepInfo): string {
  if (s.kind === 'index') return 'indexed rows/s';
  if (s.kind === 'query')
    return s.queries === 'range' ? 'range queries/s' : s.queries === 'point' ? 'point queries/s' : 'queries/s';
  return 'inserts/s';
}

/** One line per step, as the posts and the mytools report describe them. */
export function describeStep(s: StepInfo): string {
  switch (s.kind) {
    case 'load':
      return 'load in PK order, no secondary indexes';
    case 'index':
      return 'create the secondary indexes';
    case 'write':
      return 'random inserts and deletes after the secondary indexes exist';
    case 'query': {
      const q = s.queries === 'range' ? 'range queries' : s.queries === 'point' ? 'point queries' : 'queries';
      return `${q} with ${s.ratePerClient} inserts/s per client in the background`;
    }
  }
}

// The per-step columns of the Insert Benchmark harness (etl.sh, docs/formats/insert-benchmark.md 1.7) and of iostat, with the names
// benchsite exports them under. Shared by the harvester (which writes them) and the report (which shows them).
/** etl.sh's 21 columns without the tag, in its order (the column set since mytools 2e0968c5, 2021-01-16). */
export const SUMMARY_COLUMNS = [
  'ips',
  'qps',
  'rps',
  'rmbps',
  'wps',
  'wmbps',
  'rpq',
  'rkbpq',
  'wpi',
  'wkbpi',
  'csps',
  'cpups',
  'cspq',
  'cpupq',
  'dbgb1',
  'dbgb2',
  'rss',
  'maxop',
  'p50',
  'p99',
] as const;

export type SummaryColumn = (typeof SUMMARY_COLUMNS)[number];

/** What each column is, for table headers and the README (`op` = insert for load steps, query for query steps). */
export const SUMMARY_COLUMN_MEANING: Record<SummaryColumn, string> = {
  ips: 'inserts/s over the step (indexed rows/s for l.x; the background insert rate for query steps)',
  qps: 'queries/s over the step (0 for load steps)',
  rps: 'storage reads/s (iostat r/s)',
  rmbps: 'MB read/s (iostat rkB/s / 1024)',
  wps: 'storage writes/s (iostat w/s)',
  wmbps: 'MB written/s (iostat wkB/s / 1024)',
  rpq: 'storage reads per op',
  rkbpq: 'KB read per op',
  wpi: 'storage writes per insert',
  wkbpi: 'KB written per insert',
  csps: 'context switches/s (vmstat cs)',
  cpups: 'CPU busy, % of all CPUs (vmstat us+sy)',
  cspq: 'context switches per op',
  cpupq: 'CPU µs per op (all processes on the host)',
  dbgb1: 'logical database size, GiB',
  dbgb2: 'size of the whole DBMS directory, GiB',
  rss: 'DBMS RSS, GiB',
  maxop: 'largest op response time, seconds',
  p50: 'median per-second op rate of client 1',
  p99: 'per-second op rate exceeded in 99 % of the seconds (client 1)',
};

/** Decimals etl.sh prints each column with (as o.sum.t shows them). */
const SUMMARY_COLUMN_DECIMALS: Record<SummaryColumn, number> = {
  ips: 0,
  qps: 0,
  rps: 1,
  rmbps: 1,
  wps: 1,
  wmbps: 1,
  rpq: 3,
  rkbpq: 3,
  wpi: 3,
  wkbpi: 3,
  csps: 0,
  cpups: 1,
  cspq: 3,
  cpupq: 0,
  dbgb1: 1,
  dbgb2: 1,
  rss: 1,
  maxop: 3,
  p50: 0,
  p99: 0,
};

/**
 * The etl.sh columns that reprint an o.res fact harvest already stores under benchsite's name: that metric, by
 * whether the step is a query step. One fact is one metric: a run stores `inserts_per_s`, never also `ips`, and
 * the column is read back from it (summaryColumnValue).
 */
const REPRINTS: Partial<Record<SummaryColumn, (query: boolean) => string>> = {
  ips: () => 'inserts_per_s',
  qps: () => 'queries_per_s',
  maxop: (q) => (q ? 'max_query_s' : 'max_insert_s'),
  p50: (q) => (q ? 'query_rate_p50' : 'insert_rate_p50'),
  p99: (q) => (q ? 'query_rate_p99' : 'insert_rate_p99'),
};

/** The metric an etl.sh column of a step of this kind is stored under (its own name unless it reprints one). */
export function summaryColumnMetric(column: string, kind: StepKind): string {
  return REPRINTS[column as SummaryColumn]?.(kind === 'query') ?? column;
}

/**
 * An etl.sh column of a step as the harness prints it, from the metric it is stored under: the rates `%.0f`
 * (etl.sh's printf of o.res's rates), everything else as stored.
 */
export function summaryColumnValue(
  column: SummaryColumn,
  kind: StepKind,
  value: (metric: string) => number | undefined,
): number | undefined {
  const v = value(summaryColumnMetric(column, kind));
  return v !== undefined && (column === 'ips' || column === 'qps') ? Number(printfFixed(v, 0)) : v;
}

/** A column value printed as etl.sh prints it; empty when missing. */
export function formatSummaryValue(column: SummaryColumn, value: number | undefined): string {
  return value === undefined ? '' : printfFixed(value, SUMMARY_COLUMN_DECIMALS[column]);
}

/** sum_iostat.sh's number format: `%.0f` from 100000, `%.1f` from 100, `%.2f` from 10, else `%.3f`. */
export function sumIostatValue(v: number): string {
  if (v >= 100000) return printfFixed(v, 0);
  if (v >= 100) return printfFixed(v, 1);
  if (v >= 10) return printfFixed(v, 2);
  return printfFixed(v, 3);
}

/** iostat -x column names of every sysstat generation (docs/formats/vmstat-iostat.md 4.3). */
const IOSTAT_COLUMNS = [
  'rrqm/s',
  'wrqm/s',
  'r/s',
  'w/s',
  'rkB/s',
  'wkB/s',
  'avgrq-sz',
  'avgqu-sz',
  'await',
  'r_await',
  'w_await',
  'svctm',
  '%util',
  '%rrqm',
  '%wrqm',
  'aqu-sz',
  'rareq-sz',
  'wareq-sz',
  'd/s',
  'dkB/s',
  'drqm/s',
  '%drqm',
  'd_await',
  'dareq-sz',
  'f/s',
  'f_await',
];

/** Result-row metric name of an iostat column: `r/s` -> `iostat_r_per_s`, `%util` -> `iostat_util_pct`. */
export function iostatMetricName(column: string): string {
  const name = column
    .replace(/^%(.*)$/, '$1_pct')
    .replace(/kB\/s$/, 'kb_per_s')
    .replace(/\/s$/, '_per_s')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/_+$/, '')
    .toLowerCase();
  return `iostat_${name}`;
}

const BY_METRIC = new Map(IOSTAT_COLUMNS.map((c) => [iostatMetricName(c), c]));

/** The iostat column of an `iostat_*` metric name (the metric name itself when the column is unknown). */
export function iostatColumnOf(metric: string): string {
  return BY_METRIC.get(metric) ?? metric.replace(/^iostat_/, '');
}

/** The workload's values the comparability gates compare (src/analysis/comparability.ts), and its test durations. */
function insertBenchmarkGateValues(w: InsertBenchmarkWorkload): WorkloadGates {
  return {
    duration: w.querySeconds !== undefined ? durationClass(w.querySeconds) : undefined,
    clients: w.clients,
    'rows-initial': w.rowsInitial,
    'rows-write': w.rowsWrite,
    'table-per-client': w.tablePerClient,
  };
}

/** The run's size in words: `1,000,000 rows`, `1 client`. */
function insertBenchmarkSize(w: InsertBenchmarkWorkload, label?: string): string[] {
  const parts: string[] = [];
  if (w.rowsInitial !== undefined) parts.push(`${count(w.rowsInitial)} rows`);
  else {
    // Summary-only runs may not know it; the harness names result directories <rows>m.<build>.
    const m = /^(\d+(?:\.\d+)?)m\./.exec(label ?? '');
    if (m) parts.push(`${m[1]}M rows`);
  }
  if (w.clients !== undefined) parts.push(`${w.clients} client${w.clients === 1 ? '' : 's'}`);
  return parts;
}

/** The columns of a run page's test table (metrics a run lacks are left out). */
const INSERT_BENCHMARK_KEY_METRICS: KeyMetric[] = [
  { metric: 'inserts_per_s', title: 'inserts/s' },
  { metric: 'queries_per_s', title: 'queries/s' },
  { metric: 'cpupq', title: 'CPU µs/op' },
  { metric: 'cspq', title: 'cs/op' },
  { metric: 'rpq', title: 'reads/op' },
  { metric: 'rkbpq', title: 'KB read/op' },
  { metric: 'wkbpi', title: 'KB written/insert' },
  { metric: 'max_insert_s', title: 'max insert s' },
  { metric: 'max_query_s', title: 'max query s' },
  { metric: 'dbgb1', title: 'DB GiB' },
];

/** Extra per-interval charts of a run page; tests whose values are all 0 get no panel. */
const INSERT_BENCHMARK_SERIES_CHARTS: SeriesChart[] = [
  { series: 'iibench.client1', column: 'i_ips', title: 'Inserts per second (client 1)', yTitle: 'inserts/s' },
  {
    series: 'iibench.client1',
    column: 'max_i',
    title: 'Largest insert response time per second (client 1)',
    yTitle: 'ms',
    scale: 0.001,
  },
  { series: 'iibench.client1', column: 'i_dps', title: 'Deletes per second (client 1)', yTitle: 'deletes/s' },
  {
    series: 'iibench.client1',
    column: 'max_d',
    title: 'Largest delete response time per second (client 1)',
    yTitle: 'ms',
    scale: 0.001,
  },
  { series: 'iibench.client1', column: 'i_qps', title: 'Queries per second (client 1)', yTitle: 'queries/s' },
  {
    series: 'iibench.client1',
    column: 'max_q',
    title: 'Largest query response time per second (client 1)',
    yTitle: 'ms',
    scale: 0.001,
  },
];

/** What the site and the collectors ask of the Insert Benchmark (its benchmark.ts). */
export const vocabulary: Vocabulary<InsertBenchmarkWorkload> = {
  primaryMetric: insertBenchmarkPrimaryMetric,
  isTestName: isStepName,
  gates: {
    duration: 'test duration class (under a minute, 1 to 10 minutes, 10 minutes or more) of its query steps',
    clients: 'clients (concurrency)',
    'rows-initial': 'rows loaded by l.i0',
    'rows-write': 'rows written by l.i1/l.i2',
    'table-per-client': 'a table per client',
  },
  gateValues: insertBenchmarkGateValues,
  size: insertBenchmarkSize,
  runPage: { keyMetrics: INSERT_BENCHMARK_KEY_METRICS, seriesCharts: INSERT_BENCHMARK_SERIES_CHARTS },
  // Each client prints its own interval lines: a step's rate is their sum, second by second.
  noiseFrom: 'Insert Benchmark per-second lines',
  noise: [
    { metric: 'inserts_per_s', series: 'iibench.client', perClient: true, column: 'i_ips' },
    { metric: 'queries_per_s', series: 'iibench.client', perClient: true, column: 'i_qps' },
  ],
};

// The per-step columns of the Insert Benchmark harness (etl.sh, formats.md 1.7) and of iostat, with the names
// benchsite exports them under. Shared by the harvester (which writes them) and the report (which shows them).
import { printfFixed } from './c-printf.ts';

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
export const SUMMARY_COLUMN_DECIMALS: Record<SummaryColumn, number> = {
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

/** iostat -x column names of every sysstat generation (formats.md 4.3). */
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

// The metrics of a sysbench test and the one it is compared by: apart from the vocabulary's tables
// (vocabulary.ts re-exports them), so the descriptor, which the compare view bundles for the browser, stays small.

/** The metrics harvest writes for each sysbench test from its report, with their units. */
export const SYSBENCH_METRICS = {
  /** The `queries:` per-second value of the report, as mytools uses. */
  qps: 'queries/s',
  tps: 'transactions/s',
  errors_per_s: 'errors/s',
  reconnects_per_s: 'reconnects/s',
  queries_total: 'queries',
  transactions_total: 'transactions',
  latency_min_ms: 'ms',
  latency_avg_ms: 'ms',
  latency_max_ms: 'ms',
  elapsed_s: 's',
  events_per_s: 'events/s',
  /** mytools reports scan as thousands of rows scanned per second instead of QPS. */
  scan_krows_per_s: 'Krows/s',
  /** Of the table load (`prepare`). */
  load_seconds: 's',
  inserts_per_s: 'rows/s',
} as const;

export type SysbenchMetric = keyof typeof SYSBENCH_METRICS;

/** The metric a test is compared by, as the posts compare it: scan in Krows/s, every other test in QPS. */
export function sysbenchPrimaryMetric(has: (metric: SysbenchMetric) => boolean): SysbenchMetric | undefined {
  return (['scan_krows_per_s', 'qps'] as const).find(has);
}

// The columns of a run page's test table, per benchmark. Metrics a run lacks are left out.

export interface KeyMetric {
  metric: string;
  title: string;
}

export const KEY_METRICS: Record<string, KeyMetric[]> = {
  sysbench: [
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
  ],
  'insert-benchmark': [
    { metric: 'ips', title: 'inserts/s' },
    { metric: 'qps', title: 'queries/s' },
    { metric: 'cpupq', title: 'CPU µs/op' },
    { metric: 'cspq', title: 'cs/op' },
    { metric: 'rpq', title: 'reads/op' },
    { metric: 'rkbpq', title: 'KB read/op' },
    { metric: 'wkbpi', title: 'KB written/insert' },
    { metric: 'maxop', title: 'max response s' },
    { metric: 'dbgb1', title: 'DB GiB' },
  ],
  'hammerdb-tprocc': [
    { metric: 'nopm', title: 'NOPM' },
    { metric: 'tpm', title: 'TPM (DBMS count, not comparable across DBMS)' },
    { metric: 'neword_avg_ms', title: 'NEWORD avg ms' },
    { metric: 'neword_p95_ms', title: 'NEWORD p95 ms' },
    { metric: 'payment_p95_ms', title: 'PAYMENT p95 ms' },
    { metric: 'vmstat_us_plus_sy', title: 'us+sy %' },
    { metric: 'vmstat_cs', title: 'cs/s' },
    { metric: 'cpu_per_nopm', title: 'cpuPer' },
    { metric: 'iostat_r_per_s', title: 'r/s' },
    { metric: 'iostat_wmb_per_s', title: 'wMB/s' },
  ],
};

/** A per-interval series column drawn on the run page, one panel per test. */
export interface SeriesChart {
  /** Series name in series.json, e.g. `iibench.client1`. */
  series: string;
  column: string;
  title: string;
  yTitle: string;
  /** Multiply the values by this (e.g. 0.001 for µs -> ms). */
  scale?: number;
}

/** Extra per-interval charts of a run page, per benchmark; tests whose values are all 0 get no panel. */
export const SERIES_CHARTS: Record<string, SeriesChart[]> = {
  'insert-benchmark': [
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
  ],
};

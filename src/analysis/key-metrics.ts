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
  'insert-benchmark': [],
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

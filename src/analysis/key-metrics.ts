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
  'hammerdb-tprocc': [],
};

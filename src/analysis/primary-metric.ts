// The number each benchmark is compared by, per test: what the posts put in their relative tables.
import type { BenchmarkName } from '../schemas/index.ts';

/** Metric name of a test's headline number, given the metrics the run has for that test. */
export function primaryMetric(
  benchmark: BenchmarkName,
  test: string,
  has: (metric: string) => boolean,
): string | undefined {
  const pick = (...names: string[]) => names.find(has);
  switch (benchmark) {
    case 'sysbench':
      // mytools reports scan as thousands of rows per second, the other tests as queries per second.
      return pick('scan_krows_per_s', 'qps');
    case 'insert-benchmark':
      return /^l\./.test(test) ? pick('inserts_per_s', 'indexed_rows_per_s') : pick('queries_per_s', 'inserts_per_s');
    case 'hammerdb-tprocc':
      return pick('nopm');
  }
}

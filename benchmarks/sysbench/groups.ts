// The four groups the sysbench posts split microbenchmarks into (docs/formats/sysbench.md 2.2, and the 2026-06-09 post).

export const SYSBENCH_GROUPS = [
  { id: 'point', title: 'Point queries' },
  { id: 'range', title: 'Range queries without aggregation' },
  { id: 'range-agg', title: 'Range queries with aggregation' },
  { id: 'writes', title: 'Writes' },
] as const;

export type SysbenchGroupId = (typeof SYSBENCH_GROUPS)[number]['id'];

/**
 * Group of a test name: writes are anything that changes rows (read-write included, as mytools'
 * sum_qps_csv.sh does); point queries mention `point`; range queries with aggregation are the read-only
 * family; the remaining range queries (range-*, scan) have none. `prepare` (the table load) has no group.
 */
export function sysbenchGroup(test: string): SysbenchGroupId | undefined {
  if (test === 'prepare') return undefined;
  if (/delete|insert|update|write/.test(test)) return 'writes';
  if (/point/.test(test)) return 'point';
  if (/^read-only/.test(test)) return 'range-agg';
  return 'range';
}

/** Whether a test is a warm-up (`*.pre`, `*.warm`, `*.warmpre`) that the posts leave out. */
export function isWarmupTest(test: string): boolean {
  return /\.(pre|warm|warmpre)(_|$)/.test(test);
}

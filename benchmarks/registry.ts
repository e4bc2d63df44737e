// The benchmarks benchsite knows: one line each. Adding a benchmark is its folder and its line here
// (docs/contributing.md, "Adding a benchmark").
export { benchmark as hammerdbTprocc } from './hammerdb-tprocc/benchmark.ts';
export { benchmark as insertBenchmark } from './insert-benchmark/benchmark.ts';
export { benchmark as pgbench } from './pgbench/benchmark.ts';
export { benchmark as sysbench } from './sysbench/benchmark.ts';

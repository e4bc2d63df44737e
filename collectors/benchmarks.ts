// The benchmarks benchsite knows: one line per folder. Each folder's index.ts gives its verbs once (harvest,
// run: tools/plan/execute, import of archived summaries); harvest, import and run go through this list.
import type { BenchmarkName } from '../src/schemas/index.ts';
import type { BenchmarkFolder, SpecKind } from './lib/benchmark-folder.ts';
import { hammerdb } from '../benchmarks/hammerdb-tprocc/collect.ts';
import { insertBenchmark } from '../benchmarks/insert-benchmark/collect.ts';
import { sysbench } from '../benchmarks/sysbench/collect.ts';
import { pgbench } from '../benchmarks/pgbench/collect.ts';

/** In the order harvest tries them on a raw tree (a mytools sysbench directory is not read as HammerDB output). */
export const BENCHMARKS: { [K in BenchmarkName & SpecKind]: BenchmarkFolder<K> } = {
  sysbench,
  'insert-benchmark': insertBenchmark,
  'hammerdb-tprocc': hammerdb,
  pgbench,
};

export const BENCHMARK_FOLDERS: BenchmarkFolder[] = Object.values(BENCHMARKS) as BenchmarkFolder[];

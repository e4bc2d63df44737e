// The one registry of benchmark descriptors. A name that is not here is an error naming the known ones.
import type { BenchmarkDescriptor } from '../descriptor.ts';
import { hammerdbDescriptor } from '../../../benchmarks/hammerdb-tprocc/descriptor.ts';
import { insertBenchmarkDescriptor } from '../../../benchmarks/insert-benchmark/descriptor.ts';
import { sysbenchDescriptor } from '../../../benchmarks/sysbench/descriptor.ts';
import { pgbenchDescriptor } from '../../../benchmarks/pgbench/descriptor.ts';

export const DESCRIPTORS: readonly BenchmarkDescriptor[] = [
  sysbenchDescriptor,
  insertBenchmarkDescriptor,
  hammerdbDescriptor,
  pgbenchDescriptor,
];

/** Names of the benchmarks the engine knows, for messages. */
export const BENCHMARK_NAMES: readonly string[] = DESCRIPTORS.map((d) => d.name);

/** The descriptor of a benchmark, or undefined when no benchmark has that name. */
export function findDescriptor(name: string): BenchmarkDescriptor | undefined {
  return DESCRIPTORS.find((d) => d.name === name);
}

/** The descriptor of a benchmark; `where` (a file) is named in the error when there is none. */
export function descriptorOf(name: string, where?: string): BenchmarkDescriptor {
  const d = findDescriptor(name);
  if (d) return d;
  throw new Error(
    `${where ? `${where}: ` : ''}unknown benchmark "${name}"; the known benchmarks are ${BENCHMARK_NAMES.join(', ')}`,
  );
}

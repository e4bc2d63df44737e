import { z } from 'zod';
import { SysbenchWorkloadSchema } from '../../benchmarks/sysbench/schemas.ts';
import { InsertBenchmarkWorkloadSchema } from '../../benchmarks/insert-benchmark/schemas.ts';
import { HammerdbWorkloadSchema } from '../../benchmarks/hammerdb-tprocc/schemas.ts';
import { PgbenchWorkloadSchema } from '../../benchmarks/pgbench/schemas.ts';

/** Benchmarks benchsite understands; also the first segment of every run id. */
export const Benchmark = z.enum(['sysbench', 'insert-benchmark', 'hammerdb-tprocc', 'pgbench']);

/** The workload of a run, one shape per benchmark, chosen by `kind` (which equals the run's `benchmark`). */
export const WorkloadSchema = z.discriminatedUnion('kind', [
  SysbenchWorkloadSchema,
  InsertBenchmarkWorkloadSchema,
  HammerdbWorkloadSchema,
  PgbenchWorkloadSchema,
]);

export type BenchmarkName = z.infer<typeof Benchmark>;
export type Workload = z.infer<typeof WorkloadSchema>;

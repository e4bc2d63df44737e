import { z } from 'zod';
import { BENCHMARKS, BENCHMARK_NAMES, type Registered } from '../../benchmarks/index.ts';

/** Benchmarks benchsite understands (benchmarks/registry.ts); also the first segment of every run id. */
export const Benchmark = z.enum(BENCHMARK_NAMES);

type Workloads = Registered['workload'];

/** The workload of a run, one shape per benchmark (its folder's schemas.ts), chosen by `kind` (the run's `benchmark`). */
export const WorkloadSchema = z.discriminatedUnion(
  'kind',
  BENCHMARKS.map((b) => b.workload) as [Workloads, ...Workloads[]],
);

export type BenchmarkName = z.infer<typeof Benchmark>;
export type Workload = z.infer<typeof WorkloadSchema>;

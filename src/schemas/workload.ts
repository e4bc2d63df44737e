import { z } from 'zod';
import { BENCHMARKS, BENCHMARK_NAMES, unknownBenchmark, type Registered } from '../../benchmarks/index.ts';

/** Benchmarks benchsite understands (benchmarks/registry.ts); also the first segment of every run id. */
export const Benchmark = z.enum(BENCHMARK_NAMES, { error: (issue) => unknownBenchmark(issue.input) });

type Workloads = Registered['workload'];

/** The message of a `kind` that names no benchmark (a workload's, a run spec's benchmark). */
export function unknownKind(issue: { code?: string; note?: string; input?: unknown }): string | undefined {
  if (issue.code !== 'invalid_union' || issue.note !== 'No matching discriminator') return undefined;
  return unknownBenchmark((issue.input as { kind?: unknown } | undefined)?.kind);
}

/** The workload of a run, one shape per benchmark (its folder's schemas.ts), chosen by `kind` (the run's `benchmark`). */
export const WorkloadSchema = z.discriminatedUnion(
  'kind',
  BENCHMARKS.map((b) => b.workload) as [Workloads, ...Workloads[]],
  { error: unknownKind },
);

export type BenchmarkName = z.infer<typeof Benchmark>;
export type Workload = z.infer<typeof WorkloadSchema>;

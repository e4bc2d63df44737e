// The Insert Benchmark as benchsite knows it (site-safe): its name, schemas, vocabulary and descriptor.
// benchmarks/registry.ts lists it; the CLI's side is collect.ts.
import type { BenchmarkDefinition } from '../shapes.ts';
import { insertBenchmarkDescriptor } from './descriptor.ts';
import {
  InsertBenchmarkMetaSchema,
  InsertBenchmarkReportOptionsSchema,
  InsertBenchmarkSpecSchema,
  InsertBenchmarkWorkloadSchema,
} from './schemas.ts';
import { vocabulary } from './vocabulary.ts';

export const benchmark = {
  name: 'insert-benchmark',
  title: 'Insert Benchmark',
  // iibench.py runs under python
  programs: ['iibench(\\.py)?', 'python[\\d.]*'],
  workload: InsertBenchmarkWorkloadSchema,
  spec: InsertBenchmarkSpecSchema,
  vocabulary,
  descriptor: insertBenchmarkDescriptor,
  meta: { key: 'insertBenchmark', schema: InsertBenchmarkMetaSchema, example: '{ clients: 1 }' },
  reportOptions: { key: 'insertBenchmark', schema: InsertBenchmarkReportOptionsSchema },
  readme: 'benchmarks/insert-benchmark/README.md',
} as const satisfies BenchmarkDefinition<'insert-benchmark', typeof InsertBenchmarkWorkloadSchema>;

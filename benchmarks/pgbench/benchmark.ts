// pgbench as benchsite knows it (site-safe): its name, schemas, vocabulary and descriptor. benchmarks/registry.ts
// lists it; the CLI's side is collect.ts.
import type { BenchmarkDefinition } from '../shapes.ts';
import { pgbenchDescriptor } from './descriptor.ts';
import { PgbenchSpecSchema, PgbenchWorkloadSchema } from './schemas.ts';
import { vocabulary } from './vocabulary.ts';

export const benchmark = {
  name: 'pgbench',
  title: 'pgbench',
  programs: ['pgbench'],
  workload: PgbenchWorkloadSchema,
  spec: PgbenchSpecSchema,
  vocabulary,
  descriptor: pgbenchDescriptor,
  readme: 'benchmarks/pgbench/README.md',
} as const satisfies BenchmarkDefinition<'pgbench', typeof PgbenchWorkloadSchema>;

// sysbench as benchsite knows it (site-safe): its name, schemas, vocabulary and descriptor. benchmarks/registry.ts
// lists it; the CLI's side is collect.ts.
import type { BenchmarkDefinition } from '../shapes.ts';
import { sysbenchDescriptor } from './descriptor.ts';
import { SysbenchMetaSchema, SysbenchSpecSchema, SysbenchWorkloadSchema } from './schemas.ts';
import { vocabulary } from './vocabulary.ts';

export const benchmark = {
  name: 'sysbench',
  title: 'sysbench',
  programs: ['sysbench'],
  workload: SysbenchWorkloadSchema,
  spec: SysbenchSpecSchema,
  vocabulary,
  descriptor: sysbenchDescriptor,
  meta: { key: 'sysbench', schema: SysbenchMetaSchema, example: '{ threads: [1], tables: 1, rows: 50000000 }' },
  readme: 'benchmarks/sysbench/README.md',
} as const satisfies BenchmarkDefinition<'sysbench', typeof SysbenchWorkloadSchema>;

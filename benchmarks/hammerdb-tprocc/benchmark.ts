// HammerDB TPROC-C as benchsite knows it (site-safe): its name, schemas, vocabulary and descriptor.
// benchmarks/registry.ts lists it; the CLI's side is collect.ts.
import type { BenchmarkDefinition } from '../shapes.ts';
import { hammerdbDescriptor } from './descriptor.ts';
import {
  HammerdbMetaSchema,
  HammerdbReportOptionsSchema,
  HammerdbSpecSchema,
  HammerdbWorkloadSchema,
} from './schemas.ts';
import { vocabulary } from './vocabulary.ts';

export const benchmark = {
  name: 'hammerdb-tprocc',
  title: 'HammerDB TPROC-C',
  programs: ['hammerdbcli', 'hammerdbws', 'hammerdb', 'tclsh[\\d.]*', 'wish[\\d.]*'],
  workload: HammerdbWorkloadSchema,
  spec: HammerdbSpecSchema,
  vocabulary,
  descriptor: hammerdbDescriptor,
  meta: {
    key: 'hammerdb',
    schema: HammerdbMetaSchema,
    example: '{ rampupMinutes: 5, durationMinutes: 120, storedProcedures: true }',
  },
  reportOptions: { key: 'hammerdb', schema: HammerdbReportOptionsSchema },
  readme: 'benchmarks/hammerdb-tprocc/README.md',
} as const satisfies BenchmarkDefinition<'hammerdb-tprocc', typeof HammerdbWorkloadSchema>;

// The registry is the only list of benchmarks: every benchmark the stored schemas name has one folder entry and one
// vocabulary (tests/unit/no-benchmark-names.test.ts checks that code outside a benchmark's folder asks them).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCHMARK_FOLDERS } from '../../../collectors/benchmarks.ts';
import { readSpec } from '../../../collectors/lib/read-spec.ts';
import { specSecrets } from '../../../collectors/run-spec.ts';
import { BENCHMARKS } from '../../../benchmarks/index.ts';
import { Benchmark, SpecBenchmarkSchema, WorkloadSchema } from '../../../src/schemas/index.ts';

const root = join(import.meta.dirname, '../../..');
const sorted = (xs: Iterable<string>) => [...xs].sort();

describe('the benchmark registry', () => {
  it('lists every benchmark of the schemas once, in collectors/benchmarks.ts and benchmarks/index.ts', () => {
    const names = sorted(Benchmark.options);
    expect(names.length).toBeGreaterThan(0);
    expect(sorted(BENCHMARKS.map((b) => b.name))).toEqual(names);
    expect(sorted(BENCHMARK_FOLDERS.map((f) => f.name))).toEqual(names);
    for (const b of BENCHMARKS) expect(b.descriptor.name).toBe(b.name);
    // A run's workload and a run spec's benchmark are chosen by the same names.
    expect(sorted(WorkloadSchema.options.map((o) => o.shape.kind.value))).toEqual(names);
    expect(sorted(SpecBenchmarkSchema.options.map((o) => o.shape.kind.value))).toEqual(names);
  });

  it("asks a benchmark's folder for the secrets its part of a spec names (HammerDB's pgUserPasswordEnv)", async () => {
    const spec = await readSpec(join(root, 'examples/hammerdb-tprocc.yaml'));
    if (spec.benchmark.kind !== 'hammerdb-tprocc') throw new Error('examples/hammerdb-tprocc.yaml is not HammerDB');
    const name = 'BENCHSITE_TEST_PG_USER_PASSWORD';
    process.env[name] = 'tpcc-user-secret-1';
    try {
      expect(specSecrets(spec)).not.toContain('tpcc-user-secret-1');
      expect(specSecrets({ ...spec, benchmark: { ...spec.benchmark, pgUserPasswordEnv: name } })).toContain(
        'tpcc-user-secret-1',
      );
    } finally {
      delete process.env[name];
    }
  });
});

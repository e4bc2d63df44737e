// The registry of descriptors: one per benchmark of the run schema, and an unknown name is an error naming the
// known ones. Descriptors name and order; their groups never mix reads and writes.
import { describe, expect, it } from 'vitest';
import { BENCHMARKS, BENCHMARK_NAMES, descriptorOf } from '../../../../benchmarks/index.ts';
import { Benchmark } from '../../../../src/schemas/index.ts';

describe('descriptors', () => {
  it('one per benchmark the run schema knows', () => {
    expect([...BENCHMARK_NAMES].sort()).toEqual([...Benchmark.options].sort());
  });
  it('an unknown name is an error naming the file and the known benchmarks', () => {
    expect(() => descriptorOf('tpch', 'content/reports/x.md')).toThrow(
      'content/reports/x.md: unknown benchmark "tpch"; the known benchmarks are hammerdb-tprocc, insert-benchmark, pgbench, sysbench',
    );
  });
  it('every group of tests is reads, writes or mixed; sysbench splits the posts four groups', () => {
    const s = descriptorOf('sysbench');
    expect(s.groups.map((g) => `${g.id}:${g.kind}`)).toEqual([
      'point:read',
      'range:read',
      'range-agg:read',
      'writes:write',
    ]);
    expect(['point-query', 'scan', 'read-only_range=100', 'update-index', 'prepare'].map(s.groupOf)).toEqual([
      'point',
      'range',
      'range-agg',
      'writes',
      undefined,
    ]);
    const ib = descriptorOf('insert-benchmark');
    expect(['l.i0', 'l.x', 'l.i2', 'qr100.L1', 'qp500.L4'].map(ib.groupOf)).toEqual([
      'writes',
      'writes',
      'writes',
      'queries',
      'queries',
    ]);
    expect(ib.order(['qp100.L2', 'l.i1', 'l.i0', 'qr100.L1', 'l.x'])).toEqual([
      'l.i0',
      'l.x',
      'l.i1',
      'qr100.L1',
      'qp100.L2',
    ]);
  });
  it('headline metrics with unit, direction and digits; costs lower-is-better', () => {
    for (const d of BENCHMARKS.map((b) => b.descriptor))
      for (const m of Object.values(d.metrics)) expect(m.unit).not.toBe('');
    const s = descriptorOf('sysbench');
    expect(s.headline('scan', (m) => m === 'scan_krows_per_s' || m === 'qps')).toBe('scan_krows_per_s');
    expect(s.metrics.cpu_per_query!.direction).toBe('lower');
    expect(s.costTables.map((c) => c.metricByHeadline.scan_krows_per_s)).toContain('cpu_per_krow');
    expect(descriptorOf('hammerdb-tprocc').metrics.nopm!.relativeDigits).toBe(3);
  });
});

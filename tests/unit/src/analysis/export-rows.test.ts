// Export rows say where each number comes from, and a published-relative run exports its relative values as
// such (metric `relative`, the base in the unit), never as an absolute number. Committed runs of each kind.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import type { Run } from '../../../../src/schemas/index.ts';
import { EXPORT_FIELDS, exportRows, runCsv, toCsv } from '../../../../src/analysis/export-rows.ts';

const read = (id: string) =>
  JSON.parse(readFileSync(new URL(`../../../../content/runs/${id}/run.json`, import.meta.url), 'utf8')) as Run;

describe('exportRows', () => {
  it('a run of each provenance: its rows carry the source', () => {
    for (const [id, source] of [
      ['sysbench/vm/20261122-x.pg1518.cy1.pk1', 'raw'],
      ['sysbench/pn53/20260301-x.my8408_rel_o2nofp.z12a_c8r32.pk1', 'harness-summary'],
      ['hammerdb-tprocc/pn53/20260316-pg182.cx10b_c8r32', 'published-table'],
    ] as const) {
      const run = read(id);
      const rows = exportRows([{ id, run }]);
      expect(rows).toHaveLength(run.results.length);
      expect(new Set(rows.map((r) => r.source))).toEqual(new Set([source]));
    }
  });

  it('a published-relative run: one row per relative value, metric relative, unit naming the base', () => {
    const id = 'sysbench/pn53/20260216-ma120300.z12c_sync_c8r32';
    const run = read(id);
    const rows = exportRows([{ id, run }]);
    expect(run.results).toEqual([]);
    expect(rows).toHaveLength(20);
    expect(rows.find((r) => r.test === 'delete' && r.unit === 'ratio to z12b')).toMatchObject({
      metric: 'relative',
      value: 0.05,
      source: 'published-relative',
    });
    expect(rows.find((r) => r.test === 'delete' && r.unit === 'ratio to z12b_sync')).toMatchObject({
      metric: 'relative',
      value: 6.4,
    });
  });

  it('runCsv, the CSV of a run page, is byte for byte the CSV of its export rows (every committed run)', () => {
    const root = new URL('../../../../content/runs/', import.meta.url);
    const ids = readdirSync(root, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('/run.json'))
      .map((f) => f.slice(0, -'/run.json'.length));
    expect(ids.length).toBeGreaterThan(20);
    for (const id of ids) {
      const run = read(id);
      expect(runCsv(id, run)).toBe(toCsv(exportRows([{ id, run }]), EXPORT_FIELDS));
    }
    // Quoting: a label with a comma and a quote, as a run may hold.
    const run = read(ids[0]!);
    run.host.name = 'a "b", c';
    run.results[0] = { ...run.results[0]!, unit: 'x\ny' };
    expect(runCsv('x,y', run)).toBe(toCsv(exportRows([{ id: 'x,y', run }]), EXPORT_FIELDS));
  });
});

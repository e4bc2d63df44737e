// A table from a section spec: columns (the first the base, or each relative to the one before it), rows in the
// descriptor's groups, the headline metric per test.
import { describe, expect, it } from 'vitest';
import { findDescriptor } from '../../../../benchmarks/index.ts';
import { compareTable } from '../../../../src/engine/table.ts';
import { THRESHOLDS } from '../../../../src/engine/verdict.ts';
import { data } from './helpers.ts';

const sysbench = findDescriptor('sysbench')!;
const hammerdb = findDescriptor('hammerdb-tprocc')!;

const runs = new Map(
  [
    data('v1', { 'point-query': { qps: 1000 }, scan: { scan_krows_per_s: 40, qps: 1 }, 'update-index': { qps: 200 } }),
    data('v2', { 'point-query': { qps: 1100 }, scan: { scan_krows_per_s: 38, qps: 2 }, 'update-index': { qps: 180 } }),
    data('v3', { 'point-query': { qps: 1210 }, scan: { scan_krows_per_s: 38 }, 'update-index': { qps: 171 } }),
  ].map((r) => [r.id, r]),
);
const columns = ['v1', 'v2', 'v3'].map((id) => ({ key: id, run: id, label: id.toUpperCase() }));

describe('compareTable', () => {
  it('every column against the base, the headline metric per test, grouped as the descriptor groups them', () => {
    const t = compareTable(
      { descriptor: sysbench, columns, rows: ['update-index', 'point-query', 'scan'], thresholds: THRESHOLDS },
      (id) => runs.get(id),
    );
    expect(t.columns.map((c) => c.isBase)).toEqual([true, false, false]);
    expect(t.rows.map((r) => [r.key, r.metric, r.group])).toEqual([
      ['update-index', 'qps', 'writes'],
      ['point-query', 'qps', 'point'],
      ['scan', 'scan_krows_per_s', 'range'],
    ]);
    expect(t.rows[1]!.cells.map((c) => c.text)).toEqual(['1.00', '1.10', '1.21']);
    expect(t.rows[2]!.cells.map((c) => c.text)).toEqual(['1.00', '0.95', '0.95']);
    expect(t.rows[2]!.cells.map((c) => c.verdict)).toEqual(['neutral', 'regression', 'regression']);
    // Groups in the descriptor's order (point, range, range-agg, writes), only those with rows.
    expect(t.groups.map((g) => [g.id, g.kind, g.rows])).toEqual([
      ['point', 'read', ['point-query']],
      ['range', 'read', ['scan']],
      ['writes', 'write', ['update-index']],
    ]);
  });
  it('a version ladder: each column relative to the one before it', () => {
    const t = compareTable(
      {
        descriptor: sysbench,
        columns: columns.map((c, j) => (j ? { ...c, base: columns[j - 1]!.key } : c)),
        rows: ['point-query', 'update-index'],
        thresholds: THRESHOLDS,
      },
      (id) => runs.get(id),
    );
    expect(t.rows.map((r) => r.cells.map((c) => c.text))).toEqual([
      ['1.00', '1.10', '1.10'],
      ['1.00', '0.90', '0.95'],
    ]);
  });
  it("a base of published relative values only is 1 where some column has the post's value against it", () => {
    const pub = new Map(
      [data('base', {}), data('x', {}, { published: { base: { 'point-query': 1.07 } } })].map((r) => [r.id, r]),
    );
    const t = compareTable(
      {
        descriptor: sysbench,
        columns: [
          { key: 'base', run: 'base', label: 'base' },
          { key: 'x', run: 'x', label: 'x' },
        ],
        rows: ['point-query', 'scan'],
        thresholds: THRESHOLDS,
      },
      (id) => pub.get(id),
    );
    expect(t.rows.map((r) => r.cells.map((c) => [c.text, c.verdict]))).toEqual([
      [
        ['1.00', 'neutral'],
        ['1.07', 'improvement'],
      ],
      [
        ['', 'neutral'],
        ['', 'neutral'],
      ],
    ]);
    expect(t.rows[0]!.metric).toBeUndefined();
  });
  it("columns that map a row to their run's own test (HammerDB's stored-procedure variants), three decimals", () => {
    const h = new Map(
      [
        data('pg', { 'vu1.w100.sp0': { nopm: 1000 }, 'vu1.w100.sp1': { nopm: 3000 } }),
        data('my', { 'vu1.w100.sp0': { nopm: 1234.5 }, 'vu1.w100.sp1': { nopm: 2000 } }),
      ].map((r) => [r.id, r]),
    );
    const t = compareTable(
      {
        descriptor: hammerdb,
        columns: ['pg', 'my'].flatMap((run) =>
          ['sp0', 'sp1'].map((v) => ({
            key: `${run}#${v}`,
            run,
            label: `${run} ${v}`,
            test: (p: string) => `${p}.${v}`,
          })),
        ),
        rows: ['vu1.w100'],
        thresholds: THRESHOLDS,
      },
      (id) => h.get(id),
    );
    expect(t.rows[0]!.cells.map((c) => c.text)).toEqual(['1.000', '3.000', '1.234', '2.000']);
    expect(t.groups.map((g) => g.id)).toEqual(['all']);
  });
  it('a column whose run is missing has empty cells; a metric given by row', () => {
    const t = compareTable(
      {
        descriptor: sysbench,
        columns: [...columns, { key: 'gone', run: 'gone', label: 'gone' }],
        rows: ['scan'],
        metric: () => 'qps',
        thresholds: THRESHOLDS,
      },
      (id) => runs.get(id),
    );
    expect(t.rows[0]!.cells.map((c) => c.text)).toEqual(['1.00', '2.00', '', '']);
  });
});

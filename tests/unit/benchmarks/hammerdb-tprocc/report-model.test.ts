// The HammerDB report model on the runs imported from the published tables: the relative Postgres table equals
// the one printed in the 2026-02-15 post, cell for cell to 3 decimals; stored procedures off and on stay apart (the 2026-03-16 post);
// the system tables carry the published iostat/vmstat values.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { hammerdbReport } from '../../../../benchmarks/hammerdb-tprocc/report/model.ts';
import { runId } from '../../../../src/runs/run-id.ts';
import { importHammerdbTables } from '../../../../benchmarks/hammerdb-tprocc/published-table.ts';
import { FIXTURES } from '../../../helpers/fixtures.ts';
import { harvestFixture } from '../../../helpers/harvest-fixture.ts';
import { withNoiseRows } from '../../../../collectors/lib/noise-rows.ts';
import { POST_2026_02_15_PG_COLUMNS, POST_2026_02_15_PG_RELATIVE } from '../../../e2e/hammerdb-post-tables.ts';

const csv = (name: string) => ({ name, data: new Uint8Array(readFileSync(`${FIXTURES}published/${name}`)) });
const large = importHammerdbTables(
  [csv('hammerdb-tprocc-48core-2026-02-15.csv'), csv('hammerdb-tprocc-48core-2026-02-15-system.csv')],
  {
    host: { name: 'ax162s' },
    published: { title: 'HammerDB tproc-c on a large server, Postgres and MySQL', date: '2026-02-15' },
  },
).map((h) => ({ id: runId(h.run), run: h.run }));
const idOf = (label: string) => large.find((r) => r.run.dbms.label === label)!.id;

describe('the 2026-02-15 post: Postgres 12 to 18 relative to pg1222', () => {
  const ids = POST_2026_02_15_PG_COLUMNS.map(idOf);
  const model = hammerdbReport({ runs: large.filter((r) => ids.includes(r.id)), base: ids[0]!, order: ids });

  it('rows are the points in the post order, columns the versions, base first', () => {
    expect(model.rows.map((r) => r.point.label)).toEqual(Object.keys(POST_2026_02_15_PG_RELATIVE));
    expect(model.columns.map((c) => c.label)).toEqual([...POST_2026_02_15_PG_COLUMNS]);
    expect(model.variants).toEqual(['all']);
  });

  it('every relative cell equals the post, to 3 decimals', () => {
    for (const r of model.rows) {
      expect(
        r.cells.map((c) => c.relative!.toFixed(3)),
        r.point.label,
      ).toEqual(POST_2026_02_15_PG_RELATIVE[r.point.label]);
    }
  });

  it('colours at the 0.95 / 1.05 thresholds of the shown value; the base is never coloured', () => {
    const row = (label: string) => model.rows.find((r) => r.point.label === label)!;
    expect(row('vu=20, wh=4000').cells.map((c) => c.verdict)).toEqual([
      'neutral',
      'neutral',
      'neutral',
      'neutral',
      'regression',
      'regression',
      'regression',
    ]);
    expect(row('vu=10, wh=1000').cells[2]!.verdict).toBe('improvement'); // 1.054
    expect(row('vu=40, wh=2000').cells[6]!.verdict).toBe('regression'); // 0.947
    expect(model.bars).toHaveLength(9 * 6);
    expect(model.summaries.map((s) => s.label)).toEqual(POST_2026_02_15_PG_COLUMNS.slice(1));
  });
});

describe('the 2026-02-15 post: Postgres 18.1 vs MySQL 8.4.8 with the iostat and vmstat tables', () => {
  const model = hammerdbReport({ runs: large, base: idOf('pg181'), order: [idOf('pg181'), idOf('my8408')] });

  it('system tables hold the published averages at vu=40, and cpuPer computed from us+sy and NOPM, marked so', () => {
    const [io, vm] = model.system;
    expect(io!.columns.map((c) => c.title)).toEqual(['r/s', 'wMB/s']);
    expect(vm!.columns.map((c) => c.title)).toEqual(['cs', 'us', 'sy', 'id', 'wa', 'us+sy', 'cpuPer']);
    const my = vm!.rows.find((r) => r.runLabel === 'my8408' && r.point.key === 'vu40.w1000')!;
    expect(my.values.slice(0, 6)).toEqual([455648, 61.9, 8.2, 24.2, 5.7, 70.1]);
    expect(my.values[6]).toBeCloseTo((70.1 / 435095) * 1000, 12);
    expect(my.computed).toEqual([false, false, false, false, false, false, true]);
    expect(io!.rows.find((r) => r.runLabel === 'pg181' && r.point.key === 'vu40.w4000')!.values).toEqual([
      78052.3, 1272.9,
    ]);
  });
});

describe('the 2026-03-16 post: stored procedures off and on side by side', () => {
  const small = importHammerdbTables([csv('hammerdb-tprocc-8core-2026-03-16.csv')], {
    host: { name: 'pn53' },
    published: { title: 'x', date: '2026-03-16' },
  }).map((h) => ({ id: runId(h.run), run: h.run }));
  const pg = small.find((r) => r.run.dbms.label === 'pg182')!.id;
  const model = hammerdbReport({ runs: small, base: pg, order: [pg, ...small.map((r) => r.id)] });

  it('two columns per run, each compared with the base at the same setting', () => {
    expect(model.variants).toEqual(['sp0', 'sp1']);
    expect(model.columns.map((c) => c.label)).toEqual([
      'pg182 sp0',
      'pg182 sp1',
      'ma1186 sp0',
      'ma1186 sp1',
      'my8408 sp0',
      'my8408 sp1',
    ]);
    const cells = model.rows[0]!.cells;
    expect(cells.map((c) => c.value)).toEqual([33261, 33679, 11975, 19281, 9400, 16874]);
    expect(cells[2]!.relative).toBeCloseTo(11975 / 33261, 12);
    expect(cells[3]!.relative).toBeCloseTo(19281 / 33679, 12);
  });

  it("the cpuPer table per setting is the post's (stated, not computed)", () => {
    const vm = model.system.filter((t) => t.kind === 'vmstat');
    expect(vm.map((t) => t.variant)).toEqual(['sp0', 'sp1']);
    expect(vm[0]!.columns.map((c) => c.title)).toEqual(['r', 'cs', 'us', 'sy', 'us+sy', 'cpuPer']);
    const ma = vm[1]!.rows.find((r) => r.runLabel === 'ma1186')!;
    expect(ma.values).toEqual([1.079, 11739, 12.0, 1.2, 13.1, 0.679]);
    expect(ma.computed.some(Boolean)).toBe(false);
  });
});

describe('relative NOPM within noise', () => {
  it('a point measured by both runs carries the interval of its ratio from the transaction counter', async () => {
    const h = await harvestFixture('realruns/hammerdb.tar.gz');
    const runs = h.runs
      .filter((r) => r.run.results.some((x) => x.metric === 'nopm'))
      .map((r) => ({ id: r.id, run: withNoiseRows(r.run, r.series) }));
    expect(runs.length).toBeGreaterThanOrEqual(2);
    const model = hammerdbReport({ runs, base: runs[0]!.id, order: runs.map((r) => r.id) });
    const cells = model.rows.flatMap((r) => r.cells.filter((c) => c.interval));
    expect(cells.length).toBeGreaterThan(0);
    for (const c of cells) expect(c.withinNoise).toBe(c.interval!.low <= 1 && c.interval!.high >= 1);
  });
});

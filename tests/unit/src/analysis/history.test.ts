import { describe, expect, it } from 'vitest';
import { historyKeys, historyLadders } from '../../../../src/analysis/history.ts';
import { summarizeRun } from '../../../../src/runs/run-summary.ts';
import { harvestFixture } from '../../../helpers/harvest-fixture.ts';

const h = await harvestFixture('realruns/sysbench.tar.gz');
const pg = h.byLabel.get('x.pg1518.cy1.pk1')!;

/** The same run presented as another version whose QPS is `factor` times the original. */
function asVersion(version: string, factor: number, date = pg.run.date) {
  const run = structuredClone(pg.run);
  run.dbms.version = version;
  run.date = date;
  run.results = run.results.map((r) =>
    r.metric === 'qps' || r.metric === 'scan_krows_per_s' ? { ...r, value: r.value * factor } : r,
  );
  return { id: `${pg.id}-${version}-${date}`, summary: summarizeRun(run) };
}

describe('history ladders', () => {
  it('orders versions numerically and relates each to the oldest and to its predecessor', () => {
    const ladders = historyLadders([
      asVersion('16.10', 1.5),
      asVersion('16.9', 1.2),
      { id: pg.id, summary: summarizeRun(pg.run) },
    ]);
    expect(ladders).toHaveLength(1);
    const l = ladders[0]!;
    expect(l.runs.map((r) => r.version)).toEqual(['15.18', '16.9', '16.10']);
    const i = l.tests.indexOf('point-query');
    expect(l.metrics[i]).toBe('qps');
    expect(l.toFirst[i]![2]).toBeCloseTo(1.5, 10);
    expect(l.toPrevious[i]![2]).toBeCloseTo(1.25, 10);
    expect(l.metrics[l.tests.indexOf('scan')]).toBe('scan_krows_per_s');
  });

  it('one ladder per config, one page per benchmark, host and product', () => {
    const runs = h.runs.map((x) => ({ id: x.id, summary: summarizeRun(x.run) }));
    expect(
      historyLadders(runs.filter((r) => r.summary.dbms.product === 'postgres'))
        .map((l) => l.config)
        .sort(),
    ).toEqual(['cy1', 'cy2']);
    expect(historyKeys(runs)).toEqual(
      expect.arrayContaining([
        { benchmark: 'sysbench', host: 'vm', product: 'postgres' },
        { benchmark: 'sysbench', host: 'vm', product: 'mariadb' },
      ]),
    );
  });

  it('shows one column per version: its latest run, counting the others', () => {
    const l = historyLadders([
      asVersion('16.9', 1.2, '2026-01-05'),
      asVersion('16.9', 1.4, '2026-03-01'),
      asVersion('16.9', 1.3, '2026-02-01'),
      { id: pg.id, summary: summarizeRun(pg.run) },
    ])[0]!;
    expect(l.runs.map((r) => [r.version, r.date, r.of])).toEqual([
      ['15.18', pg.run.date, 1],
      ['16.9', '2026-03-01', 3],
    ]);
    expect(l.toFirst[l.tests.indexOf('point-query')]![1]).toBeCloseTo(1.4, 10);
  });

  it('leaves out runs without a version or without numbers (every test failed)', () => {
    const failed = asVersion('16.2', 1);
    failed.summary.headline = [];
    const unversioned = asVersion('16.3', 1);
    delete unversioned.summary.dbms.version;
    const runs = [failed, unversioned, asVersion('16.9', 1.2), { id: pg.id, summary: summarizeRun(pg.run) }];
    expect(historyLadders(runs)[0]!.runs.map((r) => r.version)).toEqual(['15.18', '16.9']);
    expect(historyKeys([failed, unversioned])).toEqual([]);
  });
});

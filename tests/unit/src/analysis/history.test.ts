import { describe, expect, it } from 'vitest';
import { historyKeys, historyLadders } from '../../../../src/analysis/history.ts';
import { summarizeRun } from '../../../../src/runs/run-summary.ts';
import { harvestFixture } from '../../../helpers/harvest-fixture.ts';
import { withNoiseRows } from '../../../../collectors/lib/noise-rows.ts';

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

describe('history follows a product: config families, workload sizes, repeats over time', () => {
  const variant = (opts: { version: string; factor: number; config?: string; rows?: number; date?: string }) => {
    const run = structuredClone(pg.run);
    run.dbms.version = opts.version;
    if (opts.config) run.config.name = opts.config;
    if (opts.rows && run.workload.kind === 'sysbench') run.workload.rows = opts.rows;
    if (opts.date) run.date = opts.date;
    run.results = run.results.map((r) =>
      r.metric === 'qps' || r.metric === 'scan_krows_per_s' ? { ...r, value: r.value * opts.factor } : r,
    );
    return {
      id: `${pg.id}-${opts.version}-${run.config.name}-${run.date}-${opts.rows ?? ''}`,
      summary: summarizeRun(run),
    };
  };
  const families = [{ name: 'x10a, x10b', product: 'postgres', configs: ['x10a', 'x10b'] }];

  it('configs of one family form one ladder; without the family each config is its own', () => {
    const runs = [
      variant({ version: '17.7', factor: 1, config: 'x10a' }),
      variant({ version: '16.11', factor: 1, config: 'x10a' }),
      variant({ version: '18.1', factor: 0.9, config: 'x10b' }),
    ];
    const one = historyLadders(runs, families);
    expect(one).toHaveLength(1);
    expect(one[0]!.config).toBe('x10a, x10b');
    expect(one[0]!.runs.map((r) => `${r.version} ${r.config}`)).toEqual(['16.11 x10a', '17.7 x10a', '18.1 x10b']);
    expect(one[0]!.configs).toEqual(['x10a', 'x10b']);
    const i = one[0]!.tests.indexOf('point-query');
    expect(one[0]!.toFirst[i]![2]).toBeCloseTo(0.9, 10);
    expect(historyLadders(runs).map((l) => l.config)).toEqual(['x10a', 'x10b']);
  });

  it('runs of another table size are another ladder, never dropped', () => {
    const ladders = historyLadders([
      variant({ version: '16.11', factor: 1, rows: 20000 }),
      variant({ version: '17.7', factor: 1.1, rows: 20000 }),
      variant({ version: '17.7', factor: 2, rows: 1000000 }),
    ]);
    expect(ladders.map((l) => [l.workloadSize, l.runs.map((r) => r.version)])).toEqual([
      ['1 table × 20,000 rows, 1 thread', ['16.11', '17.7']],
      ['1 table × 1,000,000 rows, 1 thread', ['17.7']],
    ]);
  });

  it('repeats of a version: every run on the time axis, and their spread', () => {
    const ladders = historyLadders([
      variant({ version: '16.11', factor: 1, date: '2026-01-01' }),
      variant({ version: '17.7', factor: 1.1, date: '2026-02-01' }),
      variant({ version: '17.7', factor: 1.3, date: '2026-03-01' }),
    ]);
    const l = ladders[0]!;
    const i = l.tests.indexOf('point-query');
    expect(l.timeline.map((r) => [r.date, r.version])).toEqual([
      ['2026-01-01', '16.11'],
      ['2026-02-01', '17.7'],
      ['2026-03-01', '17.7'],
    ]);
    expect(l.timeline.map((r) => r.toFirst[i])).toEqual([1, expect.closeTo(1.1, 10), expect.closeTo(1.3, 10)]);
    expect(l.spreads).toHaveLength(1);
    const base = l.values[i]![0]!;
    expect(l.spreads[0]!.version).toBe('17.7');
    expect(l.spreads[0]!.runs).toBe(2);
    expect(l.spreads[0]!.tests[i]!.mean).toBeCloseTo(base * 1.2, 6);
    expect(l.spreads[0]!.tests[i]!.min).toBeCloseTo(base * 1.1, 6);
  });
});

describe('history ladders hold only comparable runs, with their noise', () => {
  it('runs that differ on a comparability gate (Lua scripts) are separate ladders', () => {
    const stock = structuredClone(pg.run);
    stock.dbms.version = '16.9';
    if (stock.workload.kind === 'sysbench') stock.workload.luaScripts = 'stock';
    const ladders = historyLadders([
      { id: pg.id, summary: summarizeRun(pg.run) },
      { id: 'stock', summary: summarizeRun(stock) },
    ]);
    expect(ladders.map((l) => l.gates)).toEqual([
      'duration under a minute · lua-scripts mytools',
      'duration under a minute · lua-scripts stock',
    ]);
  });

  it('a relative value carries the interval of its ratio when both runs export one', () => {
    const noisy = withNoiseRows(pg.run, pg.series);
    const faster = structuredClone(noisy);
    faster.dbms.version = '16.9';
    faster.results = faster.results.map((r) =>
      /^qps(_ci95_(low|high))?$/.test(r.metric) ? { ...r, value: r.value * 1.001 } : r,
    );
    const [l] = historyLadders([
      { id: pg.id, summary: summarizeRun(noisy) },
      { id: 'faster', summary: summarizeRun(faster) },
    ]);
    const i = l!.tests.indexOf('point-query');
    const ci = l!.toFirstCi[i]![1]!;
    expect(ci.low).toBeLessThan(l!.toFirst[i]![1]!);
    expect(ci.high).toBeGreaterThan(l!.toFirst[i]![1]!);
    expect(ci.low <= 1 && ci.high >= 1).toBe(true);
    // The first version is the base: 1 against itself, with no interval (the engine's base cell).
    expect(l!.toFirst[i]![0]).toBe(1);
    expect(l!.toFirstCi[i]![0]).toBeUndefined();
    // The page's cell is the engine's: the printed text, judged on it.
    expect(l!.toFirstCells[i]![1]!.text).toBe('1.00');
    expect(l!.toFirstCells[i]![1]!.withinNoise).toBe(true);
  });
});

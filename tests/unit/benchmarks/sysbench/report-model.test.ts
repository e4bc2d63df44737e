// Our relative QPS and per-query metrics must agree with what the mytools summary scripts computed from the
// same raw files (realruns/sysbench.tar.gz: summary/qps.rel.all.tsv, summary/o.met.pg, summary/o.met.ma).
import { describe, expect, it } from 'vitest';
import { sysbenchReport } from '../../../../benchmarks/sysbench/report/model.ts';
import { archiveText } from '../../../helpers/fixtures.ts';
import { harvestFixture } from '../../../helpers/harvest-fixture.ts';
import { printfFixed } from '../../../../collectors/lib/numbers.ts';
import { withNoiseRows } from '../../../../collectors/lib/noise-rows.ts';

const h = await harvestFixture('realruns/sysbench.tar.gz');
const id = (label: string) => h.byLabel.get(label)!.id;
const runs = h.runs.map((x) => ({ id: id(x.run.label), run: x.run }));

/** qps.rel.<tag>.tsv: `col-N : <dir>` lines, then rows of %.2f values ending with `<test>_range=<N>`. */
function parseQpsRel(text: string) {
  const lines = text.split('\n');
  const base = /^Relative to: (\S+)/.exec(lines[0]!)![1]!;
  const cols = lines.filter((l) => /^col-\d+ : /.test(l)).map((l) => l.split(' : ')[1]!);
  const rows = lines
    .filter((l) => /_range=\d+$/.test(l))
    .map((l) => {
      const f = l.split('\t');
      return { label: f[f.length - 1]!, values: f.slice(0, -1) };
    });
  return { base, cols, rows };
}

/** Our test name for a mytools label like `read-only_range=10` or `point-query_range=100`. */
function ourTest(model: ReturnType<typeof sysbenchReport>, label: string): string {
  const names = model.groups.flatMap((g) => g.rows.map((r) => r.test));
  return (
    names.find((n) => n === label) ??
    names.find((n) => `${n}_range=100` === label || `${n}_range=1000` === label || `${n}_range=10000` === label)!
  );
}

describe('sysbench report vs the mytools summaries', () => {
  const rel = parseQpsRel(archiveText('realruns/sysbench.tar.gz', 'sysbench/summary/qps.rel.all.tsv'));
  const model = sysbenchReport({
    runs,
    base: id(rel.base),
    order: [rel.base, ...rel.cols].map(id),
    includeWarmups: true,
  });

  it('uses the same base and columns', () => {
    expect(model.base.id).toBe(id('x.pg1518.cy1.pk1'));
    expect(model.columns.slice(1).map((c) => c.id)).toEqual(rel.cols.map(id));
  });

  it('every relative QPS of qps.rel.all.tsv, cell for cell to 2 decimals', () => {
    expect(rel.rows).toHaveLength(16);
    let cells = 0;
    for (const row of rel.rows) {
      const test = ourTest(model, row.label);
      const ours = model.groups.flatMap((g) => g.rows).find((r) => r.test === test)!;
      row.values.forEach((v, j) => {
        expect(printfFixed(ours.cells[j + 1]!.relative!, 2), `${row.label} col-${j + 1}`).toBe(v);
        cells++;
      });
    }
    expect(cells).toBe(48);
  });

  it.each([
    ['o.met.pg', 'x.pg1518.cy1.pk1', 'x.pg1518.cy2.pk1'],
    ['o.met.ma', 'x.ma101119.cy1.pk1', 'x.ma101119.cy2.pk1'],
  ])('%s: per-query metrics, absolute and relative', (file, baseLabel, otherLabel) => {
    const m = sysbenchReport({
      runs,
      base: id(baseLabel),
      order: [id(baseLabel), id(otherLabel)],
      includeWarmups: true,
    });
    const text = archiveText('realruns/sysbench.tar.gz', `sysbench/summary/${file}`);
    const blocks = text.split(/\n(?=sb\.met\.)/).filter((b) => b.startsWith('sb.met.'));
    expect(blocks).toHaveLength(16); // sum_met.sh leaves out point-query.warm
    const eff = (metric: string, test: string) =>
      m.efficiency.find((e) => e.metric === metric)!.rows.find((r) => r.test === test)!;
    let checked = 0;
    for (const block of blocks) {
      const sfxn = block.split('\n')[0]!;
      const [, type, range] = /^sb\.met\.(.+)\.range(\d+)\.pk1\.dop1$/.exec(sfxn)!;
      const test = ourTest(m, `${type}_range=${range}`);
      const lines = block.split('\n');
      const abs = lines.slice(3, 5).map((l) => l.split(/\s+/));
      const relLine = lines[6]!.split(/\s+/);
      // Absolute rows: cpu/o cs/o r/o rKB/o wKB/o o/s dbms (r/o and the KB columns %.6g of sb.met's %.3f).
      ['cpu_per_query', 'cs_per_query', 'reads_per_query', 'rkb_per_query', 'wkb_per_query'].forEach((metric, k) => {
        const row = eff(metric, test);
        const digits = [6, 3, 3, 3, 3][k]!;
        abs.forEach((a, j) =>
          expect(Number(printfFixed(row.cells[j]!.value!, digits)), `${sfxn} ${metric} col ${j}`).toBe(Number(a[k])),
        );
        // Relative: the harness divides the values as sb.met printed them (rounded), %.2f, `1` when both are
        // 0 and `inf` when only the base is. Ours (on the page) divides the unrounded averages; here we check
        // that rounding our values the way sb.met does gives the harness's number exactly.
        const [b, o] = [0, 1].map((j) => Number(printfFixed(row.cells[j]!.value!, digits)));
        const harnessStyle = b === 0 && o === 0 ? '1' : b === 0 ? 'inf' : printfFixed(o! / b!, 2);
        expect(harnessStyle, `${sfxn} ${metric} relative`).toBe(relLine[k]);
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('groups the tests as the posts do', () => {
    const g = Object.fromEntries(model.groups.map((x) => [x.id, x.rows.map((r) => r.test)]));
    expect(g.point).toEqual([
      'point-query.warm',
      'point-query',
      'random-points_range=10',
      'hot-points',
      'points-covered-si',
    ]);
    expect(g.range).toEqual(['range-notcovered-si.pre', 'scan', 'range-covered-pk']);
    expect(g['range-agg']).toEqual(['read-only_range=10', 'read-only-count']);
    expect(g.writes).toEqual([
      'update-inlist',
      'update-index',
      'update-nonindex',
      'write-only',
      'read-write_range=100',
      'delete',
      'insert',
    ]);
  });

  it('summarises each group in basis points of the printed values, naming the tests', () => {
    const writes = model.groups.find((g) => g.id === 'writes')!;
    const async = writes.summaries.find((s) => s.column === id('x.pg1518.cy2.pk1'))!;
    // qps.rel.all.tsv, pg async column: update-nonindex 2.53 is the largest change, delete 1.11 the smallest.
    expect(async.largestImprovement).toEqual({ test: 'update-nonindex', bp: 153 });
    expect(async.group).toBe('writes');
    expect(async.count).toBe(7);
    expect(async.regressions).toBe(0);
    const printed = writes.rows.map((r) => r.cells[model.columns.findIndex((c) => c.id === async.column)]!.text);
    expect(printed).toContain('1.11');
    expect(printed).toContain('2.53');
  });
});

describe('relative values within noise', () => {
  // The run writer adds each run's qps intervals (collectors/lib/noise-rows.ts); harvestFixture stops before it.
  const noisy = h.runs.map((x) => ({ id: id(x.run.label), run: withNoiseRows(x.run, x.series) }));
  const pg = noisy.find((r) => r.run.label === 'x.pg1518.cy1.pk1')!;
  /** The base run again with every qps figure (and its interval) times `f`: a run `f` times as fast, as noisy. */
  const scaled = (f: number) => ({
    id: `${pg.id}-x${f}`,
    run: {
      ...pg.run,
      results: pg.run.results.map((r) =>
        /^qps(_ci95_(low|high))?$/.test(r.metric) ? { ...r, value: r.value * f } : r,
      ),
    },
  });

  it('every cell with intervals on both sides carries Fieller’s interval, muted when it includes 1', () => {
    const model = sysbenchReport({
      runs: [...noisy, scaled(1.001), scaled(1.5)],
      base: pg.id,
      order: [pg.id, `${pg.id}-x1.001`, `${pg.id}-x1.5`],
    });
    const cells = model.groups.flatMap((g) => g.rows.filter((r) => r.metric === 'qps').map((r) => r.cells));
    const withInterval = cells.filter((c) => c[1]!.interval);
    expect(withInterval.length).toBeGreaterThan(5);
    for (const c of withInterval) {
      expect(c[0]!.interval).toBeUndefined(); // the base against itself
      const near = c[1]!;
      const i = near.interval!;
      expect(i.low).toBeLessThan(near.relative!);
      expect(i.high).toBeGreaterThan(near.relative!);
      expect(near.withinNoise).toBe(i.low <= 1 && i.high >= 1);
      expect(near.withinNoise).toBe(true); // 0.1 % faster is within these 10-second runs' noise
      expect(c[2]!.withinNoise).toBe(false); // 50 % faster is not
    }
  });
});

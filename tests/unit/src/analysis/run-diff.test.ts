// The rows of a pull-request comment: a change counts as a regression or improvement beyond the thresholds, and,
// where both runs carry the figure's noise interval, only when the ratio's interval excludes 1.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diffRows, latestComparable } from '../../../../src/analysis/run-diff.ts';
import type { Run } from '../../../../src/schemas/index.ts';
import { ROOT } from '../../../helpers/build-site.ts';

const run = (): Run =>
  JSON.parse(readFileSync(`${ROOT}content/runs/sysbench/vm/20261122-x.pg1518.cy2.pk1/run.json`, 'utf8'));
const thresholds = { regression: 0.95, improvement: 1.05 };
/** A copy of the run with one test's qps (and its interval, so its width stays) times `k`. */
function scaled(r: Run, test: string, k: number, keepInterval = true): Run {
  return {
    ...r,
    results: r.results
      .filter((v) => keepInterval || !/_ci95_/.test(v.metric))
      .map((v) => (v.test === test && /^qps(_ci95_(low|high))?$/.test(v.metric) ? { ...v, value: v.value * k } : v)),
  };
}
const row = (rows: ReturnType<typeof diffRows>, test: string) => rows.find((x) => x.test === test)!;

describe('diffRows', () => {
  it('a 6 % change inside the 95 % interval of the ratio is within the noise, not an improvement', () => {
    const base = run();
    const ci = (m: string) => base.results.find((v) => v.test === 'point-query.warm' && v.metric === m)!.value;
    const qps = ci('qps');
    // This test's own interval is wider than 6 % on each side, so a 1.06 ratio cannot be told from noise.
    expect((ci('qps_ci95_high') - qps) / qps).toBeGreaterThan(0.06);
    const r = row(
      diffRows(scaled(base, 'point-query.warm', 1.06), { id: 'base', run: base }, thresholds),
      'point-query.warm',
    );
    expect(r.relative).toBeCloseTo(1.06, 10);
    expect(r.noise).toBe('within');
    expect(r.verdict).toBe('neutral');
  });

  it('a change beyond both is an improvement or a regression', () => {
    const base = run();
    const rows = diffRows(
      scaled(scaled(base, 'point-query.warm', 1.5), 'insert', 0.5),
      { id: 'base', run: base },
      thresholds,
    );
    expect(row(rows, 'point-query.warm')).toMatchObject({ noise: 'beyond', verdict: 'improvement' });
    expect(row(rows, 'insert')).toMatchObject({ noise: 'beyond', verdict: 'regression' });
  });

  it('without intervals the thresholds alone decide', () => {
    const base = scaled(run(), 'none', 1, false);
    const r = row(
      diffRows(scaled(base, 'point-query.warm', 1.06, false), { id: 'base', run: base }, thresholds),
      'point-query.warm',
    );
    expect(r.noise).toBeUndefined();
    expect(r.verdict).toBe('improvement');
  });

  it('a run alone has its headline numbers and nothing relative', () => {
    const rows = diffRows(run(), undefined, thresholds);
    expect(row(rows, 'point-query')).toMatchObject({ metric: 'qps', relative: undefined, verdict: 'neutral' });
    expect(row(rows, 'point-query').value).toBeGreaterThan(0);
  });
});

describe('the base of a diff has numbers of its own', () => {
  const read = (id: string): Run => JSON.parse(readFileSync(`${ROOT}content/runs/${id}/run.json`, 'utf8'));
  const pg1710 = { id: 'sysbench/ser7/20260609-pg1710', run: read('sysbench/ser7/20260609-pg1710') };
  const pg19b1 = { id: 'sysbench/ser7/20260609-pg19b1', run: read('sysbench/ser7/20260609-pg19b1') };

  it('a run with numbers never takes a published relative run (no numbers) as its base', () => {
    // Same host, product and workload as the post's runs: only its numbers tell it apart.
    const measured = {
      id: 'sysbench/ser7/x',
      run: { ...run(), host: { ...run().host, name: 'ser7' }, workload: pg1710.run.workload },
    };
    const chosen = latestComparable(measured, [pg1710, pg19b1]);
    expect(chosen.base).toBeUndefined();
    expect(chosen.why).toContain('with numbers of its own');
  });

  it("a published relative run takes its post's base, from the change itself too, and shows the post's values", () => {
    expect(latestComparable(pg19b1, [], [pg1710, pg19b1]).base?.id).toBe(pg1710.id);
    const { base } = latestComparable(pg19b1, [pg1710]);
    const rows = diffRows(pg19b1.run, base, thresholds);
    const printed = pg19b1.run.relative![0]!.values;
    expect(rows.map((r) => [r.test, r.text])).toEqual(printed.map((v) => [v.test, v.value.toFixed(2)]));
    expect(rows.every((r) => r.published && r.valueText === '')).toBe(true);
    const count = rows.find((r) => r.test === 'read-only-count')!;
    expect(count).toMatchObject({ text: '2.47', verdict: 'improvement' });
    // Without its base there is nothing to show, and the reason names the base.
    const alone = latestComparable(pg19b1, []);
    expect(alone.why).toContain(pg1710.id);
  });
});

// History of the runs posts published as relative values: each post's runs one ladder, its base first, every
// value as the post printed it where a table relates two runs, else chained, and the history pages that follow.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { historyKeys, historyLadders, onLadder } from '../../../../src/analysis/history.ts';
import { summarizeRun } from '../../../../src/runs/run-summary.ts';
import type { Run } from '../../../../src/schemas/index.ts';
import { ROOT } from '../../../helpers/build-site.ts';

const read = (id: string): Run => JSON.parse(readFileSync(`${ROOT}content/runs/${id}/run.json`, 'utf8'));
const runsOf = (dir: string) =>
  readdirSync(`${ROOT}content/runs/${dir}`)
    .sort()
    .map((name) => ({ id: `${dir}/${name}`, summary: summarizeRun(read(`${dir}/${name}`)) }));
const printedOf = (id: string) => new Map(read(id).relative![0]!.values.map((v) => [v.test, v.value]));

describe('published relative runs in history', () => {
  const ser7 = runsOf('sysbench/ser7');

  it('Postgres 17.10, 18.4 and 19beta1 (2026-06-09) are one ladder with a page; the base without numbers too', () => {
    expect(historyKeys(ser7)).toEqual([{ benchmark: 'sysbench', host: 'ser7', product: 'postgres' }]);
    expect(ser7.every(onLadder)).toBe(true);
    const ladders = historyLadders(ser7);
    expect(ladders).toHaveLength(1);
    const l = ladders[0]!;
    expect(l.kind).toBe('published');
    expect(l.runs.map((r) => r.version)).toEqual(['17.10', '18.4', '19beta1']);
  });

  it("each run against the base prints the post's value, †, never chained", () => {
    const l = historyLadders(ser7)[0]!;
    for (const [j, id] of [
      [1, 'sysbench/ser7/20260609-pg184'],
      [2, 'sysbench/ser7/20260609-pg19b1'],
    ] as const) {
      const printed = printedOf(id);
      expect(l.tests.length).toBe(printed.size);
      l.tests.forEach((test, i) => {
        const c = l.toFirstCells[i]![j]!;
        expect(c.text, `${id} ${test}`).toBe(printed.get(test)!.toFixed(2));
        expect(c.published).toBe(true);
        expect(l.toFirstChains[i]![j]).toBeUndefined();
      });
    }
    const count = l.toFirstCells[l.tests.indexOf('read-only-count')]![2]!;
    expect(count).toMatchObject({ text: '2.47', verdict: 'improvement' });
  });

  it('19beta1 against 18.4 is chained through 17.10: the quotient of the printed values, with its range', () => {
    const l = historyLadders(ser7)[0]!;
    const v19 = printedOf('sysbench/ser7/20260609-pg19b1');
    const v18 = printedOf('sysbench/ser7/20260609-pg184');
    l.tests.forEach((test, i) => {
      const chain = l.toPreviousChains[i]![2]!;
      expect(chain.steps.map((s) => s.inverted)).toEqual([false, true]);
      expect(chain.value).toBeCloseTo(v19.get(test)! / v18.get(test)!, 12);
      expect(chain.low! <= chain.value && chain.value <= chain.high!).toBe(true);
      expect(l.toPreviousCells[i]![2]!.relative).toBe(chain.value);
    });
    // scan: 1.05 / 0.95 = 1.105..., printed as 1.11 and an improvement.
    expect(l.toPreviousCells[l.tests.indexOf('scan')]![2]).toMatchObject({ text: '1.11', verdict: 'improvement' });
    // 18.4 against the one before is against the base: as printed.
    expect(l.toPreviousChains.every((row) => row[1] === undefined)).toBe(true);
  });

  it('the time axis has every run at the post date, the base at 1', () => {
    const l = historyLadders(ser7)[0]!;
    expect(l.timeline.map((r) => [r.version, r.date])).toEqual([
      ['17.10', '2026-06-09'],
      ['18.4', '2026-06-09'],
      ['19beta1', '2026-06-09'],
    ]);
    expect(l.timeline[0]!.toFirst.every((x) => x === 1)).toBe(true);
  });

  it('MySQL on pn53: the measured ladder and each post apart; a post whose tables each name the one before chains them', () => {
    const mysql = runsOf('sysbench/pn53').filter((r) => r.summary.dbms.product === 'mysql');
    const ladders = historyLadders(mysql);
    expect(ladders.map((l) => [l.kind, l.runs[0]!.id, l.runs.length])).toEqual([
      ['measured', 'sysbench/pn53/20260301-x.my5651_rel_o2nofp.z12a_c8r32.pk1', 13],
      ['published', 'sysbench/pn53/20260409-my5651.z12a_c8r32', 6],
      ['published', 'sysbench/pn53/20260410-my8408.z12a_c8r32', 3],
    ]);
    const l = ladders[1]!;
    expect(l.runs.map((r) => r.version)).toEqual(['5.6.51', '5.7.44', '8.0.28', '8.0.45', '8.4.8', '9.7.0']);
    const i = l.tests.indexOf('point-query');
    const p = (id: string) => printedOf(`sysbench/pn53/${id}`).get('point-query')!;
    // 8.0.28 against 5.6.51: (8.0.28 vs 5.7.44) × (5.7.44 vs 5.6.51).
    expect(l.toFirstChains[i]![2]!.value).toBeCloseTo(
      p('20260409-my8028.z12a_c8r32') * p('20260409-my5744.z12a_c8r32'),
      12,
    );
    // 9.7.0 has its own table against 5.6.51: as printed; against 8.4.8 too (its second table).
    expect(l.toFirstChains[i]![5]).toBeUndefined();
    expect(l.toFirstCells[i]![5]!.published).toBe(true);
    expect(l.toPreviousChains[i]![5]).toBeUndefined();
  });

  it('MariaDB binlog (2026-02-16): one version, a column per config; a chain through 0.01 shows its range only', () => {
    const ma = runsOf('sysbench/pn53').filter((r) => r.id.startsWith('sysbench/pn53/20260216-'));
    const l = historyLadders(ma)[0]!;
    expect(l.runs.map((r) => r.config)).toEqual(['z12b_c8r32', 'z12b_sync_c8r32', 'z12c_c8r32', 'z12c_sync_c8r32']);
    const i = l.tests.indexOf('delete');
    // z12c against z12b_sync: 1.06 ÷ 0.01, between 70 and 213: no value printed, no value charted.
    const c = l.toPreviousCells[i]![2]!;
    expect(c.text).toBe('70.33 to 213');
    expect(c.relative).toBeUndefined();
    expect(c.verdict).toBe('improvement');
    expect(l.toPrevious[i]![2]).toBeUndefined();
  });

  it('the Insert Benchmark posts: a ladder per post and size, every run against 12.22 as printed', () => {
    const pg = runsOf('insert-benchmark/24-core').filter((r) => r.summary.dbms.product === 'postgres');
    const [l, ...rest] = historyLadders(pg);
    expect(rest).toEqual([]);
    expect(l!.runs[0]!.version).toBe('12.22');
    expect(l!.runs).toHaveLength(pg.length);
    expect(l!.toFirstChains.flat().filter(Boolean)).toEqual([]);
    expect(l!.toFirstCells.flat().filter((c, k) => k % pg.length !== 0 && c.text === '')).toEqual([]);
  });
});

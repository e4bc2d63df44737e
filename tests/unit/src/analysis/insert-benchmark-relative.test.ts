// Relative values computed from the harness's merged tables (mrg.*) equal its relative tables (rel.*) beside
// them, cell for cell, as printed (2 decimals, and sum_met.awk's 1 / inf / NA cases).
import { describe, expect, it } from 'vitest';
import { relativeToBase, relativeValue } from '../../../../src/analysis/insert-benchmark-relative.ts';
import { cellNumber, parseSummaryTable } from '../../../../collectors/insert-benchmark/parse-summaries.ts';
import { fixtureText } from '../../../helpers/fixtures.ts';

const DIR = 'mytools/bench/results/ibench.jan2021/100m/res.a/';
const PAIRS = ['l.i0', 'q100.1'];

describe.each(PAIRS)('rel.%s from mrg.%s (Jan 2021)', (step) => {
  const mrg = parseSummaryTable(fixtureText(`${DIR}mrg.${step}`));
  const rel = parseSummaryTable(fixtureText(`${DIR}rel.${step}`));
  const columns = mrg.columns.slice(0, -1);

  it('has one relative row per non-base row of each group, in order', () => {
    const bases = new Set(mrg.groups.map((g) => mrg.groups.indexOf(g)));
    expect(rel.rows.map((r) => r.tag)).toEqual(mrg.rows.filter((_, i) => !bases.has(i)).map((r) => r.tag));
    expect(rel.groups).toEqual(mrg.groups.filter((_, i) => !bases.has(i)));
  });

  it('every cell equals value / first row of its group, printed as sum_met.awk prints it', () => {
    let checked = 0;
    for (const relRow of rel.rows) {
      const i = mrg.rows.findIndex((r) => r.tag === relRow.tag);
      const group = mrg.groups[i]!;
      const base = mrg.rows[mrg.groups.indexOf(group)]!;
      for (const c of columns) {
        expect(relativeValue(cellNumber(mrg.rows[i]![c]), cellNumber(base[c])).text, `${relRow.tag} ${c}`).toBe(
          relRow[c],
        );
        checked++;
      }
    }
    expect(checked).toBe(rel.rows.length * 20);
  });

  it('the arquero table join gives the same cells, per column, against each group base', () => {
    for (const c of ['ips', 'qps', 'cpupq', 'p99']) {
      for (const group of new Set(mrg.groups)) {
        const rows = mrg.rows.filter((_, i) => mrg.groups[i] === group);
        const cells = rows.map((r) => ({ run: r.tag!, step: step, value: cellNumber(r[c]) }));
        const out = relativeToBase(cells, rows[0]!.tag!);
        for (const o of out.slice(1)) expect(o.text, `${o.run} ${c}`).toBe(rel.rows.find((r) => r.tag === o.run)![c]);
      }
    }
  });
});

describe('relativeValue', () => {
  it('follows sum_met.awk for zeros and NA, and rounds ties as C printf does', () => {
    expect(relativeValue(0, 0)).toEqual({ relative: 1, text: '1' });
    expect(relativeValue(3, 0)).toEqual({ text: 'inf' });
    expect(relativeValue(undefined, 2).text).toBe('NA');
    expect(relativeValue(9, 8).text).toBe('1.12'); // 1.125 exactly: glibc keeps the even digit
  });
});

// The engine's cells equal the Insert Benchmark harness's relative tables (rel.*) computed from its merged tables
// (mrg.*) beside them, cell for cell, as printed: 2 decimals as C printf, and sum_met.awk's 1 / inf / NA.
import { describe, expect, it } from 'vitest';
import { compareCell } from '../../../../src/engine/cell.ts';
import type { MetricDescriptor } from '../../../../src/engine/descriptor.ts';
import { findDescriptor } from '../../../../benchmarks/index.ts';
import { THRESHOLDS } from '../../../../src/engine/verdict.ts';
import { cellNumber, parseSummaryTable } from '../../../../benchmarks/insert-benchmark/parse-summaries.ts';
import { fixtureText } from '../../../helpers/fixtures.ts';
import { data } from './helpers.ts';

const DIR = 'mytools/bench/results/ibench.jan2021/100m/res.a/';
const PAIRS = ['l.i0', 'q100.1'];

// A column of the harness's tables as printed, with the Insert Benchmark's relative format (its values are the
// printed ones already: the harness divides what it printed).
const { relativeDigits, awkTexts } = findDescriptor('insert-benchmark')!.metrics.inserts_per_s!;
const column = (name: string): MetricDescriptor => ({ name, unit: '', direction: 'higher', relativeDigits, awkTexts });

/** The harness's text of value / base for one column of two rows. */
function text(value: number | undefined, base: number | undefined, name = 'x'): string {
  const run = (id: string, v: number | undefined) => data(id, { s: v === undefined ? {} : { [name]: v } });
  return compareCell(run('a', value), 's', run('b', base), { metric: column(name), thresholds: THRESHOLDS }).text;
}

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
        expect(text(cellNumber(mrg.rows[i]![c]), cellNumber(base[c]), c), `${relRow.tag} ${c}`).toBe(relRow[c]);
        checked++;
      }
    }
    expect(checked).toBe(rel.rows.length * 20);
  });
});

describe("sum_met.awk's cases", () => {
  it('zeros, NA, and ties rounded as C printf does', () => {
    expect(text(0, 0)).toBe('1');
    expect(text(3, 0)).toBe('inf');
    expect(text(undefined, 2)).toBe('NA');
    expect(text(2, undefined)).toBe('NA');
    expect(text(9, 8)).toBe('1.12'); // 1.125 exactly: glibc keeps the even digit
  });
  it('a run without the test, or that failed it, has an empty cell rather than NA', () => {
    const m = { metric: column('x'), thresholds: THRESHOLDS };
    expect(compareCell(data('a', {}), 's', data('b', { s: { x: 1 } }), m).text).toBe('');
    expect(compareCell(data('a', {}, { failed: { s: 'error' } }), 's', data('b', { s: { x: 1 } }), m).text).toBe('');
  });
});

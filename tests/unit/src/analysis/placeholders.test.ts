// The placeholders of report prose, function by function, on committed runs: the 2026-02-16 binlog post's
// published relative tables (two sections, bases z12b and z12b_sync), the 2026-04-09 version ladder, and the
// mar26 harness summaries (absolute QPS and per-query metrics). Error messages are pinned: authors read them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildReportModel, type ModelRun } from '../../../../src/analysis/report-model.ts';
import { PlaceholderError, parsePlaceholder } from '../../../../src/analysis/placeholder-syntax.ts';
import { renderClaim, renderPlaceholder } from '../../../../src/analysis/placeholders.ts';
import { RunSchema } from '../../../../src/schemas/index.ts';

const load = (id: string): ModelRun => ({
  id,
  run: RunSchema.parse(JSON.parse(readFileSync(`content/runs/${id}/run.json`, 'utf8'))),
});
const B = 'sysbench/pn53/20260216-ma120300.';
const binlog = buildReportModel({
  benchmark: 'sysbench',
  runs: ['z12b_c8r32', 'z12c_c8r32', 'z12b_sync_c8r32', 'z12c_sync_c8r32'].map((l) => load(B + l)),
  sections: [
    { base: `${B}z12b_c8r32`, runs: [`${B}z12c_c8r32`, `${B}z12b_sync_c8r32`, `${B}z12c_sync_c8r32`] },
    { base: `${B}z12b_sync_c8r32`, runs: [`${B}z12c_sync_c8r32`] },
  ],
});
const L = 'sysbench/pn53/20260409-';
const ladderIds = ['my5651', 'my5744', 'my8028', 'my8045', 'my8408', 'my9700'].map(
  (b) => `${L}${b}.${b === 'my9700' ? 'z13a' : 'z12a'}_c8r32`,
);
const ladder = buildReportModel({
  benchmark: 'sysbench',
  runs: ladderIds.map(load),
  sections: [{ base: ladderIds[0]!, runs: ladderIds.slice(1), ladder: true }],
});
const M = 'sysbench/pn53/20260301-x.';
const mar26 = buildReportModel({
  benchmark: 'sysbench',
  runs: [load(`${M}my8045_rel_o2nofp.z12a_c8r32.pk1`), load(`${M}my8408_rel_o2nofp.z12a_c8r32.pk1`)],
  sections: [{ base: `${M}my8045_rel_o2nofp.z12a_c8r32.pk1`, runs: [`${M}my8408_rel_o2nofp.z12a_c8r32.pk1`] }],
  labels: { [`${M}my8408_rel_o2nofp.z12a_c8r32.pk1`]: '8.4.8' },
});

const r = (model: Parameters<typeof renderPlaceholder>[0], src: string) => renderPlaceholder(model, src);
const error = (model: Parameters<typeof renderPlaceholder>[0], src: string) => {
  try {
    renderPlaceholder(model, src);
  } catch (e) {
    expect(e).toBeInstanceOf(PlaceholderError);
    return (e as Error).message;
  }
  throw new Error(`${src} rendered`);
};

describe('rel: a column relative to its base', () => {
  it('is the post’s printed value for published relative runs, formatted as the tables', () => {
    expect(r(binlog, 'rel(z12c, delete)')).toBe('1.06');
    expect(r(binlog, 'rel(z12c_sync, update-index, section=2)')).toBe('7.64');
    expect(r(binlog, `rel(${B}z12c_c8r32, insert)`)).toBe('1.05');
  });
  it('is value / base value for runs with absolute values', () => {
    const rel = mar26.sections[0]!.rows.find((x) => x.test === 'point-query')!.cells[1]!.relative!;
    expect(r(mar26, 'rel(8.4.8, point-query)')).toBe(rel.toFixed(2));
  });
  it('is against the previous version in a ladder', () => {
    expect(r(ladder, 'rel(8.0.28, hot-points)')).toBe('0.65');
  });
  it('names the sections when a column is in several', () => {
    expect(error(binlog, 'rel(z12c_sync, delete)')).toBe(
      'column "z12c_sync" is in 2 sections: say which with section=N (section 1 (base z12b); section 2 (base z12b_sync))',
    );
  });
  it('lists the names that would resolve for an unknown column or test', () => {
    expect(error(binlog, 'rel(z12x, delete, section=1)')).toBe(
      'unknown column "z12x" in section 1 (base z12b); names that would resolve: z12b, z12c, z12b_sync, z12c_sync, ' +
        'sysbench/pn53/20260216-ma120300.z12b_c8r32, sysbench/pn53/20260216-ma120300.z12c_c8r32, ' +
        'sysbench/pn53/20260216-ma120300.z12b_sync_c8r32, sysbench/pn53/20260216-ma120300.z12c_sync_c8r32',
    );
    expect(error(binlog, 'rel(z12c, delet)')).toMatch(
      /^unknown test or group "delet" in section 1 \(base z12b\); names that would resolve: delete, /,
    );
  });
  it('asks for an aggregate over a group', () => {
    expect(error(binlog, 'rel(z12c, writes)')).toBe(
      'rel(z12c, writes) is 10 values (one per test of the group): wrap it in median(), min(), max(), argmin(), argmax() or count()',
    );
  });
});

describe('bp, magnitude: changes in basis points', () => {
  it('signs changes as the summaries do and drops the sign for "a drop of N basis points"', () => {
    expect(r(binlog, 'bp(z12c, delete)')).toBe('+6');
    expect(r(binlog, 'bp(z12b_sync, insert, section=1)')).toBe('\u221299');
    expect(r(binlog, 'magnitude(bp(z12b_sync, insert, section=1))')).toBe('99');
  });
});

describe('median, min, max, argmin, argmax, count over a group', () => {
  it('reduce the values of the group’s tests', () => {
    expect(r(binlog, 'max(rel(z12c, writes))')).toBe('1.06');
    expect(r(binlog, 'argmax(rel(z12c, writes))')).toBe('delete');
    expect(r(binlog, 'min(rel(z12c, writes))')).toBe('1.01');
    expect(r(binlog, 'argmin(rel(z12c_sync, writes, section=2))')).toBe('read-write_range=100');
    // 1.01 1.01 1.01 1.02 1.03 | 1.05 1.05 1.05 1.05 1.06: (3 + 5) / 2
    expect(r(binlog, 'median(bp(z12c, writes))')).toBe('+4');
    expect(r(binlog, 'count(rel(z12c, writes))')).toBe('10');
  });
  it('need a group', () => {
    expect(error(binlog, 'median(rel(z12c, delete))')).toBe(
      'median() needs values over a group of tests (a group name where the test goes)',
    );
  });
});

describe('ratio of two columns', () => {
  it('divides relative values against the same base when there is no absolute value', () => {
    expect(r(binlog, 'ratio(z12c_sync, z12b_sync, read-write_range=100, section=1)')).toBe((0.47 / 0.12).toFixed(2));
  });
  it('multiplies along a ladder', () => {
    const v = 0.65 * Number(r(ladder, 'rel(5.7.44, hot-points)'));
    expect(r(ladder, 'ratio(8.0.28, 5.6.51, hot-points)')).toBe(v.toFixed(2));
  });
  it('divides absolute values when both columns have them', () => {
    const rows = mar26.sections[0]!.rows.find((x) => x.test === 'point-query')!;
    expect(r(mar26, 'ratio(8.4.8, my8045_rel_o2nofp.z12a_c8r32, point-query)')).toBe(
      (rows.cells[1]!.value! / rows.cells[0]!.value!).toFixed(2),
    );
  });
});

describe('value: absolute numbers', () => {
  it('is the headline number, or the metric named', () => {
    const cpu = mar26.results[`${M}my8408_rel_o2nofp.z12a_c8r32.pk1`]!['point-query']!.cpu_per_query!;
    expect(r(mar26, 'value(8.4.8, point-query, metric=cpu_per_query)')).toBe(
      cpu >= 1 ? cpu.toFixed(2) : cpu.toPrecision(3),
    );
    const qps = mar26.sections[0]!.rows.find((x) => x.test === 'point-query')!.cells[1]!.value!;
    expect(r(mar26, 'value(8.4.8, point-query)')).toBe(String(Math.round(qps)));
  });
  it('never invents one for a published relative run, and suggests metric names', () => {
    expect(error(binlog, 'value(z12c, delete)')).toBe(
      'z12c is published relative: the post gives no absolute value, only rel()',
    );
    expect(error(mar26, 'value(8.4.8, point-query, metric=cpu_per_qury)')).toMatch(
      /^8\.4\.8 has no metric "cpu_per_qury"; names that would resolve: cpu_per_query, /,
    );
  });
});

describe('assert: claims', () => {
  it('renders the value when the claim holds, comparing the value as printed', () => {
    expect(r(binlog, 'assert rel(z12c_sync, delete, section=2) >= 4')).toBe('6.40');
    expect(r(binlog, 'assert rel(z12c, delete) = 1.06')).toBe('1.06');
  });
  it('fails with the value when it does not', () => {
    expect(error(binlog, 'assert rel(z12c_sync, read-write_range=100, section=2) >= 4.5')).toBe(
      'claim not supported by the data: the value is 4.06, and 4.06 >= 4.5 is false',
    );
  });
  it("≈ takes the author's rounded number with a tolerance, absolute or relative, and notes where they differ", () => {
    expect(parsePlaceholder('assert magnitude(min(bp(z12c_sync, writes))) \u2248 33 \u00b1 5').assert).toEqual({
      op: '\u2248',
      number: 33,
      said: '33',
      tolerance: { value: 5, relative: false },
    });
    expect(parsePlaceholder('assert rel(a, b) ~= 4X +- 10%').assert).toMatchObject({
      op: '\u2248',
      number: 4,
      said: '4',
      tolerance: { value: 10, relative: true },
    });
    expect(parsePlaceholder('assert rel(a, b) \u22484\u00b10.1').assert).toMatchObject({
      number: 4,
      tolerance: { value: 0.1 },
    });
    // 6.40 printed: within 0.5 of 6.4 and the same number, so no note; 4.06 is 4 within 2 %, noted.
    expect(renderClaim(binlog, 'assert rel(z12c_sync, delete, section=2) \u2248 6.4 \u00b1 0.5')).toEqual({
      text: '6.40',
    });
    expect(renderClaim(binlog, 'assert rel(z12c_sync, read-write_range=100, section=2) \u2248 4 \u00b1 2%')).toEqual({
      text: '4.06',
      note: 'the post said ~4; computed from its table: 4.06',
    });
    // Computed from the runs when they are not a post's table.
    expect(renderClaim(mar26, 'assert rel(8.4.8, point-query) \u2248 1 \u00b1 0.1').note).toMatch(
      /; computed from the runs: /,
    );
    expect(error(binlog, 'assert rel(z12c_sync, read-write_range=100, section=2) \u2248 4.5 \u00b1 0.2')).toBe(
      'claim not supported by the data: the value is 4.06, not within 0.2 of 4.5',
    );
    expect(error(binlog, 'assert rel(z12c_sync, insert, section=2) \u2248 4')).toBe(
      '"\u2248" takes a tolerance: {{ assert ... \u2248 4 \u00b1 2 }}, or relative: \u00b1 10%',
    );
  });
  it('names the functions for an unknown one', () => {
    expect(error(binlog, 'relative(z12c, delete)')).toBe(
      'unknown function "relative"; names that would resolve: rel, ratio, value, median, min, max, argmin, argmax and 3 more',
    );
  });
});

describe('ratio of a metric', () => {
  it('divides the metric of two runs', () => {
    const id = (b: string) => `${M}${b}_rel_o2nofp.z12a_c8r32.pk1`;
    const cpu = (b: string) => mar26.results[id(b)]!['point-query']!.cpu_per_query!;
    expect(r(mar26, 'ratio(8.4.8, my8045_rel_o2nofp.z12a_c8r32, point-query, metric=cpu_per_query)')).toBe(
      (cpu('my8408') / cpu('my8045')).toFixed(2),
    );
    expect(error(mar26, 'ratio(8.4.8, my8045_rel_o2nofp.z12a_c8r32, point-query, metric=cpu_per_qry)')).toMatch(
      /^8\.4\.8 or my8045_rel_o2nofp\.z12a_c8r32 has no metric "cpu_per_qry"; names that would resolve: cpu_per_query, /,
    );
  });
});

describe('names are data: no built-in property of an object resolves', () => {
  it('refuses metric=constructor (and the like) with the metrics there are, never NaN', () => {
    const suggested = (src: string) => {
      try {
        renderPlaceholder(mar26, src);
      } catch (e) {
        return { message: (e as Error).message, suggestions: (e as PlaceholderError).suggestions };
      }
      throw new Error(`${src} rendered`);
    };
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      for (const src of [
        `value(8.4.8, point-query, metric=${name})`,
        `ratio(8.4.8, my8045_rel_o2nofp.z12a_c8r32, point-query, metric=${name})`,
        `assert value(8.4.8, point-query, metric=${name}) != 1`,
      ]) {
        const e = suggested(src);
        expect(e.message).toMatch(new RegExp(`has no metric "${name}"; names that would resolve: `));
        expect(e.suggestions).toContain('cpu_per_query');
      }
    }
  });
  it('refuses a group or test named after a built-in property', () => {
    expect(error(binlog, 'median(bp(z12c, constructor))')).toMatch(/^unknown test or group "constructor" in section 1/);
    expect(error(binlog, 'count(rel(z12c, __proto__))')).toMatch(/^unknown test or group "__proto__" in section 1/);
  });
});

// The report model behind relative tables, their CSV and the placeholders, with the report options the posts
// need: sections with their own base, a version ladder, test groups and order, one colour rule whatever the
// palette, summaries by group (the engine's tests cover their words). Runs are committed ones (published relative tables and harness summaries).
import { readFileSync } from 'node:fs';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  buildReportModel,
  excludedTests,
  relativeSectionCsv,
  type ModelRun,
} from '../../../../src/analysis/report-model.ts';
import { relativeBarsSpec } from '../../../../src/charts/relative-bars.ts';
import { validateReportText } from '../../../../src/site/validate-report.ts';

import { RunSchema } from '../../../../src/schemas/index.ts';

const load = (id: string): ModelRun => ({
  id,
  run: RunSchema.parse(JSON.parse(readFileSync(`content/runs/${id}/run.json`, 'utf8'))),
});

describe('one colour rule whatever the palette', () => {
  it('yellow-blue colours the printed 0.95 and 1.05 as red-green does (the verdict of the printed value)', () => {
    const ids = ['sysbench/pn53/20260216-ma120300.z12b_c8r32', 'sysbench/pn53/20260216-ma120300.z12c_c8r32'];
    const m = buildReportModel({
      benchmark: 'sysbench',
      runs: ids.map(load),
      colours: 'yellow-blue',
      sections: [{ base: ids[0]!, runs: [ids[1]!] }],
    });
    const cells = m.sections[0]!.rows.map((r) => r.cells[1]!).filter((c) => c.text !== '');
    expect(cells.length).toBeGreaterThan(0);
    for (const c of cells) {
      const v = Number(c.text);
      expect(c.verdict).toBe(v <= 0.95 ? 'regression' : v >= 1.05 ? 'improvement' : 'neutral');
    }
    expect(cells.some((c) => c.text === '1.05' && c.verdict === 'improvement')).toBe(true);
  });
});

describe('sections, ladder, test groups and order', () => {
  const L = 'sysbench/pn53/20260409-';
  const ids = ['my5651', 'my5744', 'my8028', 'my8045', 'my8408', 'my9700'].map(
    (b) => `${L}${b}.${b === 'my9700' ? 'z13a' : 'z12a'}_c8r32`,
  );
  it('puts each version of a ladder against the one before it', () => {
    const m = buildReportModel({
      benchmark: 'sysbench',
      runs: ids.map(load),
      sections: [{ base: ids[0]!, runs: ids.slice(1), ladder: true }],
    });
    const s = m.sections[0]!;
    expect(s.columns.map((c) => [c.label, c.base && s.columns.find((b) => b.id === c.base)!.label])).toEqual([
      ['5.6.51', undefined],
      ['5.7.44', '5.6.51'],
      ['8.0.28', '5.7.44'],
      ['8.0.45', '8.0.28'],
      ['8.4.8', '8.0.45'],
      ['9.7.0', '8.4.8'],
    ]);
    // The post's table "relative to 5.7.44" holds 8.0.28's values: hot-points 0.65.
    const hot = s.rows.find((r) => r.test === 'hot-points')!;
    expect(hot.cells[2]).toMatchObject({ relative: 0.65, text: '0.65', published: true, verdict: 'regression' });
    expect(s.tableGroups.map((g) => g.name)).toEqual(['point', 'range', 'range-agg', 'writes']);
  });
  it('shows the tests and groups a section names, in that order, and says which it cannot find', () => {
    const I = 'insert-benchmark/32-core/20260318-10m.ma120301.';
    const m = buildReportModel({
      benchmark: 'insert-benchmark',
      runs: ['cz12b_sync', 'cz12c_sync', 'cz12b_sync_dw0'].map((c) => load(I + c)),
      testGroups: { 'write-heavy': ['l.i0', 'l.i1', 'l.i2'] },
      sections: [
        {
          base: `${I}cz12b_sync`,
          runs: [`${I}cz12c_sync`, `${I}cz12b_sync_dw0`],
          tests: ['l.i2', 'write-heavy', 'qz9'],
        },
      ],
    });
    expect(m.sections[0]!.rows.map((r) => r.test)).toEqual(['l.i2', 'l.i0', 'l.i1']);
    expect(m.sections[0]!.groups['write-heavy']).toEqual(['l.i0', 'l.i1', 'l.i2']);
    expect(m.problems).toEqual(['section 1: no run of the section has the test "qz9"; its tests: l.i0, l.i1, l.i2']);
    // The CSV holds what the page shows: every compared cell of the model.
    const csv = relativeSectionCsv(m.sections[0]!).trim().split('\n');
    expect(csv[0]).toBe('group,test,column,run,base,relative,printed,value,metric,base_value');
    expect(csv).toContain(`all,l.i2,z12c_sync,${I}cz12c_sync,${I}cz12b_sync,8.13,1,,,`);
    expect(csv).toHaveLength(1 + 3 * 2);
  });
});

describe('report options in the frontmatter', () => {
  const report = (extra: string) =>
    `---\ntitle: t\ndate: 2026-04-09\nbenchmark: sysbench\nsections:\n  - base: sysbench/pn53/20260409-my5651.z12a_c8r32\n    runs: [sysbench/pn53/20260409-my5744.z12a_c8r32]\n${extra}---\n`;
  const ids = new Set(['sysbench/pn53/20260409-my5651.z12a_c8r32', 'sysbench/pn53/20260409-my5744.z12a_c8r32']);
  const problems = (extra: string) => validateReportText('r.md', report(extra), ids).map((p) => p.text);
  it('accepts them', () => {
    expect(
      problems(
        'colours: yellow-blue\nchart: { axisMin: 0.8 }\ntestGroups: { hot: [hot-points] }\ntests: [hot]\nview: relative\n',
      ),
    ).toEqual([]);
    expect(parseDocument('x: 1').errors).toEqual([]);
  });
  it('name the field that is wrong', () => {
    expect(problems('colours: purple\n')).toEqual([
      'r.md: colours: expected "red-green" or "yellow-blue". Use one of those values.',
    ]);
    expect(problems('chart: { axisMin: -1 }\n')).toEqual([
      'r.md: chart.axisMin: expected number to be >=0. Add the missing entries or use a larger value.',
    ]);
    expect(problems('testGroups: { writes: [delete] }\n')).toEqual([
      'r.md: testGroups.writes: "writes" is a group every report has already. Name the group otherwise; the built-in groups are all, point, range, range-agg, writes.',
    ]);
  });
});

describe('relative bars', () => {
  it('start the value axis where the report says', () => {
    const spec = relativeBarsSpec([{ test: 'a', run: 'x', relative: 0.9 }], {
      title: 't',
      baseLabel: 'b',
      thresholds: { regression: 0.95, improvement: 1.05 },
      axisMin: 0.8,
    }) as unknown as { layer: Array<{ encoding: { x: { scale?: { domain: number[]; zero: boolean } } } }> };
    expect(spec.layer[0]!.encoding.x.scale).toEqual({ domain: [0.8, 1.1], zero: false });
  });
});

describe('excludedTests: a selection for the benchmark tables', () => {
  it('leaves out every test the section or report does not name, groups expanded', () => {
    const report = { excludeTests: ['scan'], tests: ['hot'], testGroups: { hot: ['hot-points', 'point-query'] } };
    const all = ['hot-points', 'point-query', 'scan', 'insert'];
    expect(excludedTests(report, {}, all)).toEqual(['scan', 'insert']);
    expect(excludedTests(report, { tests: ['insert'] }, all)).toEqual(['scan', 'hot-points', 'point-query']);
    expect(excludedTests({ excludeTests: ['scan'] }, {}, all)).toEqual(['scan']);
  });
});

describe('summaries by group, never pooled', () => {
  it("the Insert Benchmark's load and write steps apart from its query steps", () => {
    const I = 'insert-benchmark/32-core/20260318-10m.ma120301.';
    const m = buildReportModel({
      benchmark: 'insert-benchmark',
      runs: ['cz12b_sync', 'cz12c_sync'].map((c) => load(I + c)),
      sections: [{ base: `${I}cz12b_sync`, runs: [`${I}cz12c_sync`] }],
    });
    const s = m.sections[0]!;
    expect(s.tableGroups.map((g) => g.name)).toEqual(['all']);
    expect(s.summaryGroups.map((g) => g.name)).toEqual(s.summaries.map((x) => x.group));
    for (const x of s.summaries) {
      const kind = m.descriptor.groups.find((g) => g.id === x.group)!.kind;
      expect(kind === 'read' || kind === 'write').toBe(true);
      expect(x.count).toBe(s.groups[x.group]!.length);
    }
  });
});

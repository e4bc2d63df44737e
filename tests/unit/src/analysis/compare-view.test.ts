// What the compare view shows for chosen runs: only the tests they have against the base, and for a run with
// nothing against the base, why, and the base that would show it.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareIndex } from '../../../../src/analysis/compare-index.ts';
import { compareView } from '../../../../src/analysis/compare-view.ts';
import { summarizeRun } from '../../../../src/runs/run-summary.ts';
import { ROOT } from '../../../helpers/build-site.ts';

const runsOf = (dir: string) =>
  readdirSync(`${ROOT}content/runs/${dir}`).map((name) => ({
    id: `${dir}/${name}`,
    summary: summarizeRun(JSON.parse(readFileSync(`${ROOT}content/runs/${dir}/${name}/run.json`, 'utf8'))),
  }));
const index = compareIndex('sysbench', [
  ...runsOf('sysbench/vm'),
  ...runsOf('sysbench/pn53'),
  ...runsOf('sysbench/ser7'),
]);
const run = (id: string) => index.runs.find((r) => r.id === id)!;
const VM = (label: string) => run(`sysbench/vm/20261122-${label}`);

describe('compare view', () => {
  it('shows only the tests the chosen runs have, each row with a value', () => {
    const view = compareView(index, VM('x.pg1518.cy1.pk1'), [VM('x.pg1518.cy2.pk1'), VM('x.ma101119.cy1.pk1')]);
    const tests = view.table.rows.map((r) => r.key);
    expect(tests).toContain('point-query');
    // pn53's runs have tests the small VM runs never ran: none of them is a row.
    const i = index.tests.indexOf('points-covered-pk');
    expect(i).toBeGreaterThanOrEqual(0);
    expect(VM('x.pg1518.cy1.pk1').values[i]).toBeNull();
    expect(tests).not.toContain('points-covered-pk');
    expect(tests.length).toBeLessThan(index.tests.length / 2);
    for (const row of view.table.rows)
      expect(
        row.cells.slice(1).some((c) => c.text !== ''),
        row.key,
      ).toBe(true);
    expect(view.notCompared).toEqual([]);
    expect(view.shown.map((r) => r.id)).toEqual([VM('x.pg1518.cy2.pk1').id, VM('x.ma101119.cy1.pk1').id]);
  });

  it("a post's relative run against a measured run: not compared, why, and its post's base to use", () => {
    const measured = run('sysbench/pn53/20260301-x.my8408_rel_o2nofp.z12a_c8r32.pk1');
    const z13b = run('sysbench/pn53/20260410-my9700.z13b_c8r32');
    const view = compareView(index, measured, [z13b]);
    expect(view.shown).toEqual([]);
    expect(view.table.rows).toEqual([]);
    expect(view.notCompared).toEqual([
      {
        run: z13b,
        reason: `${z13b.label} has no numbers of its own: a post printed its values relative to 8.4.8, not to ${measured.label}, and values relative to different runs cannot be compared.`,
        bases: ['sysbench/pn53/20260410-my8408.z12a_c8r32'],
      },
    ]);
    // With that base, the post's values.
    const right = compareView(index, run('sysbench/pn53/20260410-my8408.z12a_c8r32'), [z13b]);
    expect(right.notCompared).toEqual([]);
    const pq = right.table.rows.find((r) => r.key === 'point-query')!.cells[1]!;
    expect(pq).toMatchObject({ text: '0.93', published: true });
  });

  it('a base without numbers of its own and a measured run: not compared, and why', () => {
    const base = run('sysbench/ser7/20260609-pg1710');
    const measured = VM('x.pg1518.cy1.pk1');
    const view = compareView(index, base, [measured, run('sysbench/ser7/20260609-pg19b1')]);
    expect(view.shown.map((r) => r.id)).toEqual(['sysbench/ser7/20260609-pg19b1']);
    expect(view.notCompared).toHaveLength(1);
    expect(view.notCompared[0]!.reason).toBe(
      `The base ${base.label} has no numbers of its own (it comes from a post's relative table: its post printed pg184, pg19b1 relative to it), so no measured value can be divided by it. Choose a base with numbers to compare ${measured.label}.`,
    );
  });

  it('two measured runs without a test in common say so; a test only the base has is left out and said so', () => {
    const base = VM('x.pg1518.cy1.pk1');
    const pq = index.tests.indexOf('point-query');
    const onlyPointQuery = { ...base, values: base.values.map((v, i) => (i === pq ? v : null)) };
    const withoutPointQuery = {
      ...VM('x.pg1518.cy2.pk1'),
      values: VM('x.pg1518.cy2.pk1').values.map((v, i) => (i === pq ? null : v)),
    };
    const none = compareView(index, onlyPointQuery, [withoutPointQuery]);
    expect(none.shown).toEqual([]);
    expect(none.notCompared[0]!.reason).toBe(
      `${withoutPointQuery.label} and the base ${base.label} have no test in common with a value in both.`,
    );
    const some = compareView(index, base, [withoutPointQuery]);
    expect(some.table.rows.map((r) => r.key)).not.toContain('point-query');
    expect(some.leftOut).toEqual(['point-query']);
  });
});

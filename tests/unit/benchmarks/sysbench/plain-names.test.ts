// Plain sysbench runs get the posts' test names: real outputs of sysbench 1.0.20 saved as `<script>.txt` (no
// command in them) and a session log with its commands (tests/fixtures/sysbench-plain/COMMANDS.md).
import { describe, expect, it } from 'vitest';
import { fixtureText } from '../../../helpers/fixtures.ts';
import { harvestFixture } from '../../../helpers/harvest-fixture.ts';

/** The `queries:` rate each output prints, in file order. */
const printedQps = (file: string) =>
  [...fixtureText(`sysbench-plain/${file}`).matchAll(/^\s+queries:\s+\d+\s+\(([\d.]+) per sec\.\)$/gm)].map((m) =>
    Number(m[1]),
  );

describe('plain sysbench outputs', () => {
  it("are named as the posts name their script's test, keeping the script's name in params.lua", async () => {
    const h = await harvestFixture('sysbench-plain');
    expect(h.runs).toHaveLength(1);
    const run = h.runs[0]!.run;
    const tests = Object.fromEntries(run.tests.map((t) => [t.name, t]));
    expect(Object.keys(tests).sort()).toEqual([
      'point-query',
      'random-points_range=10',
      'read-only-simple',
      'read-only_range=100',
      'select_random_ranges',
      'update-one',
    ]);
    // By file name: the script's default options, said so in a note.
    expect(tests['point-query']!.params).toMatchObject({ lua: 'oltp_point_select.lua', range: 100 });
    expect(tests['point-query']!.rawFiles).toEqual(['oltp_point_select.txt']);
    expect(tests['random-points_range=10']!.params).toMatchObject({ lua: 'select_random_points.lua', range: 10 });
    expect(run.provenance.notes).toContain(
      "oltp_point_select.txt is point-query, oltp_read_only.txt is read-only_range=100, select_random_points.txt is random-points_range=10: the output does not show its command, so its test is named after its file's name (a sysbench script), with the script's default options",
    );
    // A script no test of the posts runs keeps its name.
    expect(tests.select_random_ranges!.params?.lua).toBeUndefined();
    // By the command the log shows: its options choose among the tests of one script.
    expect(tests['read-only-simple']!.params).toMatchObject({ lua: 'oltp_read_only.lua', range: 1000 });
    expect(tests['update-one']!.params).toMatchObject({ lua: 'oltp_update_non_index.lua', 'table-size': 1 });
    expect(run.workload).toMatchObject({ luaScripts: 'stock' });
    // Each name carries its own output's numbers.
    const qps = (t: string) => run.results.find((r) => r.test === t && r.metric === 'qps')?.value;
    expect(qps('point-query')).toBe(printedQps('oltp_point_select.txt')[0]);
    expect([qps('read-only-simple'), qps('update-one')]).toEqual(printedQps('session.log'));
  });
});

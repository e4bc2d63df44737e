import { describe, expect, it } from 'vitest';
import { luaScriptsOfCommand, luaScriptsOfRun } from '../../../../benchmarks/sysbench/lua-scripts.ts';
import { planSysbench } from '../../../../benchmarks/sysbench/plan.ts';
import { parseSpec } from '../../../../collectors/lib/read-spec.ts';
import { harvestFixture } from '../../../helpers/harvest-fixture.ts';
import { fixtureText } from '../../../helpers/fixtures.ts';

const spec = parseSpec(
  'spec.yaml',
  `name: t
host: { name: lab1 }
dbms:
  - label: pg.a
    product: postgres
    config: a
    connection: { user: postgres, database: bench }
benchmark:
  kind: sysbench
  rows: 1000
  threads: [1]
  seconds: { read: 5, write: 7 }
  tests: [point-query, random-points_range=10, read-only_range=10, update-index, insert]
`,
);

describe('which Lua scripts ran', () => {
  it('benchsite run: every command of its plan runs a built-in script by name, so the run is stock', () => {
    const plan = planSysbench(spec.benchmark as never, spec.dbms);
    const commands = plan.runs[0]!.steps.flatMap((s) =>
      'commands' in s
        ? s.commands.filter((c) => c.argv[0] === 'sysbench').map((c) => ({ test: s.id, command: c.argv.join(' ') }))
        : [],
    );
    expect(commands.length).toBeGreaterThan(5);
    for (const c of commands) expect(luaScriptsOfCommand(c.command!, true)).toBe('stock');
    expect(luaScriptsOfRun(commands, true)).toEqual({ luaScripts: 'stock' });
  });

  it("mytools run.sh: its scripts by path and its own options, whatever the script's name", async () => {
    const h = await harvestFixture('realruns/sysbench.tar.gz');
    for (const r of h.runs) expect(r.run.workload).toMatchObject({ luaScripts: 'mytools' });
    expect(
      luaScriptsOfCommand(
        '/home/mdcallag/d/sysbench/bin/sysbench --db-driver=mysql --range-size=100 --time=90 /home/mdcallag/d/sysbench/share/sysbench/oltp_point_select.lua run --mysql-db=test',
        true,
      ),
    ).toBe('mytools');
    expect(luaScriptsOfCommand('sysbench /x/oltp_range_covered.lua run', false)).toBe('mytools');
    expect(luaScriptsOfCommand('sysbench --hot-points /x/oltp_read_only.lua run', false)).toBe('mytools');
  });

  it('a plain sysbench output: the built-in name or the installed file is stock; an unknown path says nothing', () => {
    const first = fixtureText('sysbench-1.0.20/COMMANDS.md');
    const cmd = /`(sysbench oltp_point_select [^`]*)`/.exec(first)![1]!;
    expect(luaScriptsOfCommand(cmd, false)).toBe('stock');
    expect(luaScriptsOfCommand('sysbench /usr/share/sysbench/oltp_read_only.lua run', false)).toBe('stock');
    expect(luaScriptsOfCommand('sysbench /home/me/lua/oltp_read_only.lua run', false)).toBeUndefined();
    expect(luaScriptsOfCommand('sysbench --version', false)).toBeUndefined();
  });

  it('a run whose tests disagree records neither, and says which ran which', () => {
    const r = luaScriptsOfRun(
      [
        { test: 'point-query', command: 'sysbench oltp_point_select run' },
        { test: 'hot-points', command: 'sysbench /m/oltp_inlist_select.lua --hot-points run' },
      ],
      true,
    );
    expect(r.luaScripts).toBeUndefined();
    expect(r.mixed).toBe("tests ran different Lua scripts: mytools for hot-points; sysbench's own for point-query");
  });
});

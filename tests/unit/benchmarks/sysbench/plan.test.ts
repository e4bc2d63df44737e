import { describe, expect, it } from 'vitest';
import { planSysbench } from '../../../../benchmarks/sysbench/plan.ts';
import { parseSpec } from '../../../../collectors/lib/read-spec.ts';

const spec = parseSpec(
  'spec.yaml',
  `name: t
host: { name: lab1 }
dbms:
  - label: pg.a
    product: postgres
    config: a
    setup: ["echo hi"]
    connection: { user: postgres, password: secret, database: bench, port: 5433 }
  - label: my.a
    product: mysql
    config: a
    connection: { user: root, database: bench, socket: /tmp/my.sock }
  - label: my.pw
    product: mariadb
    config: a
    connection: { user: bench, password: "it's a pass;word #1", database: bench }
benchmark:
  kind: sysbench
  rows: 1000
  threads: [1, 4]
  seconds: { read: 5, write: 7 }
  tests: [point-query, hot-points, read-only_range=10, update-one, insert]
`,
);

describe('planSysbench', () => {
  const plan = planSysbench(spec.benchmark as never, spec.dbms);

  it('skips the tests stock sysbench cannot run, saying why (an unknown test never gets here: the spec is refused)', () => {
    const withUnknown = planSysbench(
      {
        ...(spec.benchmark as { tests: string[] }),
        tests: [...(spec.benchmark as { tests: string[] }).tests, 'nosuch'],
      } as never,
      spec.dbms,
    );
    expect(withUnknown.skipped).toEqual([
      {
        test: 'hot-points',
        reason:
          "needs the mytools Lua script oltp_inlist_select.lua; stock sysbench has no equivalent (give the scripts' directory: --lua-dir or luaDir)",
      },
      { test: 'nosuch', reason: expect.stringMatching(/^unknown test; known: point-query, /) },
    ]);
  });

  it('plans setup, database, inventory of the server, load, every test x thread count, cleanup', () => {
    const pg = plan.runs[0]!;
    expect(pg.dir).toBe('pg.a');
    expect(pg.steps.map((s) => s.id)).toEqual([
      'setup-1',
      'create-database',
      'server-version',
      'server-settings',
      'cleanup-before',
      'prepare',
      'test:point-query.range100.pk1.dop1',
      'test:point-query.range100.pk1.dop4',
      'test:read-only.range10.pk1.dop1',
      'test:read-only.range10.pk1.dop4',
      'test:update-one.range100.pk1.dop1',
      'test:update-one.range100.pk1.dop4',
      'test:insert.range100.pk1.dop1',
      'test:insert.range100.pk1.dop4',
      'cleanup',
    ]);
  });

  it("builds the sysbench command lines of the posts' tests from the stock scripts", () => {
    const tests = plan.runs[0]!.steps.filter((s) => s.kind === 'run' && s.test);
    const ro = tests.find((s) => s.id === 'test:read-only.range10.pk1.dop4')!;
    if (ro.kind !== 'run') throw new Error('not a run step');
    expect(ro.test).toMatchObject({ name: 'read-only_range=10', seconds: 5 });
    expect(ro.monitors).toEqual({
      vm: 'sb.vm.read-only.range10.pk1.dop4',
      io: 'sb.io.read-only.range10.pk1.dop4',
      intervalSeconds: 1,
    });
    expect(ro.commands[0]!.file).toBe('sb.o.read-only.range10.pk1.dop4');
    expect(ro.commands[0]!.argv).toEqual([
      'sysbench',
      'oltp_read_only',
      '--db-driver=pgsql',
      '--pgsql-user=postgres',
      '--pgsql-db=bench',
      '--pgsql-host=127.0.0.1',
      '--pgsql-port=5433',
      '--tables=1',
      '--table-size=1000',
      '--range-size=10',
      '--threads=4',
      '--events=0',
      '--time=5',
      '--report-interval=1',
      '--rand-type=uniform',
      'run',
    ]);
    // The password is in the environment (libpq's PGPASSWORD), never on the command line or in line 1 of sb.o.
    expect(ro.commands[0]!.env).toEqual({ PGPASSWORD: 'secret' });
    expect(ro.commands[0]!.header).not.toContain('secret');
    const one = tests.find((s) => s.id === 'test:update-one.range100.pk1.dop1')!;
    if (one.kind !== 'run') throw new Error('not a run step');
    expect(one.commands[0]!.argv).toContain('--table-size=1');
    expect(one.test!.seconds).toBe(7);
    const my = plan.runs[1]!.steps.find((s) => s.id === 'test:insert.range100.pk1.dop1')!;
    if (my.kind !== 'run') throw new Error('not a run step');
    expect(my.commands[0]!.argv.slice(1, 6)).toEqual([
      'oltp_insert',
      '--db-driver=mysql',
      '--mysql-user=root',
      '--mysql-db=bench',
      '--mysql-socket=/tmp/my.sock',
    ]);
  });

  it('gives a MySQL password to sysbench in an options file on its standard input, quoted for it', () => {
    const step = plan.runs[2]!.steps.find((s) => s.id === 'test:insert.range100.pk1.dop1')!;
    if (step.kind !== 'run') throw new Error('not a run step');
    expect(step.commands[0]!.argv).toContain('--config-file=/dev/stdin');
    expect(step.commands[0]!.argv.join(' ')).not.toContain('pass;word');
    expect(step.commands[0]!.input).toBe(`mysql-password="it's a pass;word #1"\n`);
  });

  it('refuses a MySQL password that sysbench cannot read, naming the entry', () => {
    const both = structuredClone(spec.dbms);
    both[2]!.connection.password = `a'b"c`;
    expect(() => planSysbench(spec.benchmark as never, both)).toThrow(/MySQL password of DBMS entry my\.pw/);
  });

  it('with luaDir, runs every test with its mytools script and run.sh arguments, the directory on LUA_PATH', () => {
    const lua = planSysbench({ ...(spec.benchmark as object), luaDir: '/opt/mytools/lua/' } as never, spec.dbms);
    expect(lua.skipped).toEqual([]);
    const steps = lua.runs[0]!.steps.filter((s) => s.kind === 'run');
    const argv = (id: string) => {
      const s = steps.find((x) => x.id === id)!;
      if (s.kind !== 'run') throw new Error('not a run step');
      return s.commands[0]!.argv;
    };
    const env = ['env', 'LUA_PATH=/opt/mytools/lua/?.lua;;', 'sysbench'];
    // The tables are made and dropped with the first test's script, as run.sh does.
    expect(argv('prepare').slice(0, 4)).toEqual([...env, '/opt/mytools/lua/oltp_point_select.lua']);
    expect(argv('prepare').at(-1)).toBe('prepare');
    const hot = argv('test:hot-points.range100.pk1.dop4');
    expect(hot.slice(0, 4)).toEqual([...env, '/opt/mytools/lua/oltp_inlist_select.lua']);
    expect(hot.slice(-5)).toEqual(['--rand-type=uniform', '--random-points=100', '--hot-points', '--skip-trx', 'run']);
    expect(argv('test:read-only.range10.pk1.dop1')).toContain('/opt/mytools/lua/oltp_read_only.lua');
    expect(argv('test:update-one.range100.pk1.dop1')).toContain('--table-size=1');
    // Line 1 of each output is the command, LUA_PATH included, as run.sh writes it.
    const header = steps.find((s) => s.id === 'test:hot-points.range100.pk1.dop1')!;
    if (header.kind !== 'run') throw new Error('not a run step');
    expect(header.commands[0]!.header).toMatch(
      /^env LUA_PATH=\/opt\/mytools\/lua\/\?\.lua;; sysbench \/opt\/mytools\//,
    );
    expect(header.test!.name).toBe('hot-points');
  });

  it('is deterministic (resume matches steps by id)', () => {
    expect(planSysbench(spec.benchmark as never, spec.dbms)).toEqual(plan);
  });
});

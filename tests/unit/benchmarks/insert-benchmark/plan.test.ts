// planInsertBenchmark is pure: spec in, steps out. The command lines are checked against the ones np.sh wrote
// as line 1 of every o.ib file of the real runs (realruns/ibench.tar.gz), for a spec with the same settings.
import { describe, expect, it } from 'vitest';
import { IIBENCH_LAUNCHER, planInsertBenchmark } from '../../../../benchmarks/insert-benchmark/plan.ts';
import { parseSpec, SpecError } from '../../../../collectors/lib/read-spec.ts';
import type { RunStep } from '../../../../collectors/lib/steps.ts';
import type { InsertBenchmarkSpec } from '../../../../benchmarks/insert-benchmark/schemas.ts';
import { archiveText } from '../../../helpers/fixtures.ts';

const FIXTURE_STEPS = ['l.i0', 'l.x', 'l.i1', 'l.i2', 'qr100.L1', 'qp100.L2', 'qr500.L3', 'qp500.L4'];

function spec(benchmark: string, dbms?: string) {
  return parseSpec(
    'spec.yaml',
    `name: t
host: { name: lab1 }
dbms:
${
  dbms ??
  `  - label: pg15.cy1
    product: postgres
    config: cy1
    setup: ["echo hi"]
    connection: { host: 127.0.0.1, user: root, password: pw, database: ib }
  - label: ma10.cy1
    product: mariadb
    config: cy1
    connection: { host: 127.0.0.1, user: root, password: pw, database: ib }`
}
benchmark:
${benchmark}
`,
  );
}

// The settings of the real runs (PROVENANCE.md in the archive): dop 1, 1tno, 0.2m, qsecs 25, ips 100 and 500.
const fixtureLike = spec(`  kind: insert-benchmark
  iibench: iibench.py
  rows: { load: 200000, write: 100000 }
  querySeconds: 25
  rates: [100, 500]`);
const plan = planInsertBenchmark(fixtureLike.benchmark as InsertBenchmarkSpec, fixtureLike.dbms);
const runSteps = (i: number) => plan.runs[i]!.steps.filter((s): s is RunStep => s.kind === 'run');

describe('planInsertBenchmark', () => {
  it("plans setup, database, server version and settings, then iq.sh's steps in order; the directory is <rows>m.<label>", () => {
    expect(plan.skipped).toEqual([]);
    expect(plan.runs.map((r) => r.dir)).toEqual(['0.2m.pg15.cy1', '0.2m.ma10.cy1']);
    expect(plan.runs[0]!.steps.map((s) => s.id)).toEqual([
      'setup-1',
      'create-database',
      'server-version',
      'server-settings',
      'check-iibench',
      ...FIXTURE_STEPS.map((s) => `test:${s}`),
    ]);
    // The check runs in the host's shell before any step (run by tests/integration/insert-benchmark-host-scripts.test.ts).
    expect(plan.runs[0]!.steps.find((s) => s.id === 'check-iibench')?.kind).toBe('shell');
    const defaults = spec(
      '  kind: insert-benchmark\n  iibench: /opt/mytools/bench/ibench/iibench.py\n  rows: { load: 20000000, write: 40000000 }',
    );
    const p = planInsertBenchmark(defaults.benchmark as InsertBenchmarkSpec, defaults.dbms);
    expect(p.runs[0]!.dir).toBe('20m.pg15.cy1');
    expect(p.runs[0]!.steps.filter((s) => s.kind === 'run').map((s) => s.id)).toEqual(
      ['l.i0', 'l.x', 'l.i1', 'l.i2', 'qr100.L1', 'qp100.L2', 'qr500.L3', 'qp500.L4', 'qr1000.L5', 'qp1000.L6'].map(
        (s) => `test:${s}`,
      ),
    );
  });

  it.each(FIXTURE_STEPS.map((step, i) => ({ step, i })))(
    '$step: the iibench.py command np.sh ran, for Postgres and MariaDB',
    ({ step, i }) => {
      for (const [run, label] of [
        [0, '0.2m.pg1518.ccy1'],
        [1, '0.2m.ma101119.ccy1'],
      ] as const) {
        const recorded = archiveText('realruns/ibench.tar.gz', `ibench/raw/1u.1tno/${label}/${step}/o.ib.dop1.1`).split(
          '\n',
        )[0]!;
        // Only the clock-based seed differs, and np.sh's --db_socket, which a spec gives as connection.socket.
        const expected = recorded.replace(/--seed=\d+/, `--seed=${1 + 1000 * i + 1}`).replace(/ --db_socket=\S+/, '');
        const s = runSteps(run)[i]!;
        expect(s.test).toMatchObject({ name: step });
        expect(s.commands).toHaveLength(1);
        // The password reaches iibench.py through the launcher and the environment, not the command line (the
        // recorded line has it redacted).
        const [python, ...args] = expected.replace(' --db_password=***', '').split(' ');
        expect(s.commands[0]!.argv).toEqual([python, '-c', IIBENCH_LAUNCHER, ...args]);
        expect(s.commands[0]!.env).toEqual({ BENCHSITE_DB_PASSWORD: 'pw' });
        expect(s.commands[0]!.header).toBe(expected);
        expect(s.commands[0]!.file).toBe(`${step}/o.ib.dop1.1`);
        expect(s.monitors).toEqual({ vm: `${step}/o.vm.dop1`, io: `${step}/o.io.dop1`, intervalSeconds: 5 });
      }
    },
  );

  it("query steps run querySeconds; their live rate is i_qps, the load steps' i_ips", () => {
    const [l0, , , , qr100] = runSteps(0);
    expect(qr100!.test!.seconds).toBe(25);
    const line = '1.0\t2.0\t100\t75\t100\t75\t14236\t14327\t3229\t1036\t1848\t150\t150\t28672\t0\t0\t0';
    expect(qr100!.commands[0]!.liveRate!.exec(line)?.[1]).toBe('14236');
    expect(l0!.commands[0]!.liveRate!.exec(line)?.[1]).toBe('100');
  });

  it('several clients: one iibench.py each with its own table, or a shared table whose creator starts first', () => {
    const own = spec(
      '  kind: insert-benchmark\n  iibench: ib.py\n  clients: 3\n  rows: { load: 1000, write: 500 }\n  rates: [100]\n  steps: [l.i0, l.x, qp100.L2]',
    );
    const p = planInsertBenchmark(own.benchmark as InsertBenchmarkSpec, own.dbms).runs[0]!.steps.filter(
      (s): s is RunStep => s.kind === 'run',
    );
    expect(p.map((s) => s.id)).toEqual(['test:l.i0', 'test:l.x', 'test:qp100.L2']);
    expect(p[0]!.commands.map((c) => c.file)).toEqual(['l.i0/o.ib.dop3.1', 'l.i0/o.ib.dop3.2', 'l.i0/o.ib.dop3.3']);
    expect(
      p[0]!.commands.map((c) => [
        /--table_name=(\S+)/.exec(c.header!)![1],
        c.header!.includes('--setup'),
        c.delaySeconds,
      ]),
    ).toEqual([
      ['pi1', true, undefined],
      ['pi2', true, undefined],
      ['pi3', true, undefined],
    ]);
    expect(p[1]!.commands).toHaveLength(3);
    // Seeds differ per step and client, and stay the same when other steps are left out.
    expect(p[2]!.commands.map((c) => /--seed=(\d+)/.exec(c.header!)![1])).toEqual(['5002', '5003', '5004']);

    const shared = spec(
      '  kind: insert-benchmark\n  iibench: ib.py\n  clients: 2\n  tablePerClient: false\n  rows: { load: 1000, write: 500 }',
    );
    const q = planInsertBenchmark(shared.benchmark as InsertBenchmarkSpec, shared.dbms).runs[0]!.steps.filter(
      (s): s is RunStep => s.kind === 'run',
    );
    expect(
      q[0]!.commands.map((c) => [
        /--table_name=(\S+)/.exec(c.header!)![1],
        c.header!.includes('--setup'),
        c.delaySeconds,
      ]),
    ).toEqual([
      ['pi1', true, undefined],
      ['pi1', false, 10],
    ]);
    // One table: only one client creates its indexes (np.sh's realdop = 1), into o.ib.dop2.1.
    expect(q[1]!.commands.map((c) => c.file)).toEqual(['l.x/o.ib.dop2.1']);
  });

  it('indexes created with the table: l.i0 has them and there is no l.x', () => {
    const s = spec(
      '  kind: insert-benchmark\n  iibench: ib.py\n  createIndexes: with-table\n  secondaryIndexes: 2\n  rows: { load: 1000, write: 500 }\n  rates: [100]',
    );
    const p = planInsertBenchmark(s.benchmark as InsertBenchmarkSpec, s.dbms).runs[0]!.steps.filter(
      (x): x is RunStep => x.kind === 'run',
    );
    expect(p.map((x) => x.test!.name)).toEqual(['l.i0', 'l.i1', 'l.i2', 'qr100.L1', 'qp100.L2']);
    expect(p[0]!.commands[0]!.header).toContain('--setup --num_secondary_indexes=2');
  });

  it('connects as the spec says: a port goes in the environment (iibench.py has no port option), a socket on the command line', () => {
    const s = spec(
      '  kind: insert-benchmark\n  iibench: ib.py\n  python: /usr/bin/pypy3\n  env: { PYTHONPATH: /opt/venv/lib }\n  rows: { load: 10, write: 10 }\n  steps: [l.i0]',
      `  - label: pg
    product: postgres
    config: a
    connection: { host: db1, port: 5433, user: bench, passwordEnv: IB_TEST_PW, database: ib }
  - label: my
    product: mysql
    config: a
    connection: { user: root, socket: /run/mysqld/mysqld.sock, database: ib }`,
    );
    process.env.IB_TEST_PW = 's3 cret';
    const p = planInsertBenchmark(s.benchmark as InsertBenchmarkSpec, s.dbms);
    const [pg, my] = p.runs.map((r) => r.steps.find((x): x is RunStep => x.kind === 'run')!.commands[0]!);
    expect(pg!.argv.slice(0, 4)).toEqual(['/usr/bin/pypy3', '-c', IIBENCH_LAUNCHER, 'ib.py']);
    expect(pg!.argv).toContain('--db_host=db1');
    expect(pg!.argv.join(' ')).not.toContain('s3 cret');
    expect(pg!.header).toContain(' --db_password=*** --engine=pg ');
    expect(pg!.env).toEqual({ PYTHONPATH: '/opt/venv/lib', PGPORT: '5433', BENCHSITE_DB_PASSWORD: 's3 cret' });
    expect(my!.argv).toEqual(
      expect.arrayContaining([
        '--db_host=localhost',
        '--db_socket=/run/mysqld/mysqld.sock',
        '--engine=innodb',
        '--dbms=mysql',
      ]),
    );
    expect(my!.env).toEqual({ PYTHONPATH: '/opt/venv/lib' });
    delete process.env.IB_TEST_PW;
  });
});

describe('the insert-benchmark spec', () => {
  const bad = (benchmark: string) => {
    try {
      spec(benchmark);
    } catch (e) {
      if (e instanceof SpecError) return e.message;
      throw e;
    }
    throw new Error('the spec was accepted');
  };

  it('names the field of every bad value, with the line', () => {
    expect(bad('  kind: insert-benchmark\n  iibench: ib.py\n  rows: { load: 0, write: 10 }')).toContain(
      'spec.yaml:16: benchmark.rows.load: expected number to be >0',
    );
    expect(bad('  kind: insert-benchmark\n  rows: { load: 1, write: 10 }')).toContain('benchmark.iibench');
    expect(
      bad(
        '  kind: insert-benchmark\n  iibench: ib.py\n  rows: { load: 1, write: 1 }\n  rates: [100]\n  steps: [l.i0, qr200.L1]',
      ),
    ).toContain(
      'spec.yaml:18: benchmark.steps[1]: unknown step "qr200.L1". Use the planned names: l.i0, l.x, l.i1, l.i2, qr100.L1, qp100.L2.',
    );
    expect(
      bad('  kind: insert-benchmark\n  iibench: ib.py\n  rows: { load: 1, write: 1 }\n  rates: [100, 100]'),
    ).toContain('benchmark.rates[1]: rate 100 is listed twice');
    expect(
      bad('  kind: insert-benchmark\n  iibench: ib.py\n  rows: { load: 1, write: 1 }\n  dataLength: { min: 30 }'),
    ).toContain('benchmark.dataLength.min: min 30 is above max 20');
  });
});

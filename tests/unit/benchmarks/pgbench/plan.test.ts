import { describe, expect, it } from 'vitest';
import { planPgbench } from '../../../../benchmarks/pgbench/plan.ts';
import { join } from 'node:path';
import { parseSpec, readSpec } from '../../../../collectors/lib/read-spec.ts';
import type { PgbenchSpec } from '../../../../benchmarks/pgbench/schemas.ts';
import type { RunSpec } from '../../../../src/schemas/index.ts';

const text = (product = 'postgres') => `name: pgb
host: { name: lab1 }
dbms:
  - label: pg.a
    product: ${product}
    config: a
    connection: { user: bench, password: s3cret-pass, database: bench, port: 5433 }
benchmark:
  kind: pgbench
  scale: 10
  clients: [1, 8]
  threads: 2
  seconds: 30
  maxTries: 3
  tests:
    - select-only
    - name: point-read
      sql: |
        \\set aid random(1, 100000 * :scale)
        SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
`;

describe('planPgbench', () => {
  const spec = parseSpec('spec.yaml', text()) as RunSpec & { benchmark: PgbenchSpec };
  const plan = planPgbench(spec);
  const run = plan.runs[0]!;

  it('loads the tables, then runs each test once per client count, with vmstat and iostat beside it', () => {
    expect(run.steps.map((s) => s.id)).toEqual([
      'create-database',
      'server-version',
      'server-settings',
      'init',
      'test:select-only.c1',
      'test:select-only.c8',
      'test:point-read.c1',
      'test:point-read.c8',
    ]);
    const init = run.steps[3]!;
    expect(init.kind === 'run' && init.commands[0]!.header).toBe(
      'pgbench -i -s 10 -U bench -h 127.0.0.1 -p 5433 bench',
    );
    const t = run.steps[5]!;
    if (t.kind !== 'run') throw new Error('not a run step');
    expect(t.test).toMatchObject({ name: 'select-only.c8', seconds: 30 });
    expect(t.monitors).toEqual({
      vm: 'pgbench.vm.select-only.c8',
      io: 'pgbench.io.select-only.c8',
      intervalSeconds: 1,
    });
    const c = t.commands[0]!;
    expect(c.file).toBe('pgbench.o.select-only.c8');
    expect(c.header).toBe(
      'pgbench -U bench -h 127.0.0.1 -p 5433 -c 8 -j 2 -T 30 -P 1 -r -M simple --max-tries 3 -b select-only bench',
    );
    // stderr (progress lines, errors) goes to the same pipe as stdout, in order.
    expect(c.argv.slice(0, 4)).toEqual(['sh', '-c', 'exec "$0" "$@" 2>&1', 'pgbench']);
    expect(c.liveRate!.exec('progress: 3.0 s, 583.1 tps, lat 6.913 ms stddev 7.449, 0 failed')?.[1]).toBe('583.1');
    expect(t.test!.summary!.pattern.exec('tps = 373.048389 (without initial connection time)\n')?.[1]).toBe(
      '373.048389',
    );
  });

  it('gives the password in PGPASSWORD, never on a command line', () => {
    for (const s of run.steps) {
      if (s.kind !== 'run') continue;
      for (const c of s.commands) {
        expect(c.argv.join(' ')).not.toContain('s3cret-pass');
        expect(c.env).toEqual({ PGPASSWORD: 's3cret-pass' });
      }
    }
  });

  it('writes a custom script on the host and runs it with -f; the raw directory keeps a copy', () => {
    expect(run.files).toEqual([
      {
        hostPath: '/tmp/benchsite-pgbench/pgb/pg.a/point-read.sql',
        keep: 'scripts/point-read.sql',
        content: '\\set aid random(1, 100000 * :scale)\nSELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n',
      },
    ]);
    const t = run.steps.find((s) => s.id === 'test:point-read.c1')!;
    expect(t.kind === 'run' && t.commands[0]!.header).toMatch(
      / -f \/tmp\/benchsite-pgbench\/pgb\/pg\.a\/point-read\.sql bench$/,
    );
  });

  it('is refused for a DBMS entry that is not PostgreSQL, naming the line', () => {
    expect(() => parseSpec('spec.yaml', text('mysql'))).toThrow(
      'spec.yaml:5: dbms[0].product: pgbench runs against postgres, not mysql. Give this DBMS entry product: postgres, or run another benchmark.',
    );
  });
});

describe('examples/pgbench-local.yaml', () => {
  it('is a valid spec whose plan loads scale 10 and runs four tests at 1 and 4 clients per config', async () => {
    const spec = (await readSpec(join(import.meta.dirname, '../../../../examples/pgbench-local.yaml'))) as RunSpec & {
      benchmark: PgbenchSpec;
    };
    const plan = planPgbench(spec);
    expect(plan.runs.map((r) => r.dbms.label)).toEqual(['pg.sync_on', 'pg.sync_off']);
    const tests = plan.runs[0]!.steps.filter((s) => s.kind === 'run').map((s) => s.id);
    expect(tests).toEqual([
      'init',
      'test:tpcb-like.c1',
      'test:tpcb-like.c4',
      'test:simple-update.c1',
      'test:simple-update.c4',
      'test:select-only.c1',
      'test:select-only.c4',
      'test:point-read.c1',
      'test:point-read.c4',
    ]);
  });
});

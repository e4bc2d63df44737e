import { describe, expect, it } from 'vitest';
import { hammerdbcliPath, planHammerdb, type HammerdbPlan } from '../../../../benchmarks/hammerdb-tprocc/plan.ts';
import { parseSpec, SpecError } from '../../../../collectors/lib/read-spec.ts';
import type { RunStep } from '../../../../collectors/lib/steps.ts';
import type { HammerdbSpec } from '../../../../benchmarks/hammerdb-tprocc/schemas.ts';

const text = `name: nightly
host: { name: lab1 }
dbms:
  - label: pg15.sync
    product: postgres
    config: sync
    setup: ["echo hi"]
    teardown: ["echo bye"]
    connection: { user: postgres, password: pw9, database: tpcc }
benchmark:
  kind: hammerdb-tprocc
  installDir: /opt/HammerDB-4.12
  workDir: /var/tmp/hdb/
  environment: { LD_LIBRARY_PATH: /opt/pg/lib }
  warehouses: 20
  buildVirtualUsers: 4
  virtualUsers: [1, 6]
  rampupMinutes: 2
  durationMinutes: 5
`;
const spec = parseSpec('spec.yaml', text);
const plan = planHammerdb(spec.benchmark as HammerdbSpec, spec.dbms, spec.name);
const run = plan.runs[0] as HammerdbPlan;
const step = (id: string) => run.steps.find((s) => s.id === id) as RunStep;

describe('planHammerdb', () => {
  it('plans setup, database, server facts, the build, one timed run per VU count, teardown', () => {
    expect(plan.skipped).toEqual([]);
    expect(run.dir).toBe('pg15.sync');
    expect(run.steps.map((s) => s.id)).toEqual([
      'setup-1',
      'create-database',
      'server-version',
      'server-settings',
      'build',
      'run:vu1',
      'run:vu6',
      'teardown-1',
    ]);
  });

  it('writes the Tcl scripts on the host and keeps them with the raw files', () => {
    expect(run.files!.map((f) => [f.hostPath, f.keep])).toEqual([
      ['/var/tmp/hdb/nightly/pg15.sync/build.tcl', 'hammerdb/build.tcl'],
      ['/var/tmp/hdb/nightly/pg15.sync/run.vu1.tcl', 'hammerdb/run.vu1.tcl'],
      ['/var/tmp/hdb/nightly/pg15.sync/run.vu6.tcl', 'hammerdb/run.vu6.tcl'],
    ]);
    expect(run.files![2]!.content).toContain('vuset vu 6');
  });

  it('runs hammerdbcli from its directory with the step own TMP, passwords in the environment only', () => {
    const b = step('build');
    const argv = b.commands[0]!.argv;
    expect(argv.slice(0, 2)).toEqual(['sh', '-c']);
    expect(argv.slice(3)).toEqual([
      'hammerdbcli',
      '/var/tmp/hdb/nightly/pg15.sync/tmp.build',
      '/opt/HammerDB-4.12',
      './hammerdbcli',
      '/var/tmp/hdb/nightly/pg15.sync/build.tcl',
    ]);
    expect(argv[2]).toContain('TMP=$tmp exec "$3" auto "$4"');
    expect(argv.join(' ')).not.toContain('pw9');
    expect(b.commands[0]!.env).toEqual({
      LD_LIBRARY_PATH: '/opt/pg/lib',
      BENCHSITE_HAMMERDB_PASSWORD: 'pw9',
      BENCHSITE_HAMMERDB_USER_PASSWORD: 'pw9',
    });
    expect(hammerdbcliPath(spec.benchmark as HammerdbSpec)).toBe('/opt/HammerDB-4.12/hammerdbcli');
  });

  it('writes the mytools layout: the build into the first result directory, each timed run into its own', () => {
    const b = step('build');
    expect(b.commands[0]!.file).toBe('res.pg.load4.vu1.w20.2.5/o.pg.pg15.sync.build.out');
    expect(b.monitors).toEqual({
      vm: 'res.pg.load4.vu1.w20.2.5/o.pg.pg15.sync.build.vm',
      io: 'res.pg.load4.vu1.w20.2.5/o.pg.pg15.sync.build.io',
      intervalSeconds: 1,
    });
    expect(b.test).toBeUndefined();
    expect(b.failOn!.test('Vuser 1:FINISHED FAILED')).toBe(true);
    expect(b.failOn!.test('Error in Virtual User 1: invalid command name "pg_notice_handler"')).toBe(true);
    const r = step('run:vu6');
    expect(r.test).toMatchObject({ name: 'vu6.w20', seconds: 420 });
    expect(r.commands[0]!.file).toBe('res.pg.load4.vu6.w20.2.5/o.pg.pg15.sync.run.out');
    expect(r.timeoutMs).toBe((420 + 3600) * 1000);
    expect(run.collect).toEqual([
      {
        step: 'build',
        hostDir: '/var/tmp/hdb/nightly/pg15.sync/tmp.build',
        prefix: 'res.pg.load4.vu1.w20.2.5/o.pg.pg15.sync.build.',
        jobsDb: 'res.pg.load4.vu1.w20.2.5/o.pg.pg15.sync.build.hammer.DB',
      },
      {
        step: 'run:vu1',
        hostDir: '/var/tmp/hdb/nightly/pg15.sync/tmp.run.vu1',
        prefix: 'res.pg.load4.vu1.w20.2.5/o.pg.pg15.sync.run.',
        jobsDb: 'res.pg.load4.vu1.w20.2.5/o.pg.pg15.sync.hammer.DB',
      },
      {
        step: 'run:vu6',
        hostDir: '/var/tmp/hdb/nightly/pg15.sync/tmp.run.vu6',
        prefix: 'res.pg.load4.vu6.w20.2.5/o.pg.pg15.sync.run.',
        jobsDb: 'res.pg.load4.vu6.w20.2.5/o.pg.pg15.sync.hammer.DB',
      },
    ]);
  });

  it('starts vmstat/iostat when the measured phase starts and stops them when it ends; the live rate is the counter', () => {
    const r = step('run:vu1');
    const m = r.monitors!;
    expect([m.vm, m.io]).toEqual([
      'res.pg.load4.vu1.w20.2.5/o.pg.pg15.sync.run.vm',
      'res.pg.load4.vu1.w20.2.5/o.pg.pg15.sync.run.io',
    ]);
    expect(m.startOn!.test('Vuser 1:Rampup complete, Taking start Transaction Count.')).toBe(true);
    expect(m.stopOn!.test('Vuser 1:Test complete, Taking end Transaction Count.')).toBe(true);
    expect(m.startOn!.test('Vuser 1:Rampup 1 minutes complete ...')).toBe(false);
    const live = r.commands[0]!.liveRate!;
    expect(live.exec('45120 PostgreSQL tpm')?.[1]).toBe('45120');
    expect(live.exec('56808 MySQL tpm')?.[1]).toBe('56808');
    expect(live.exec('Vuser 1:TEST RESULT : System achieved 32798 NOPM from 75422 PostgreSQL TPM')).toBeNull();
    expect(
      r.test!.summary!.pattern.exec('Vuser 1:TEST RESULT : System achieved 32798 NOPM from 75422 PostgreSQL TPM')?.[1],
    ).toBe('32798');
  });

  it('is pure: the same spec gives the same plan', () => {
    expect(JSON.stringify(planHammerdb(spec.benchmark as HammerdbSpec, spec.dbms, spec.name))).toBe(
      JSON.stringify(plan),
    );
  });

  it('rejects bad fields naming them', () => {
    const bad = text
      .replace('buildVirtualUsers: 4', 'buildVirtualUsers: 40')
      .replace('virtualUsers: [1, 6]', 'virtualUsers: [1, 1]')
      .replace('rampupMinutes: 2', 'rampupMinutes: -1');
    expect(() => parseSpec('spec.yaml', bad)).toThrow(SpecError);
    try {
      parseSpec('spec.yaml', bad);
    } catch (e) {
      const msg = (e as Error).message;
      expect(msg).toContain('benchmark.rampupMinutes');
      expect(msg).toMatch(/spec\.yaml:\d+: benchmark\.buildVirtualUsers: 40 build virtual users for 20 warehouses/);
      expect(msg).toMatch(/benchmark\.virtualUsers\[1\]: 1 is listed twice/);
    }
    expect(() => parseSpec('spec.yaml', text.replace('  warehouses: 20\n', ''))).toThrow(/benchmark\.warehouses/);
  });
});

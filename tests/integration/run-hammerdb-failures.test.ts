// `benchsite run` with `benchmark.kind: hammerdb-tprocc` when something goes wrong (tests/helpers/hammerdb-run.ts):
// a dropped connection or Ctrl-C during a timed run and --resume, a build or a timed run that fails.
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchsite } from '../helpers/cli.ts';
import {
  args,
  benchsiteAsync,
  captured,
  checkRun,
  env,
  rawPaths,
  setUpHammerdbTests,
  spec,
  testSshd,
  tmp,
} from '../helpers/hammerdb-run.ts';
import { resultValue, writtenRuns } from '../helpers/written-runs.ts';

setUpHammerdbTests();

describe('benchsite run, hammerdb-tprocc: stopped, resumed, failed', { timeout: 300_000 }, () => {
  it('a dropped connection during a timed run stops with a clear message, keeps the raw files, and --resume completes the run', async () => {
    const file = spec('drop', { product: 'postgres', ssh: true, env: { HAMMERDB_STANDIN_PACE_MS: '500' } });
    const work = join(tmp, 'drop', 'work', 'drop', 'lab1', 'pg15');
    const journal = join(work, 'benchsite-journal.jsonl');
    const { code, stderr } = await benchsiteAsync(args([file], 'drop'), {
      env,
      interrupt: { journal, step: 'run:vu2', afterMs: 2000, how: () => testSshd().dropSessions() },
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(/error: lab1: lost the connection \(ssh .*\) during pg15 \/ run:vu2/);
    expect(stderr).toContain(`benchsite run ${file} --resume`);
    expect(readFileSync(join(work, 'res.pg.load2.vu2.w2.1.1', 'o.pg.pg15.run.out'), 'utf8')).toContain(
      'Vuser 1:RUNNING',
    );
    expect(existsSync(join(tmp, 'drop', 'runs'))).toBe(false);

    const resumed = await benchsiteAsync(args([file], 'drop', ['--resume']), { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/partial files of run:vu2 kept in attempts\//);
    const [run] = writtenRuns(join(tmp, 'drop', 'runs'));
    checkRun(run!.dir, run!.run, 'postgres');
    expect(
      rawPaths(run!.dir).some((p) =>
        /^attempts\/run_vu2\.\d+\/res\.pg\.load2\.vu2\.w2\.1\.1\/o\.pg\.pg15\.run\.out$/.test(p),
      ),
    ).toBe(true);
    // The interrupted attempt's HammerDB directory was moved aside on the host, not deleted.
    expect(readdirSync(join(tmp, 'host', 'drop', 'pg15')).filter((n) => n.startsWith('tmp.run.vu2.'))).toHaveLength(1);
  });
  it('Ctrl-C during a timed run stops with the resume command, and --resume completes the run', async () => {
    const file = spec('ctrlc', { product: 'mariadb', vus: [2] });
    const work = join(tmp, 'ctrlc', 'work', 'ctrlc', 'lab1', 'ma1011');
    const journal = join(work, 'benchsite-journal.jsonl');
    const { code, stderr } = await benchsiteAsync(args([file], 'ctrlc'), {
      env,
      interrupt: { journal, step: 'run:vu2', afterMs: 1500, how: (child) => child.kill('SIGINT') },
    });
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/interrupted \(Ctrl-C\).*ma1011/);
    expect(stderr).toContain('--resume');
    const resumed = benchsite(args([file], 'ctrlc', ['--resume']), { env, timeout: 120_000 });
    expect(resumed.code, resumed.stderr).toBe(0);
    const [run] = writtenRuns(join(tmp, 'ctrlc', 'runs'));
    expect(run!.run.tests.map((t) => [t.name, t.status])).toEqual([
      ['build.w2', 'ok'],
      ['vu2.w2', 'ok'],
    ]);
    expect(resultValue(run!.run, 'vu2.w2', 'nopm')).toBe(captured('my_run_vu2.stdout.txt').nopm);
  });
  it('a build whose monitor VU fails is stopped (HammerDB would wait forever) and nothing is harvested', () => {
    const r = benchsite(
      args([spec('failbuild', { product: 'postgres', env: { HAMMERDB_STANDIN_FAIL: 'build' } })], 'failbuild'),
      { env, timeout: 120_000 },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /pg15: schema build: 2 warehouses, 2 virtual users failed \(the output says: (Error in Virtual User 1: invalid command name "pg_notice_handler"|Vuser 1:FINISHED FAILED)\); see .*o\.pg\.pg15\.build\.out/,
    );
    expect(existsSync(join(tmp, 'failbuild', 'runs'))).toBe(false);
    const out = readFileSync(
      join(tmp, 'failbuild', 'work', 'failbuild', 'lab1', 'pg15', 'res.pg.load2.vu1.w2.1.1', 'o.pg.pg15.build.out'),
      'utf8',
    );
    expect(out).toContain('invalid command name "pg_notice_handler"');
  });
  it('a timed run that fails is kept as a failed test; the others are harvested', () => {
    const r = benchsite(
      args(
        [
          spec('failrun', {
            product: 'postgres',
            env: { HAMMERDB_STANDIN_FAIL: 'run:1', HAMMERDB_STANDIN_PACE_MS: '20' },
          }),
        ],
        'failrun',
      ),
      { env, timeout: 120_000 },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/pg15: vu1\.w2 FAILED \(killed by SIGTERM\)/);
    const [run] = writtenRuns(join(tmp, 'failrun', 'runs'));
    const tests = run!.run.tests.map((t) => [t.name, t.status]);
    expect(tests).toEqual([
      ['build.w2', 'ok'],
      ['vu1.w2', 'failed'],
      ['vu2.w2', 'ok'],
    ]);
    expect(resultValue(run!.run, 'vu2.w2', 'nopm')).toBe(captured('pg_run_vu2.stdout.txt').nopm);
    expect(run!.run.tests[1]?.error).toBeTruthy();
  });
});

// `benchsite run` with `benchmark.kind: hammerdb-tprocc`, end to end with real parts except HammerDB itself
// (tests/helpers/hammerdb-run.ts): local and over SSH, the dry run and the example spec.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchsite } from '../helpers/cli.ts';
import {
  PASSWORD,
  args,
  benchsiteAsync,
  checkRun,
  env,
  setUpHammerdbTests,
  spec,
  tmp,
} from '../helpers/hammerdb-run.ts';
import { writtenRuns } from '../helpers/written-runs.ts';

setUpHammerdbTests();

describe(
  'benchsite run, hammerdb-tprocc (hammerdbcli is a stand-in replaying real HammerDB output)',
  { timeout: 300_000 },
  () => {
    it('runs PostgreSQL and MariaDB here in parallel: harvested runs validate, NOPM/TPM are the replayed results, vmstat/iostat cover the measured phase', () => {
      const r = benchsite(
        args([spec('local-pg', { product: 'postgres' }), spec('local-ma', { product: 'mariadb' })], 'local'),
        { env, timeout: 240_000 },
      );
      expect(r.code, r.stderr + r.stdout).toBe(0);
      expect(r.stdout).toContain('2 run(s) written');
      expect(r.stderr).toMatch(/lab1: pg15: \[1\/2\] vu1\.w2 \(1 min rampup \+ 1 min, 1 virtual user\)/);
      expect(r.stderr).toMatch(/lab1: pg15: vu2\.w2 done in [\d.]+ s, 41161 NOPM/);
      const runs = writtenRuns(join(tmp, 'local', 'runs'));
      expect(runs.map((x) => x.run.label).sort()).toEqual(['ma1011', 'pg15']);
      for (const { dir, run } of runs) checkRun(dir, run);
      expect(benchsite(['validate', join(tmp, 'local', 'runs')]).code).toBe(0);

      // vmstat ran only over the measured phase: the PostgreSQL replay spends 11 counter lines of 0.3 s in rampup.
      const work = join(tmp, 'local', 'work', 'local-pg', 'lab1', 'pg15');
      const journal = readFileSync(join(work, 'benchsite-journal.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l));
      const stepSeconds = journal.find((e) => e.event === 'done' && e.step === 'run:vu1').seconds;
      const pg = runs.find((x) => x.run.label === 'pg15')!.run;
      const samples = pg.tests.find((t) => t.name === 'vu1.w2')?.system?.clean?.vmstat?.samples;
      expect(samples).toBeLessThanOrEqual(stepSeconds - 3);
      const out = readFileSync(join(work, 'res.pg.load2.vu1.w2.1.1', 'o.pg.pg15.run.out'), 'utf8');
      expect(out).toContain('Vuser 1:Rampup complete, Taking start Transaction Count.');
      expect(out).toContain('Set tpcc:pg_superuserpass from environment variable BENCHSITE_HAMMERDB_PASSWORD');
      expect(out).not.toContain(PASSWORD);
    });
    it('runs both over SSH (scripts written and HammerDB files copied back through the connection), with the same results', async () => {
      const r = await benchsiteAsync(
        args(
          [spec('ssh-pg', { product: 'postgres', ssh: true }), spec('ssh-ma', { product: 'mariadb', ssh: true })],
          'ssh',
        ),
        { env },
      );
      expect(r.code, r.stderr + r.stdout).toBe(0);
      const runs = writtenRuns(join(tmp, 'ssh', 'runs'));
      expect(runs).toHaveLength(2);
      for (const { dir, run } of runs) checkRun(dir, run);
      expect(benchsite(['validate', join(tmp, 'ssh', 'runs')]).code).toBe(0);
    });
    it('--dry-run prints the scripts and commands without a password; a missing hammerdbcli is named', () => {
      const file = spec('dry', { product: 'postgres' });
      const d = benchsite(['run', file, '--dry-run'], { env });
      expect(d.code, d.stderr).toBe(0);
      expect(d.stdout).toContain(`cat > ${join(tmp, 'host', 'dry', 'pg15', 'build.tcl')} <<'EOF'`);
      expect(d.stdout).toContain('benchsite_secret tpcc pg_superuserpass BENCHSITE_HAMMERDB_PASSWORD');
      expect(d.stdout).toContain(
        '# from the output line matching /Rampup complete, Taking start Transaction Count/ to /Test complete, Taking end Transaction Count/: vmstat 1',
      );
      expect(d.stdout).toContain('TMP=$tmp exec "$3" auto "$4"\' hammerdbcli ');
      expect(d.stdout).toMatch(
        /' hammerdbcli \S+\/tmp\.run\.vu2 \S+stand-ins \.\/hammerdbcli \S+\/run\.vu2\.tcl > res\.pg\.load2\.vu2\.w2\.1\.1\/o\.pg\.pg15\.run\.out/,
      );
      expect(d.stdout).not.toContain(PASSWORD);

      const missing = benchsite(
        args([spec('missing', { product: 'postgres', installDir: join(tmp, 'no-hammerdb') })], 'missing'),
        { env },
      );
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain(
        `${join(tmp, 'no-hammerdb')}/hammerdbcli not found on this machine. Install it there, or set its path in the spec's benchmark section.`,
      );
    });
    it('examples/hammerdb-tprocc.yaml is a valid spec for a real HammerDB install', () => {
      const r = benchsite(['run', 'examples/hammerdb-tprocc.yaml', '--dry-run'], {
        env: { BENCH_PG_PASSWORD: 's3cret', BENCH_MYSQL_PASSWORD: 's3cret' },
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('dbset db pg');
      expect(r.stdout).toContain('dbset db mysql');
      expect(r.stdout).not.toContain('s3cret');
    });
  },
);

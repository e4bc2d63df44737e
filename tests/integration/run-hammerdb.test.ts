// `benchsite run` with `benchmark.kind: hammerdb-tprocc`, end to end with real parts except HammerDB itself:
// the real PostgreSQL and MariaDB of this machine (DBMS steps), vmstat and iostat, a real OpenSSH sshd on a
// loopback port. HammerDB cannot be installed here, so hammerdbcli is tests/fixtures/stand-ins/hammerdbcli: a Tcl
// program that runs the generated scripts with HammerDB's CLI commands and replays real HammerDB 4.12 output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { readTar } from '../../collectors/lib/tar.ts';
import { benchsite } from '../helpers/cli.ts';
import { ROOT } from '../helpers/build-site.ts';
import { requireDatabases, testDb } from '../helpers/databases.ts';
import { archiveText } from '../helpers/fixtures.ts';
import { startSshd, type Sshd } from '../helpers/sshd.ts';
import { resultValue, writtenRuns, writtenSeries } from '../helpers/written-runs.ts';
import type { Run } from '../../src/schemas/index.ts';

const STAND_INS = join(ROOT, 'tests', 'fixtures', 'stand-ins');
const tmp = mkdtempSync(join(tmpdir(), 'benchsite-hammerdb-'));
const PASSWORD = `pw-${randomUUID()}`;
let sshd: Sshd;

/** The TEST RESULT of a captured run: what the replay must give. */
function captured(file: string): { nopm: number; tpm: number } {
  const m = /TEST RESULT : System achieved (\d+) NOPM from (\d+)/.exec(
    archiveText('realruns/hammerdb.tar.gz', `hammerdb/stdout/${file}`),
  )!;
  return { nopm: Number(m[1]), tpm: Number(m[2]) };
}

interface SpecOpts {
  ssh?: boolean;
  product: 'postgres' | 'mariadb';
  vus?: number[];
  env?: Record<string, string>;
  installDir?: string;
}

/** A spec matching what the captures hold (2 warehouses built by 2 VUs; PostgreSQL rampup 1, MySQL 0). */
function spec(name: string, o: SpecOpts): string {
  const pg = o.product === 'postgres';
  const file = join(tmp, `${name}.yaml`);
  const env = { HAMMERDB_STANDIN_PACE_MS: '300', ...o.env };
  writeFileSync(
    file,
    `name: ${name}
host:
  name: lab1
${o.ssh ? `  ssh: { host: 127.0.0.1, port: ${sshd.port}, user: ${sshd.user}, privateKey: ${sshd.privateKey}, knownHosts: ${sshd.knownHosts} }\n` : ''}dbms:
  - label: ${pg ? 'pg15' : 'ma1011'}
    product: ${o.product}
    config: default
    connection: ${pg ? '{ host: 127.0.0.1, port: 5432, user: postgres, passwordEnv: HDB_TEST_PASSWORD, database: ' + testDb('benchsite_tpcc') + ' }' : '{ host: 127.0.0.1, port: 3306, user: root, password: "", database: ' + testDb('benchsite_tpcc') + ' }'}
benchmark:
  kind: hammerdb-tprocc
  installDir: ${o.installDir ?? STAND_INS}
  workDir: ${join(tmp, 'host')}
  environment: { ${Object.entries(env)
    .map(([k, v]) => `${k}: "${v}"`)
    .join(', ')} }
  warehouses: 2
  buildVirtualUsers: 2
  virtualUsers: [${(o.vus ?? [1, 2]).join(', ')}]
  rampupMinutes: ${pg ? 1 : 0}
  durationMinutes: 1
  allWarehouses: false
  timeProfile: true
  vacuum: false
  counterRefreshSeconds: 5
`,
  );
  return file;
}

const args = (files: string[], name: string, extra: string[] = []) => [
  'run',
  ...files,
  '--out',
  join(tmp, name, 'runs'),
  '--work',
  join(tmp, name, 'work'),
  ...extra,
];
const env = { HDB_TEST_PASSWORD: PASSWORD };

/**
 * `benchsite` without blocking this process: the test sshd logs into a pipe that this process drains, and a
 * blocked event loop (spawnSync) lets that pipe fill until sshd stalls and the connections time out.
 */
function benchsiteAsync(
  argv: string[],
  opts: {
    env?: NodeJS.ProcessEnv;
    interrupt?: { journal: string; step: string; afterMs: number; how: (child: ChildProcess) => void };
  } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [`${ROOT}bin/benchsite.js`, ...argv], {
    cwd: ROOT,
    env: { ...process.env, ...opts.env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  return (async () => {
    const i = opts.interrupt;
    if (i) {
      // Interrupt once the step has been running for a while.
      const until = Date.now() + 120_000;
      while (
        Date.now() < until &&
        !(existsSync(i.journal) && readFileSync(i.journal, 'utf8').includes(`"step":"${i.step}"`))
      )
        await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, i.afterMs));
      i.how(child);
    }
    return { code: await closed, stdout, stderr };
  })();
}

/** Every byte that reached content/: run.json, series.json and every file in raw.tar.gz. */
function contentBytes(dir: string): Buffer {
  const raw = readTar(gunzipSync(readFileSync(join(dir, 'raw.tar.gz'))));
  return Buffer.concat([
    readFileSync(join(dir, 'run.json')),
    readFileSync(join(dir, 'series.json')),
    ...raw.map((e) => Buffer.from(e.data)),
  ]);
}

function rawPaths(dir: string): string[] {
  return readTar(gunzipSync(readFileSync(join(dir, 'raw.tar.gz')))).map((e) => e.path);
}

/** The checks every finished run of these specs must pass. */
function checkRun(dir: string, run: Run, product = run.dbms.product): void {
  const pg = product === 'postgres';
  expect(run.benchmark).toBe('hammerdb-tprocc');
  expect(run.label).toBe(pg ? 'pg15' : 'ma1011');
  expect(run.host.name).toBe('lab1');
  expect(run.dbms.product).toBe(product);
  expect(run.dbms.version).toBe(pg ? '15.20' : '10.11.19');
  expect(run.config.name).toBe('default');
  expect(Object.keys(run.config.settings ?? {}).length).toBeGreaterThan(100);
  expect(run.workload).toMatchObject({
    kind: 'hammerdb-tprocc',
    workload: pg ? 'PostgreSQL' : 'MySQL',
    warehouses: [2],
    virtualUsers: [1, 2],
    buildVirtualUsers: 2,
    durationMinutes: 1,
    rampupMinutes: pg ? 1 : 0,
  });
  if (!pg) expect(run.provenance.notes?.join(' ')).toMatch(/MySQL workload .* MariaDB/);
  expect(run.tests.map((t) => [t.name, t.status])).toEqual([
    ['build.w2', 'ok'],
    ['vu1.w2', 'ok'],
    ['vu2.w2', 'ok'],
  ]);
  for (const vu of [1, 2]) {
    const test = `vu${vu}.w2`;
    const want = captured(`${pg ? 'pg' : 'my'}_run_vu${vu}.stdout.txt`);
    expect(resultValue(run, test, 'nopm'), `${run.label} ${test} nopm`).toBe(want.nopm);
    expect(resultValue(run, test, 'tpm'), `${run.label} ${test} tpm`).toBe(want.tpm);
    const t = run.tests.find((x) => x.name === test);
    expect(t?.system?.clean?.vmstat?.samples, `${test} vmstat samples`).toBeGreaterThanOrEqual(2);
    for (const m of ['vmstat_us', 'vmstat_sy', 'vmstat_cs', 'vmstat_us_plus_sy', 'cpu_per_nopm', 'iostat_wmb_per_s']) {
      expect(resultValue(run, test, m), `${test} ${m}`).toBeGreaterThanOrEqual(0);
    }
    // The time profile of the replayed run reached the run through the copied jobs database.
    expect(resultValue(run, test, 'neword_avg_ms')).toBeGreaterThan(0);
  }
  const series = writtenSeries(dir);
  expect(series.tests['vu1.w2']?.map((s) => s.name)).toEqual(expect.arrayContaining(['tpm', 'vmstat', 'iostat']));
  const raw = rawPaths(dir);
  const sfx = pg ? 'pg.pg15' : 'ma.ma1011';
  const res1 = `res.${pg ? 'pg' : 'ma'}.load2.vu1.w2.${pg ? 1 : 0}.1`;
  for (const f of [
    'hammerdb/build.tcl',
    'hammerdb/run.vu1.tcl',
    'benchsite-journal.jsonl',
    'dbms-settings.txt',
    'inventory/lscpu.txt',
    `${res1}/o.${sfx}.build.out`,
    `${res1}/o.${sfx}.build.vm`,
    `${res1}/o.${sfx}.run.out`,
    `${res1}/o.${sfx}.run.vm`,
    `${res1}/o.${sfx}.run.io`,
    `${res1}/o.${sfx}.hammer.DB`,
  ]) {
    expect(raw, f).toContain(f);
  }
  expect(raw.some((p) => /\.run\.hdbtcount_[0-9A-F]{24}\.log$/.test(p))).toBe(true);
  // No password reached content/ (HammerDB keeps them in hammer.DB; the copies have them blanked).
  expect(contentBytes(dir).includes(PASSWORD)).toBe(false);
}

beforeAll(async () => {
  requireDatabases();
  for (const [argv, what] of [
    [['tclsh', '/dev/null'], 'tclsh (apt-get install -y tcl)'],
    [
      ['sh', '-c', 'echo "package require sqlite3" | tclsh'],
      "Tcl's sqlite3 package (apt-get install -y libsqlite3-tcl)",
    ],
  ] as const) {
    try {
      execFileSync(argv[0], argv.slice(1), { stdio: 'pipe' });
    } catch {
      throw new Error(`the hammerdbcli stand-in needs ${what}`);
    }
  }
  sshd = await startSshd();
});
afterAll(async () => {
  await sshd?.stop();
});

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

    it('a dropped connection during a timed run stops with a clear message, keeps the raw files, and --resume completes the run', async () => {
      const file = spec('drop', { product: 'postgres', ssh: true, env: { HAMMERDB_STANDIN_PACE_MS: '500' } });
      const work = join(tmp, 'drop', 'work', 'drop', 'lab1', 'pg15');
      const journal = join(work, 'benchsite-journal.jsonl');
      const { code, stderr } = await benchsiteAsync(args([file], 'drop'), {
        env,
        interrupt: { journal, step: 'run:vu2', afterMs: 2000, how: () => sshd.dropSessions() },
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
      expect(readdirSync(join(tmp, 'host', 'drop', 'pg15')).filter((n) => n.startsWith('tmp.run.vu2.'))).toHaveLength(
        1,
      );
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

// The shipped examples as a new user runs them: examples/sysbench-local.yaml against this machine's
// PostgreSQL, then the site built from the new runs; examples/sysbench-ssh.yaml as a dry run; and two specs
// (one local, one over SSH) running in parallel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchsite } from '../helpers/cli.ts';
import { ROOT } from '../helpers/build-site.ts';
import { requireDatabases, testDb } from '../helpers/databases.ts';
import { startSshd, type Sshd } from '../helpers/sshd.ts';

const tmp = mkdtempSync(join(tmpdir(), 'benchsite-local-'));
let sshd: Sshd;

beforeAll(async () => {
  requireDatabases();
  sshd = await startSshd();
});
afterAll(async () => {
  await sshd?.stop();
});

describe('examples', { timeout: 400_000 }, () => {
  it('examples/sysbench-local.yaml runs as shipped, and the new runs appear on the built site', () => {
    const out = join(tmp, 'content', 'runs');
    const r = benchsite(['run', 'examples/sysbench-local.yaml', '--out', out, '--work', join(tmp, 'work')], {
      timeout: 300_000,
    });
    expect(r.code, r.stderr).toBe(0);
    // Plain progress lines when not on a terminal: each test with its QPS.
    expect(r.stderr).toMatch(/localhost: pg\.sync_on: \[1\/6\] point-query \(5 s, 1 thread\)/);
    expect(r.stderr).toMatch(/localhost: pg\.sync_off: write-only done in [\d.]+ s, [\d.]+ qps/);
    expect(r.stdout).toContain('2 run(s) written');
    const dirs = readdirSync(join(out, 'sysbench', 'localhost')).sort();
    expect(dirs).toEqual([expect.stringMatching(/^\d{8}-pg\.sync_off$/), expect.stringMatching(/^\d{8}-pg\.sync_on$/)]);
    const off = JSON.parse(readFileSync(join(out, 'sysbench', 'localhost', dirs[0]!, 'run.json'), 'utf8'));
    expect(off.config).toMatchObject({ name: 'sync_off', description: 'synchronous_commit=off' });
    expect(off.config.settings.synchronous_commit).toBe('off');
    expect(benchsite(['validate', out]).code).toBe(0);

    // Build the site from these runs (BENCHSITE_CONTENT points the site at another content folder).
    mkdirSync(join(tmp, 'content', 'reports'), { recursive: true });
    const dist = join(tmp, 'dist');
    execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', dist], {
      cwd: ROOT,
      env: { ...process.env, BENCHSITE_CONTENT: join(tmp, 'content') },
      stdio: 'pipe',
    });
    const index = readFileSync(join(dist, 'index.html'), 'utf8');
    expect(index).toContain('/hosts/sysbench/localhost/');
    const host = readFileSync(join(dist, 'hosts/sysbench/localhost/index.html'), 'utf8');
    expect(host).toContain(`/runs/sysbench/localhost/${dirs[1]}/`);
    const page = readFileSync(join(dist, 'runs', 'sysbench', 'localhost', dirs[1]!, 'index.html'), 'utf8');
    expect(page).toContain('synchronous_commit=on');
    expect(page).toMatch(/data-test="point-query"/);
  });

  it('examples/sysbench-ssh.yaml is a valid spec; --dry-run prints its commands without secrets', () => {
    const r = benchsite(['run', 'examples/sysbench-ssh.yaml', '--dry-run'], {
      env: { BENCH_MYSQL_PASSWORD: 's3cret' },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('## host db1 (ssh bench@db1.example.net:22)');
    expect(r.stdout).toContain(
      'sysbench oltp_point_select --db-driver=mysql --mysql-user=bench --mysql-db=sbtest --config-file=/dev/stdin --mysql-host=127.0.0.1 --mysql-port=3306 --tables=1 --table-size=1000000',
    );
    expect(r.stdout).not.toContain('s3cret');
  });

  it('a password named by passwordEnv but not exported: --dry-run warns, a run stops before connecting', () => {
    const env = { BENCH_MYSQL_PASSWORD: undefined };
    const dry = benchsite(['run', 'examples/sysbench-ssh.yaml', '--dry-run'], { env });
    expect(dry.code).toBe(0);
    expect(dry.stderr).toContain(
      "warning: examples/sysbench-ssh.yaml: passwordEnv names BENCH_MYSQL_PASSWORD, which is not set. Export it first: export BENCH_MYSQL_PASSWORD='<password>'",
    );
    const real = benchsite(['run', 'examples/sysbench-ssh.yaml'], { env });
    expect(real.code).toBe(1);
    expect(real.stderr).toContain(
      'error: examples/sysbench-ssh.yaml: passwordEnv names BENCH_MYSQL_PASSWORD, which is not set.',
    );
    expect(real.stderr).not.toContain('db1.example.net');
  });

  it('two specs, one here and one over SSH, run in parallel, each host with its own progress', () => {
    const common = (db: string, product: string, port: number, user: string, seconds: number) => `dbms:
  - label: ${product}.x
    product: ${product}
    config: x
    connection: { host: 127.0.0.1, port: ${port}, user: ${user}, password: "", database: ${db} }
benchmark: { kind: sysbench, rows: 2000, seconds: { read: ${seconds}, write: ${seconds} }, tests: [point-query, update-index] }
`;
    // The local spec runs longer than the SSH one takes to connect on a loaded machine, so their overlap is seen.
    writeFileSync(
      join(tmp, 'a.yaml'),
      `name: par-a\nhost: { name: here }\n${common(testDb('benchsite_par_a'), 'postgres', 5432, 'postgres', 8)}`,
    );
    writeFileSync(
      join(tmp, 'b.yaml'),
      `name: par-b\nhost:\n  name: there\n  ssh: { host: 127.0.0.1, port: ${sshd.port}, user: ${sshd.user}, privateKey: ${sshd.privateKey}, knownHosts: ${sshd.knownHosts} }\n${common(testDb('benchsite_par_b'), 'mariadb', 3306, 'root', 3)}`,
    );
    const out = join(tmp, 'par-runs');
    const r = benchsite(
      ['run', join(tmp, 'a.yaml'), join(tmp, 'b.yaml'), '--out', out, '--work', join(tmp, 'par-work')],
      { timeout: 200_000 },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('2 run(s) written');
    expect(existsSync(join(out, 'sysbench', 'here'))).toBe(true);
    expect(existsSync(join(out, 'sysbench', 'there'))).toBe(true);
    // In parallel: each host's work (first journal entry to harvest) began before the other host's ended.
    const times = (spec: string, host: string, label: string) =>
      readFileSync(join(tmp, 'par-work', spec, host, label, 'benchsite-journal.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => Date.parse(JSON.parse(l).at));
    const a = times('par-a', 'here', 'postgres.x');
    const b = times('par-b', 'there', 'mariadb.x');
    expect(Math.min(...a)).toBeLessThan(Math.max(...b));
    expect(Math.min(...b)).toBeLessThan(Math.max(...a));
    expect(r.stderr).toMatch(/ here: postgres\.x: \[1\/2\] point-query/);
    expect(r.stderr).toMatch(/ there: mariadb\.x: \[1\/2\] point-query/);
  });

  it('Ctrl-C stops after the current command, keeps the raw files, and --resume finishes', async () => {
    writeFileSync(
      join(tmp, 'int.yaml'),
      `name: int
host: { name: here }
dbms:
  - label: pg.x
    product: postgres
    config: x
    connection: { host: 127.0.0.1, port: 5432, user: postgres, password: "", database: ${testDb('benchsite_int')} }
benchmark: { kind: sysbench, rows: 2000, seconds: { read: 4, write: 4 }, tests: [point-query, update-index, insert] }
`,
    );
    const argv = ['run', join(tmp, 'int.yaml'), '--out', join(tmp, 'int-runs'), '--work', join(tmp, 'int-work')];
    const child = spawn(process.execPath, [`${ROOT}bin/benchsite.js`, ...argv], { cwd: ROOT });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
      if (stderr.includes('[2/3] update-index') && !child.killed) setTimeout(() => child.kill('SIGINT'), 1000);
    });
    child.stdout.on('data', () => {});
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(130);
    expect(stderr).toContain('stopping after the current command');
    expect(stderr).toMatch(
      /error: here: interrupted \(Ctrl-C\) during pg\.x \/ test:update-index\.range100\.pk1\.dop1\. Raw files so far are in .*int-work\/int\/here\/.*--resume/,
    );
    const dir = join(tmp, 'int-work', 'int', 'here', 'pg.x');
    expect(readFileSync(join(dir, 'sb.o.point-query.range100.pk1.dop1'), 'utf8')).toContain('SQL statistics:');
    expect(existsSync(join(tmp, 'int-runs'))).toBe(false);
    const resumed = benchsite([...argv, '--resume'], { timeout: 120_000 });
    expect(resumed.code, resumed.stderr).toBe(0);
    const run = JSON.parse(
      readFileSync(
        join(
          tmp,
          'int-runs',
          'sysbench',
          'here',
          readdirSync(join(tmp, 'int-runs', 'sysbench', 'here'))[0]!,
          'run.json',
        ),
        'utf8',
      ),
    );
    expect(run.tests.map((t: { name: string; status: string }) => `${t.name}:${t.status}`)).toEqual([
      'prepare:ok',
      'point-query:ok',
      'update-index:ok',
      'insert:ok',
    ]);
  });
});

// `benchsite run` end to end with real parts: a real OpenSSH sshd on a loopback port, the real sysbench
// 1.0.20, the real PostgreSQL and MariaDB of this machine; then the faults a user meets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchsite } from '../helpers/cli.ts';
import { ROOT } from '../helpers/build-site.ts';
import { freePort, startSshd, type Sshd } from '../helpers/sshd.ts';
import { requireDatabases, testDb } from '../helpers/databases.ts';
import { resultValue, writtenRuns } from '../helpers/written-runs.ts';

let sshd: Sshd;
const tmp = mkdtempSync(join(tmpdir(), 'benchsite-run-'));

function spec(
  name: string,
  opts: { port?: number; knownHosts?: string; tests?: string[]; seconds?: number; connectTimeout?: number } = {},
): string {
  const file = join(tmp, `${name}.yaml`);
  writeFileSync(
    file,
    `name: ${name}
host:
  name: lab1
  ssh:
    host: 127.0.0.1
    port: ${opts.port ?? sshd.port}
    user: ${sshd.user}
    privateKey: ${sshd.privateKey}
    knownHosts: ${opts.knownHosts ?? sshd.knownHosts}
    connectTimeoutSeconds: ${opts.connectTimeout ?? 20}
dbms:
  - label: pg.default
    product: postgres
    config: default
    connection: { host: 127.0.0.1, port: 5432, user: postgres, password: "", database: ${testDb('benchsite_it')} }
  - label: ma.default
    product: mariadb
    config: default
    connection: { host: 127.0.0.1, port: 3306, user: root, password: "", database: ${testDb('benchsite_it')} }
benchmark:
  kind: sysbench
  tables: 1
  rows: 5000
  threads: [1]
  seconds: { read: ${opts.seconds ?? 3}, write: ${opts.seconds ?? 3} }
  tests: [${(opts.tests ?? ['point-query', 'range-covered-pk', 'read-only_range=10', 'update-index', 'insert', 'write-only']).join(', ')}]
`,
  );
  return file;
}

const args = (file: string, name: string, extra: string[] = []) => [
  'run',
  file,
  '--out',
  join(tmp, name, 'runs'),
  '--work',
  join(tmp, name, 'work'),
  ...extra,
];

beforeAll(async () => {
  requireDatabases();
  sshd = await startSshd();
});

afterAll(async () => {
  await sshd?.stop();
});

describe('benchsite run over SSH', { timeout: 300_000 }, () => {
  it('runs the spec on PostgreSQL and MariaDB, harvests and validates: every test has qps > 0 and vmstat/iostat metrics', () => {
    const file = spec('both');
    const r = benchsite(args(file, 'both'), { timeout: 240_000 });
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(r.stderr).toContain('skipping range-covered-pk: needs the mytools Lua script oltp_range_covered.lua');
    expect(r.stdout).toContain('2 run(s) written');
    const runs = writtenRuns(join(tmp, 'both', 'runs'));
    expect(runs.map((x) => x.run.label).sort()).toEqual(['ma.default', 'pg.default']);
    for (const { run } of runs) {
      expect(run.host.name).toBe('lab1');
      expect(run.dbms.product).toBe(run.label.startsWith('pg') ? 'postgres' : 'mariadb');
      expect(run.dbms.version).toMatch(/^\d+\.\d+/);
      expect(run.config.settings && Object.keys(run.config.settings).length).toBeGreaterThan(100);
      expect(run.provenance.spec).toBe('both');
      expect(run.tests.map((t) => t.name)).toEqual([
        'prepare',
        'point-query',
        'read-only_range=10',
        'update-index',
        'insert',
        'write-only',
      ]);
      for (const t of run.tests.filter((x) => x.name !== 'prepare')) {
        expect(t.status, `${run.label} ${t.name}`).toBe('ok');
        expect(resultValue(run, t.name, 'qps'), `${run.label} ${t.name} qps`).toBeGreaterThan(0);
        for (const m of ['cs_per_query', 'cpu_per_query', 'cpu_us_per_query', 'rkb_per_query', 'wkb_per_query']) {
          expect(resultValue(run, t.name, m), `${run.label} ${t.name} ${m}`).toBeGreaterThanOrEqual(0);
        }
        expect(t.system?.clean?.vmstat?.samples).toBeGreaterThanOrEqual(2);
        expect(t.startedAt).toMatch(/^2\d{3}-/);
      }
      // No secret or key path reached the run.
      const text = JSON.stringify(run);
      expect(text).not.toContain(sshd.privateKey);
    }
    const v = benchsite(['validate', join(tmp, 'both', 'runs')]);
    expect(v.code, v.stdout).toBe(0);
  });

  it('a dropped connection mid-test stops with a clear message, keeps the raw files, and --resume completes the run', async () => {
    const file = spec('drop', { tests: ['point-query', 'read-only_range=10', 'update-index'], seconds: 4 });
    const work = join(tmp, 'drop', 'work', 'drop', 'lab1', 'pg.default');
    const child = spawn(process.execPath, [`${ROOT}bin/benchsite.js`, ...args(file, 'drop')], { cwd: ROOT });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdout.on('data', () => {});
    // Drop the connection while the second test runs.
    const journal = join(work, 'benchsite-journal.jsonl');
    const until = Date.now() + 120_000;
    while (
      Date.now() < until &&
      !(existsSync(journal) && readFileSync(journal, 'utf8').includes('"step":"test:read-only.range10.pk1.dop1"'))
    ) {
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 1500));
    sshd.dropSessions();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /error: lab1: lost the connection \(ssh .*@127\.0\.0\.1:\d+.*\) during pg\.default \/ test:read-only\.range10\.pk1\.dop1/,
    );
    expect(stderr).toContain('Raw files so far are in');
    expect(stderr).toContain(`benchsite run ${file} --resume`);
    // What finished is on disk; the interrupted test's partial output too.
    expect(readFileSync(join(work, 'sb.o.point-query.range100.pk1.dop1'), 'utf8')).toContain('SQL statistics:');
    expect(existsSync(join(work, 'sb.o.read-only.range10.pk1.dop1'))).toBe(true);
    expect(existsSync(join(tmp, 'drop', 'runs'))).toBe(false); // nothing half-written landed

    const again = benchsite(args(file, 'drop'));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already holds a run of this spec. Continue it with');

    const resumed = benchsite(args(file, 'drop', ['--resume']), { timeout: 240_000 });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/partial files of test:read-only\.range10\.pk1\.dop1 kept in attempts\//);
    const attempts = readdirSync(join(work, 'attempts'));
    expect(attempts).toHaveLength(1);
    expect(readdirSync(join(work, 'attempts', attempts[0]!))).toContain('sb.o.read-only.range10.pk1.dop1');
    const runs = writtenRuns(join(tmp, 'drop', 'runs'));
    expect(runs).toHaveLength(2);
    const pg = runs.find((x) => x.run.label === 'pg.default')!.run;
    expect(pg.tests.map((t) => [t.name, t.status])).toEqual([
      ['prepare', 'ok'],
      ['point-query', 'ok'],
      ['read-only_range=10', 'ok'],
      ['update-index', 'ok'],
    ]);
    // The partial attempt is kept in the run's raw archive too.
    expect(pg.provenance.rawFiles.some((f) => f.path.startsWith('attempts/'))).toBe(true);
  });

  it('refuses a host whose key does not match known_hosts, saying how to fix it', () => {
    const r = benchsite(args(spec('wrongkey', { knownHosts: sshd.wrongKnownHosts }), 'wrongkey'));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`the host key of [127.0.0.1]:${sshd.port} (ssh-ed25519 SHA256:`);
    expect(r.stderr).toContain(`does not match the one in ${sshd.wrongKnownHosts}`);
    expect(r.stderr).toContain(`ssh-keygen -R '[127.0.0.1]:${sshd.port}'`);
  });

  it('refuses a host that is not in known_hosts (no trust on first use)', () => {
    const empty = join(tmp, 'empty_known_hosts');
    writeFileSync(empty, '');
    const r = benchsite(args(spec('unknownkey', { knownHosts: empty }), 'unknownkey'));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`[127.0.0.1]:${sshd.port} is not in ${empty}`);
    expect(r.stderr).toContain(`ssh-keyscan -p ${sshd.port} 127.0.0.1 >> ${empty}`);
  });

  it('times out on a host that never answers, with a clear message', async () => {
    // A TCP port that accepts connections but never speaks SSH: the handshake can only time out.
    const port = await freePort();
    const silent: Server = createServer(() => {});
    await new Promise<void>((r) => silent.listen(port, '127.0.0.1', r));
    try {
      const r = benchsite(args(spec('unreachable', { port, connectTimeout: 2 }), 'unreachable'));
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`ssh ${sshd.user}@127.0.0.1:${port}: no SSH handshake within 2 s`);
    } finally {
      silent.close();
    }
  });

  it('a spec with a bad field names the file, line and field', () => {
    const file = join(tmp, 'bad.yaml');
    writeFileSync(
      file,
      readFileSync(spec('bad'), 'utf8')
        .replace('threads: [1]', 'threads: [one]')
        .replace('product: mariadb', 'product: maria'),
    );
    const r = benchsite(['run', file, '--dry-run']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `${file}:17: dbms[1].product: expected "postgres" or "mysql" or "mariadb". Use one of those values.`,
    );
    expect(r.stderr).toContain(
      `${file}:24: benchmark.threads[0]: expected number, received string. Write it as a number.`,
    );
  });
});

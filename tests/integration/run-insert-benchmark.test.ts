// `benchsite run` of the Insert Benchmark end to end with real parts: the real PostgreSQL and MariaDB of this
// machine (create database, server version and settings), the real vmstat and iostat, a real OpenSSH sshd on a
// loopback port. Only the iibench.py client is a stand-in (tests/fixtures/stand-ins/iibench.py): the real one
// needs psycopg2/MySQLdb, which cannot be installed here, so the stand-in replays the output the real client
// printed for the same step in realruns/ibench.tar.gz. Every expected number below is read from those files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { benchsite } from '../helpers/cli.ts';
import { ROOT } from '../helpers/build-site.ts';
import { archiveText } from '../helpers/fixtures.ts';
import { requireDatabases, testDb } from '../helpers/databases.ts';
import { startSshd, type Sshd } from '../helpers/sshd.ts';
import { onlyRun, resultValue, writtenRuns } from '../helpers/written-runs.ts';
import type { Run } from '../../src/schemas/index.ts';

const runsIn = (dir: string) => writtenRuns(dir).map((r) => r.run);

const STAND_IN = join(ROOT, 'tests', 'fixtures', 'stand-ins', 'iibench.py');
const STEPS = ['l.i0', 'l.x', 'l.i1', 'l.i2', 'qr100.L1', 'qp100.L2', 'qr500.L3', 'qp500.L4'];
const RECORDED = { postgres: '0.2m.pg1518.ccy1', mariadb: '0.2m.ma101119.ccy1' } as const;
const tmp = mkdtempSync(join(tmpdir(), 'benchsite-ibench-'));
let sshd: Sshd;

interface SpecOpts {
  ssh?: boolean;
  dbms?: Array<'postgres' | 'mariadb'>;
  clients?: number;
  tablePerClient?: boolean;
  steps?: string[];
  fail?: string;
  /** Replay speed of the stand-in (the real runs' query steps took 26 s). */
  speed?: number;
  iibench?: string;
}

/** A spec with the settings of the recorded runs (0.2m rows, 25 s query steps at 100 and 500 inserts/s) and 1 s monitors. */
function spec(name: string, o: SpecOpts = {}): string {
  const connection = (port: number, user: string) => ({
    host: '127.0.0.1',
    port,
    user,
    password: '',
    database: testDb(`benchsite_ib_${name}`),
  });
  const entry = (p: 'postgres' | 'mariadb') =>
    p === 'postgres'
      ? { label: 'pg.a', product: p, config: 'a', connection: connection(5432, 'postgres') }
      : { label: 'ma.a', product: p, config: 'a', connection: connection(3306, 'root') };
  const doc = {
    name,
    host: {
      name: 'lab1',
      ...(o.ssh
        ? {
            ssh: {
              host: '127.0.0.1',
              port: sshd.port,
              user: sshd.user,
              privateKey: sshd.privateKey,
              knownHosts: sshd.knownHosts,
            },
          }
        : {}),
    },
    dbms: (o.dbms ?? ['postgres']).map(entry),
    benchmark: {
      kind: 'insert-benchmark',
      iibench: o.iibench ?? STAND_IN,
      env: {
        IIBENCH_STANDIN_SPEED: String(o.speed ?? 10),
        IIBENCH_STANDIN_MIN_SECONDS: '2.5',
        ...(o.fail ? { IIBENCH_STANDIN_FAIL: o.fail } : {}),
      },
      clients: o.clients ?? 1,
      tablePerClient: o.tablePerClient ?? true,
      rows: { load: 200000, write: 100000 },
      querySeconds: 25,
      rates: [100, 500],
      monitorSeconds: 1,
      ...(o.steps ? { steps: o.steps } : {}),
    },
  };
  const file = join(tmp, `${name}.yaml`);
  writeFileSync(file, stringify(doc));
  return file;
}

/**
 * `benchsite` as a child process without blocking this process: the test's sshd logs to a pipe that this process
 * drains, and a run over SSH of many steps writes more log than the pipe holds (spawnSync would stall sshd).
 */
function startBenchsite(
  argv: string[],
  opts: { timeoutMs?: number; onStderr?: (text: string, child: ChildProcess) => void } = {},
) {
  const child = spawn(process.execPath, [`${ROOT}bin/benchsite.js`, ...argv], { cwd: ROOT });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
    opts.onStderr?.(stderr, child);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 280_000);
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => (clearTimeout(timer), resolve({ code, stdout, stderr }))),
  );
  return { child, done };
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
const workDir = (name: string, label: string) => join(tmp, name, 'work', name, 'lab1', label);

/** bc's `scale=1` division, which np.sh prints its rates with. */
const bc1 = (a: number, b: number) => Math.trunc((a * 10) / b) / 10;

/** What the recorded client output of a step says: rows asked for (--max_rows) and queries done (last t_query). */
function recorded(product: 'postgres' | 'mariadb', step: string) {
  const text = archiveText('realruns/ibench.tar.gz', `ibench/raw/1u.1tno/${RECORDED[product]}/${step}/o.ib.dop1.1`);
  const lines = text.split('\n');
  const intervals = lines.filter((l) => l.split('\t').length === 17 && !l.startsWith('i_sec'));
  return {
    text,
    body: lines.slice(1).join('\n'),
    maxRows: Number(/--max_rows=(\d+)/.exec(lines[0]!)![1]),
    queries: Number(intervals[intervals.length - 1]!.split('\t')[13]),
  };
}

/** Every step harvested with np.sh's numbers as the replayed files give them, vmstat/iostat metrics and the SLA. */
function checkRun(run: Run, product: 'postgres' | 'mariadb', clients: number, steps: string[], dir: string) {
  expect(run.benchmark).toBe('insert-benchmark');
  expect(run.host.name).toBe('lab1');
  expect(run.dbms.product).toBe(product);
  expect(run.dbms.serverVersion).toMatch(product === 'postgres' ? /^PostgreSQL 1\d\./ : /MariaDB/);
  expect(Object.keys(run.config.settings ?? {}).length).toBeGreaterThan(100);
  expect(run.workload).toMatchObject({
    kind: 'insert-benchmark',
    clients,
    rowsInitial: 200000 * clients,
    querySeconds: 25,
    deletePerInsert: true,
  });
  expect(run.tests.map((t) => t.name)).toEqual(steps);
  const l0Rows = recorded(product, 'l.i0').maxRows * clients;
  for (const t of run.tests) {
    const name: string = t.name;
    const rec = recorded(product, name);
    const stepClients =
      name === 'l.x' && run.workload.kind === 'insert-benchmark' && run.workload.tablePerClient === false ? 1 : clients;
    expect(t.status, `${run.label} ${name}: ${t.error}`).toBe('ok');
    // The client outputs are the recorded ones, after np.sh's line 1 (the command, password redacted).
    for (let n = 1; n <= stepClients; n++) {
      const file = readFileSync(join(dir, name, `o.ib.dop${clients}.${n}`), 'utf8');
      expect(file.slice(file.indexOf('\n') + 1)).toBe(rec.body);
      expect(file.split('\n')[0]).toMatch(
        new RegExp(
          `^python3 \\S+/iibench\\.py --dbms=${product === 'postgres' ? 'postgres' : 'mysql'} .*--db_password=\\*\\*\\* .*--my_id=${n}`,
        ),
      );
    }
    // np.sh's arithmetic: whole seconds of the step's wall clock, rows asked for / seconds, queries / seconds.
    const seconds = resultValue(run, name, 'seconds');
    expect(seconds).toBe(
      Math.max(1, Math.floor(Date.parse(t.endedAt!) / 1000) - Math.floor(Date.parse(t.startedAt!) / 1000)),
    );
    const rows = rec.maxRows * stepClients + (name === 'l.x' ? l0Rows : 0);
    expect(resultValue(run, name, 'inserts_per_s'), `${name} inserts_per_s`).toBe(bc1(rows, seconds!));
    expect(resultValue(run, name, 'queries_total')).toBe(rec.queries * stepClients);
    expect(resultValue(run, name, 'queries_per_s'), `${name} queries_per_s`).toBe(
      bc1(rec.queries * stepClients, seconds!),
    );
    // vmstat and iostat beside the step (1 s samples), and the per-op numbers made of them.
    expect(t.system?.intervalSeconds).toBe(1);
    expect(t.system?.harness?.vmstat?.samples, `${name} vmstat`).toBeGreaterThanOrEqual(2);
    expect(t.system?.harness?.iostat?.samples, `${name} iostat`).toBeGreaterThanOrEqual(1);
    expect(resultValue(run, name, 'cpu_pct')).toBeGreaterThan(0);
    expect(resultValue(run, name, 'cs_per_s')).toBeGreaterThan(0);
    expect(resultValue(run, name, 'writes_per_s')).toBeGreaterThanOrEqual(0);
    expect(resultValue(run, name, 'cpups')).toBeGreaterThan(0);
    const op = name.startsWith('q') ? 'query' : name === 'l.x' ? undefined : 'insert';
    if (op) expect(resultValue(run, name, `cpu_per_${op}`)).toBeGreaterThan(0);
    if (name.startsWith('q')) {
      const rate = Number(/^q[rp](\d+)/.exec(name)![1]);
      expect(t.sla).toEqual({
        targetInsertsPerS: rate * clients,
        achievedInsertsPerS: resultValue(run, name, 'inserts_per_s'),
        threshold: 0.95,
        passed: resultValue(run, name, 'inserts_per_s')! >= 0.95 * rate * clients,
      });
      expect(resultValue(run, name, 'query_rate_p50')).toBeGreaterThan(0);
    }
  }
  expect(run.provenance.notes?.join('\n')).toContain('benchsite ran iibench.py itself (no np.sh, so no o.res)');
  const text = JSON.stringify(run);
  expect(text).not.toMatch(/--db_password=(?!\*\*\*)/);
}

beforeAll(async () => {
  requireDatabases();
  try {
    execFileSync('python3', ['--version'], { stdio: 'pipe' });
  } catch {
    throw new Error('python3 is needed for the iibench.py stand-in: apt-get install -y python3');
  }
  sshd = await startSshd();
});

afterAll(async () => {
  await sshd?.stop();
});

describe('benchsite run: insert-benchmark', { timeout: 300_000 }, () => {
  it('over SSH on PostgreSQL and MariaDB: every step harvested with the replayed numbers, vmstat/iostat and the SLA; the runs validate', async () => {
    const r = await startBenchsite(args(spec('ssh', { ssh: true, dbms: ['postgres', 'mariadb'] }), 'ssh')).done;
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(r.stdout).toContain('2 run(s) written');
    expect(r.stderr).toMatch(
      /lab1: pg\.a: \[5\/8\] qr100\.L1 \(range queries at 100 inserts\/s\/client for 25 s, 1 client\)/,
    );
    expect(r.stderr).toMatch(/lab1: ma\.a: l\.i0 done in [\d.]+ s, 66643\.8 rows\/s \(client 1\)/);
    const runs = runsIn(join(tmp, 'ssh', 'runs'));
    expect(runs.map((x) => x.label).sort()).toEqual(['0.2m.ma.a', '0.2m.pg.a']);
    for (const run of runs) {
      const product = run.label.includes('pg') ? 'postgres' : 'mariadb';
      checkRun(run, product, 1, STEPS, workDir('ssh', run.label));
      expect(JSON.stringify(run)).not.toContain(sshd.privateKey);
    }
    const v = benchsite(['validate', join(tmp, 'ssh', 'runs')]);
    expect(v.code, v.stdout + v.stderr).toBe(0);
  });

  it('locally with 2 clients sharing one table: the second starts after the first created it, one client indexes it', () => {
    const r = benchsite(args(spec('local', { clients: 2, tablePerClient: false }), 'local'), { timeout: 200_000 });
    expect(r.code, r.stderr + r.stdout).toBe(0);
    const run = onlyRun(join(tmp, 'local', 'runs'));
    expect(run.label).toBe('0.4m.pg.a');
    expect(run.workload).toMatchObject({ clients: 2, tablePerClient: false });
    checkRun(run, 'postgres', 2, STEPS, workDir('local', '0.4m.pg.a'));
    // np.sh's 10 s head start of the table's creator is part of l.i0's time.
    expect(resultValue(run, 'l.i0', 'seconds')).toBeGreaterThanOrEqual(12);
    expect(readdirSync(join(workDir('local', '0.4m.pg.a'), 'l.x')).filter((f) => f.startsWith('o.ib.'))).toEqual([
      'o.ib.dop2.1',
    ]);
    expect(benchsite(['validate', join(tmp, 'local', 'runs')]).code).toBe(0);
  });

  it("a step whose client fails is kept as a failed test with the client's error; the other steps and the run are written", () => {
    const r = benchsite(args(spec('fail', { steps: ['l.i0', 'qp100.L2', 'qr500.L3'], fail: 'qp100.L2' }), 'fail'), {
      timeout: 120_000,
    });
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(r.stderr).toMatch(
      /pg\.a: qp100\.L2 FAILED \(exit code 1: psycopg2\.errors\.AdminShutdown: terminating connection due to administrator command\), output kept in qp100\.L2\/o\.ib\.dop1\.1/,
    );
    const run = onlyRun(join(tmp, 'fail', 'runs'));
    expect(run.tests.map((t) => [t.name, t.status])).toEqual([
      ['l.i0', 'ok'],
      ['qp100.L2', 'failed'],
      ['qr500.L3', 'ok'],
    ]);
    const failed = run.tests[1]!;
    expect(failed.error).toBe(
      'qp100.L2/o.ib.dop1.1: iibench.py failed (exit code 1: psycopg2.errors.AdminShutdown: terminating connection due to administrator command)',
    );
    // Half the interval lines were printed: the rate counts what the client reports having inserted.
    const out = readFileSync(join(workDir('fail', '0.2m.pg.a'), 'qp100.L2', 'o.ib.dop1.1'), 'utf8');
    const last = out
      .split('\n')
      .filter((l) => l.split('\t').length === 17 && !l.startsWith('i_sec'))
      .pop()!
      .split('\t');
    expect(resultValue(run, 'qp100.L2', 'inserts_per_s')).toBe(
      bc1(Number(last[11]), resultValue(run, 'qp100.L2', 'seconds')!),
    );
    expect(run.provenance.rawFiles.map((f) => f.path)).toContain('qp100.L2/o.ib.dop1.1');
    expect(benchsite(['validate', join(tmp, 'fail', 'runs')]).code).toBe(0);
  });

  it('a dropped SSH connection mid-step stops with a clear message, keeps the raw files, and --resume completes the run', async () => {
    const steps = ['l.i0', 'l.i1', 'qr100.L1', 'qp100.L2'];
    // Slower replay: the connection drops while qr100.L1 runs.
    const file = spec('drop', { ssh: true, steps, speed: 3 });
    const dir = workDir('drop', '0.2m.pg.a');
    const { done } = startBenchsite(args(file, 'drop'));
    const journal = join(dir, 'benchsite-journal.jsonl');
    const until = Date.now() + 120_000;
    while (
      Date.now() < until &&
      !(existsSync(journal) && readFileSync(journal, 'utf8').includes('"step":"test:qr100.L1"'))
    )
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 2000));
    sshd.dropSessions();
    const { code, stderr } = await done;
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /error: lab1: lost the connection \(ssh .*@127\.0\.0\.1:\d+.*\) during pg\.a \/ test:qr100\.L1/,
    );
    expect(stderr).toContain(`benchsite run ${file} --resume`);
    expect(readFileSync(join(dir, 'l.i1', 'o.ib.dop1.1'), 'utf8')).toContain('\nDone\n');
    const partial = readFileSync(join(dir, 'qr100.L1', 'o.ib.dop1.1'), 'utf8');
    expect(partial).not.toContain('Done');
    expect(existsSync(join(tmp, 'drop', 'runs'))).toBe(false);

    const resumed = await startBenchsite(args(file, 'drop', ['--resume'])).done;
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/partial files of test:qr100\.L1 kept in attempts\//);
    const attempts = readdirSync(join(dir, 'attempts'));
    expect(attempts).toHaveLength(1);
    expect(readFileSync(join(dir, 'attempts', attempts[0]!, 'qr100.L1', 'o.ib.dop1.1'), 'utf8')).toBe(partial);
    const runs = runsIn(join(tmp, 'drop', 'runs'));
    expect(runs).toHaveLength(1);
    checkRun(runs[0]!, 'postgres', 1, steps, dir);
    // The interrupted attempt is in the run's raw archive too, not harvested as a run of its own.
    expect(runs[0]!.provenance.rawFiles.some((f) => f.path.startsWith('attempts/'))).toBe(true);
  });

  it('Ctrl-C stops after the current command, keeps the raw files, and --resume finishes', async () => {
    const steps = ['l.i0', 'qr100.L1', 'qp100.L2'];
    const argv = args(spec('int', { steps, speed: 3 }), 'int');
    const { done } = startBenchsite(argv, {
      onStderr: (text, child) => {
        if (text.includes('[2/3] qr100.L1') && !child.killed) setTimeout(() => child.kill('SIGINT'), 1500);
      },
    });
    const { code, stderr } = await done;
    expect(code).toBe(130);
    expect(stderr).toMatch(
      /error: lab1: interrupted \(Ctrl-C\) during pg\.a \/ test:qr100\.L1\. Raw files so far are in .*--resume/,
    );
    const resumed = benchsite([...argv, '--resume'], { timeout: 120_000 });
    expect(resumed.code, resumed.stderr).toBe(0);
    const run = onlyRun(join(tmp, 'int', 'runs'));
    checkRun(run, 'postgres', 1, steps, workDir('int', '0.2m.pg.a'));
  });

  it('an iibench.py path that does not exist on the host stops before the first step, naming the field', () => {
    const r = benchsite(args(spec('missing', { iibench: '/nonexistent/iibench.py' }), 'missing'));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "error: lab1: pg.a: check-iibench failed (exit code 1: /nonexistent/iibench.py is not a readable file on this host: set benchmark.iibench to the path of mytools' bench/ibench/iibench.py)",
    );
    expect(existsSync(join(tmp, 'missing', 'runs'))).toBe(false);
  });

  it('--dry-run of examples/insert-benchmark.yaml prints the iibench.py commands without the password', () => {
    const r = benchsite(['run', 'examples/insert-benchmark.yaml', '--dry-run'], {
      env: { BENCH_PG_PASSWORD: 's3cret' },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('vmstat 5 > l.i0/o.vm.dop1 &  iostat -y -kx 5 > l.i0/o.io.dop1 &');
    expect(r.stdout).toMatch(
      /python3 -c '[^']+' \S+\/iibench\.py --dbms=postgres --db_name=ib --secs_per_report=1 --db_host=127\.0\.0\.1 --db_user=bench --engine=pg .*--max_rows=20000000 --table_name=pi1 --setup .* > l\.i0\/o\.ib\.dop1\.1/,
    );
    expect(r.stdout).toMatch(
      /--query_pk_only --max_rows=1800000 .*--inserts_per_second=1000 --query_threads=1 .* > qp1000\.L6\/o\.ib\.dop1\.1/,
    );
    expect(r.stdout).not.toContain('s3cret');
  });
});

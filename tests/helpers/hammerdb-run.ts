// What the tests of `benchsite run` with hammerdb-tprocc share: HammerDB cannot be installed here, so hammerdbcli is
// tests/fixtures/stand-ins/hammerdbcli, a Tcl program that runs the generated scripts with HammerDB's CLI commands
// and replays real HammerDB 4.12 output; the real PostgreSQL and MariaDB of this machine, and a real OpenSSH sshd
// on a loopback port. Each test file gets its own temporary folder, password and sshd.
import { afterAll, beforeAll, expect } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { readTar } from '../../collectors/lib/tar.ts';
import type { Run } from '../../src/schemas/index.ts';
import { ROOT } from './build-site.ts';
import { requireDatabases, testDb } from './databases.ts';
import { archiveText } from './fixtures.ts';
import { startSshd, type Sshd } from './sshd.ts';
import { resultValue, writtenSeries } from './written-runs.ts';

const STAND_INS = join(ROOT, 'tests', 'fixtures', 'stand-ins');
export const tmp = mkdtempSync(join(tmpdir(), 'benchsite-hammerdb-'));
/** The database password the specs name by variable; no byte of content/ may hold it. */
export const PASSWORD = `pw-${randomUUID()}`;
export const env = { HDB_TEST_PASSWORD: PASSWORD };
let sshd: Sshd;

/** Checks what the stand-in needs and starts the sshd before the file's tests, stops it after. */
export function setUpHammerdbTests(): void {
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
}

/** The test sshd (started by setUpHammerdbTests). */
export const testSshd = (): Sshd => sshd;

/** The TEST RESULT of a captured run: what the replay must give. */
export function captured(file: string): { nopm: number; tpm: number } {
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
export function spec(name: string, o: SpecOpts): string {
  const pg = o.product === 'postgres';
  const file = join(tmp, `${name}.yaml`);
  // 11 or 12 counter lines in each measured phase: at 500 ms apart, 5.5 s of it, so vmstat, started over SSH when
  // the phase begins, still has two whole samples in it when a loaded machine starts it 2 s late (at 300 ms, one
  // such run of the full suite had one).
  const env = { HAMMERDB_STANDIN_PACE_MS: '500', ...o.env };
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

export const args = (files: string[], name: string, extra: string[] = []) => [
  'run',
  ...files,
  '--out',
  join(tmp, name, 'runs'),
  '--work',
  join(tmp, name, 'work'),
  ...extra,
];

/**
 * `benchsite` without blocking this process: the test sshd logs into a pipe that this process drains, and a
 * blocked event loop (spawnSync) lets that pipe fill until sshd stalls and the connections time out.
 */
export function benchsiteAsync(
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

export function rawPaths(dir: string): string[] {
  return readTar(gunzipSync(readFileSync(join(dir, 'raw.tar.gz')))).map((e) => e.path);
}

/** The checks every finished run of these specs must pass. */
export function checkRun(dir: string, run: Run, product = run.dbms.product): void {
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

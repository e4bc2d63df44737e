// `benchsite run` of pgbench end to end with real parts: the real pgbench and PostgreSQL of this machine, on it
// and over a real OpenSSH sshd on a loopback port; then a report of a run against its repeat, built as a site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printfFixed } from '../../src/lib/c-printf.ts';
import { benchsite } from '../helpers/cli.ts';
import { ROOT } from '../helpers/build-site.ts';
import { startSshd, type Sshd } from '../helpers/sshd.ts';
import { requireDatabases, testDb } from '../helpers/databases.ts';
import { onlyRun, resultValue, writtenRuns } from '../helpers/written-runs.ts';

const runsIn = (dir: string) => writtenRuns(dir).map((r) => r.run);

let sshd: Sshd;
const tmp = mkdtempSync(join(tmpdir(), 'benchsite-pgbench-'));
const db = testDb('benchsite_pgbench_it');

function spec(name: string, opts: { ssh?: boolean; tests?: string } = {}): string {
  const file = join(tmp, `${name}.yaml`);
  const ssh = opts.ssh
    ? `
  ssh:
    host: 127.0.0.1
    port: ${sshd.port}
    user: ${sshd.user}
    privateKey: ${sshd.privateKey}
    knownHosts: ${sshd.knownHosts}`
    : '';
  writeFileSync(
    file,
    `name: ${name}
host:
  name: lab1${ssh}
dbms:
  - label: pg.default
    product: postgres
    config: default
    connection: { host: 127.0.0.1, port: 5432, user: postgres, password: "", database: ${db} }
benchmark:
  kind: pgbench
  scale: 1
  clients: [1, 2]
  seconds: 3
  workDir: ${join(tmp, 'host')}
  tests:
${
  opts.tests ??
  `    - tpcb-like
    - select-only
    - name: point-read
      sql: |
        \\set aid random(1, 100000 * :scale)
        SELECT abalance FROM pgbench_accounts WHERE aid = :aid;`
}
`,
  );
  return file;
}

const run = (file: string, out: string, work: string) =>
  benchsite(['run', file, '--out', out, '--work', work], { timeout: 240_000 });

/** The test's own `tps = X (without initial connection time)` line, from its raw output. */
function tpsLine(work: string, test: string): number {
  const text = readFileSync(join(work, `pgbench.o.${test}`), 'utf8');
  return Number(/^tps = ([\d.]+) \(without initial connection time\)$/m.exec(text)![1]);
}

beforeAll(async () => {
  requireDatabases();
  try {
    execFileSync('pgbench', ['--version'], { stdio: 'pipe' });
  } catch {
    throw new Error('pgbench is not installed: apt-get install -y postgresql-client');
  }
  sshd = await startSshd();
});

afterAll(async () => {
  await sshd?.stop();
});

describe('benchsite run of pgbench', { timeout: 300_000 }, () => {
  const out = join(tmp, 'runs');
  const work = join(tmp, 'work');
  const raw = join(work, 'local', 'lab1', 'pg.default');

  it('runs pgbench -i, then each test per client count with vmstat and iostat, harvests and validates', () => {
    const r = run(spec('local'), out, work);
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(r.stderr).toMatch(/select-only\.c2 done in [\d.]+ s, [\d.]+ tps/);
    const pg = onlyRun(out);
    expect(pg.benchmark).toBe('pgbench');
    expect(pg.dbms).toMatchObject({ product: 'postgres', version: expect.stringMatching(/^\d+\.\d+/) });
    expect(pg.workload).toMatchObject({ kind: 'pgbench', scale: 1, clients: [1, 2], seconds: 3, progressSeconds: 1 });
    expect(pg.tests.map((t) => [t.name, t.status])).toEqual([
      ['init', 'ok'],
      ['tpcb-like.c1', 'ok'],
      ['tpcb-like.c2', 'ok'],
      ['select-only.c1', 'ok'],
      ['select-only.c2', 'ok'],
      ['point-read.c1', 'ok'],
      ['point-read.c2', 'ok'],
    ]);
    for (const t of pg.tests.filter((x) => x.name !== 'init')) {
      expect(resultValue(pg, t.name, 'tps'), t.name).toBe(tpsLine(raw, t.name));
      expect(resultValue(pg, t.name, 'tps'), t.name).toBeGreaterThan(0);
      expect(resultValue(pg, t.name, 'latency_avg_ms'), t.name).toBeGreaterThan(0);
      for (const m of ['cpu_per_transaction', 'cs_per_transaction', 'wkb_per_transaction'])
        expect(resultValue(pg, t.name, m), `${t.name} ${m}`).toBeGreaterThanOrEqual(0);
      expect(t.series).toEqual(expect.arrayContaining(['pgbench', 'vmstat']));
      expect(t.params).toMatchObject({ clients: Number(t.name.slice(-1)), seconds: 3, scale: 1 });
    }
    // The custom script ran from the file benchsite wrote, which the raw directory keeps.
    expect(readFileSync(join(raw, 'scripts', 'point-read.sql'), 'utf8')).toContain('SELECT abalance');
    expect(pg.tests.find((t) => t.name === 'point-read.c1')?.command).toContain(' -f ');
    const v = benchsite(['validate', out]);
    expect(v.code, v.stdout).toBe(0);
  });

  it('harvests the raw directory again into the same run', () => {
    const again = join(tmp, 'again');
    const h = benchsite(['harvest', raw, '--out', again]);
    expect(h.code, h.stderr).toBe(0);
    const a = onlyRun(again);
    const b = onlyRun(out);
    expect(a.results).toEqual(b.results);
    expect(a.tests.map((t) => [t.name, t.status])).toEqual(b.tests.map((t) => [t.name, t.status]));
  });

  it('runs over SSH the same way', () => {
    const sshOut = join(tmp, 'ssh-runs');
    const sshWork = join(tmp, 'ssh-work');
    const r = run(spec('ssh', { ssh: true, tests: '    - select-only' }), sshOut, sshWork);
    expect(r.code, r.stderr + r.stdout).toBe(0);
    const pg = onlyRun(sshOut);
    expect(pg.host.name).toBe('lab1');
    expect(pg.provenance.spec).toBe('ssh');
    expect(pg.tests.map((t) => [t.name, t.status])).toEqual([
      ['init', 'ok'],
      ['select-only.c1', 'ok'],
      ['select-only.c2', 'ok'],
    ]);
    const rawSsh = join(sshWork, 'ssh', 'lab1', 'pg.default');
    for (const t of ['select-only.c1', 'select-only.c2']) expect(resultValue(pg, t, 'tps')).toBe(tpsLine(rawSsh, t));
    expect(JSON.stringify(pg)).not.toContain(sshd.privateKey);
  });

  it('a report of the run against its repeat builds (relative tables, no `view:` needed), with relative TPS from the two runs', () => {
    const r = run(spec('local'), out, join(tmp, 'work2'));
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(r.stderr).toContain('repeat 2 of pgbench/lab1/');
    const runs = runsIn(out);
    const base = runs.find((x) => !x.repeat)!;
    const repeat = runs.find((x) => x.repeat === 2)!;
    const id = `pgbench/lab1/${base.date.replaceAll('-', '')}-pg.default`;
    const site = join(tmp, 'site');
    mkdirSync(join(site, 'content', 'reports'), { recursive: true });
    execFileSync('cp', ['-r', out, join(site, 'content', 'runs')]);
    writeFileSync(
      join(site, 'content', 'reports', '2026-11-26-pgbench-repeat.md'),
      `---
title: pgbench against its repeat
date: 2026-11-26
benchmark: pgbench
base: ${id}
runs: [${id}~2]
---
The same spec, run twice.
`,
    );
    const b = spawnSync(
      process.execPath,
      ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', join(site, 'dist')],
      {
        cwd: ROOT,
        env: { ...process.env, BENCHSITE_CONTENT: join(site, 'content') },
        encoding: 'utf8',
        timeout: 240_000,
      },
    );
    expect(b.status, b.stdout + b.stderr).toBe(0);
    const csv = readFileSync(join(site, 'dist', 'reports', '2026-11-26-pgbench-repeat', 'relative.csv'), 'utf8');
    const rows = csv
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    const tests = [
      'tpcb-like.c1',
      'tpcb-like.c2',
      'select-only.c1',
      'select-only.c2',
      'point-read.c1',
      'point-read.c2',
    ];
    expect(rows.map((x) => x[1])).toEqual(tests);
    const page = readFileSync(join(site, 'dist', 'reports', '2026-11-26-pgbench-repeat', 'index.html'), 'utf8');
    for (const t of tests) {
      const rel = resultValue(repeat, t, 'tps')! / resultValue(base, t, 'tps')!;
      expect(rows.find((x) => x[1] === t)![5], t).toBe(printfFixed(rel, 2));
      expect(page, t).toContain(printfFixed(rel, 2));
    }
    // pgbench has no report view of its own: its reports are relative tables, named as its descriptor names them.
    expect(page).toContain('rTPS');
    // The repeat's column is told apart from its base by its number.
    expect(rows.every((x) => x[2] === 'pg.default~2')).toBe(true);
    // The run pages and the host's history are built too.
    expect(readdirSync(join(site, 'dist', 'runs', 'pgbench', 'lab1'))).toHaveLength(2);
  });
});

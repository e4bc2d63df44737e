// `benchsite harvest` as a user runs it on other people's sysbench logs: a thread sweep appended to one file
// gives a result per run, and a bad file beside good outputs costs only itself (named, exit code 1).
import { describe, expect, it } from 'vitest';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchsite } from '../helpers/cli.ts';
import { ROOT } from '../helpers/build-site.ts';
import { FIXTURES } from '../helpers/fixtures.ts';

const LOGS = `${FIXTURES}sysbench-logs/`;
const errors = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('error: '));
const runOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8'));

describe('benchsite harvest of a thread sweep appended to one log', () => {
  const out = mkdtempSync(join(tmpdir(), 'benchsite-sweep-'));
  const r = benchsite(['harvest', `${LOGS}sweep-mariadb-read-only.log`, '--out', out]);

  it('writes one run with 7 tests, each with its own thread count and qps', () => {
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^wrote +\S+\/run\.json {2}\(7 tests\)$/m);
    const dir = /^wrote +(\S+)\/run\.json/m.exec(r.stdout)![1]!;
    const run = runOf(join(ROOT, dir));
    const text = readFileSync(`${LOGS}sweep-mariadb-read-only.log`, 'utf8');
    const threads = [...text.matchAll(/^Number of threads: (\d+)$/gm)].map((m) => Number(m[1]));
    const qps = [...text.matchAll(/^\s+queries:\s+\d+\s+\(([\d.]+) per sec\.\)$/gm)].map((m) => Number(m[1]));
    expect(run.tests.map((t: { params: { threads: number } }) => t.params.threads)).toEqual(threads);
    expect(
      run.tests.map(
        (t: { name: string }) =>
          run.results.find((x: { test: string; metric: string }) => x.test === t.name && x.metric === 'qps').value,
      ),
    ).toEqual(qps);
    expect(benchsite(['validate', out]).code).toBe(0);
  });
});

describe('benchsite harvest of a sweep pasted with the loop or the `bash -x` trace that ran it', () => {
  /** Each run of a real log: `Number of threads:` and the `queries:` rate, read with plain regexes. */
  const printed = (file: string) => {
    const text = readFileSync(LOGS + file, 'utf8');
    const threads = [...text.matchAll(/^Number of threads: (\d+)$/gm)].map((m) => Number(m[1]));
    const qps = [...text.matchAll(/^\s+queries:\s+\d+\s+\(([\d.]+) per sec\.\)$/gm)].map((m) => Number(m[1]));
    return threads.map((t, i) => ({ threads: t, qps: qps[i]! }));
  };
  const sweep = printed('sweep-mariadb-read-only.log');
  const two = printed('loop-two-scripts-bash-x.log');
  const readOnly = (runs: typeof sweep) => runs.map((r) => `read-only_range=100_threads=${r.threads}`);
  const twoScripts = [...readOnly(two.slice(0, 4)), ...two.slice(4).map((r) => `point-query_threads=${r.threads}`)];
  for (const [file, runs, names] of [
    ['pasted/loop-after-prompt.log', sweep, readOnly(sweep)],
    ['pasted/loop-typed-over-lines.log', sweep, readOnly(sweep)],
    ['pasted/loop-in-script.log', sweep, readOnly(sweep)],
    ['pasted/bash-x-trace.log', sweep, readOnly(sweep)],
    ['pasted/loop-over-scripts.log', sweep, readOnly(sweep)],
    ['loop-two-scripts-bash-x.log', two, twoScripts],
    ['pasted/loop-over-two-scripts.log', two, twoScripts],
    ['pasted/loop-with-headers.log', two, twoScripts],
  ] as const)
    it(`${file}: a test per run with its own thread count, qps and script, valid`, () => {
      const out = mkdtempSync(join(tmpdir(), 'benchsite-pasted-'));
      const r = benchsite(['harvest', LOGS + file, '--out', out]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^wrote +\\S+/run\\.json {2}\\(${runs.length} tests\\)$`, 'm'));
      const run = runOf(join(ROOT, /^wrote +(\S+)\/run\.json/m.exec(r.stdout)![1]!));
      const tests: Array<{ name: string; status: string; params: { threads: number; lua?: string } }> = run.tests;
      expect(tests.map((t) => t.name)).toEqual(names);
      expect(tests.map((t) => t.params.threads)).toEqual(runs.map((x) => x.threads));
      const qps = (t: string) =>
        run.results.find((x: { test: string; metric: string }) => x.test === t && x.metric === 'qps').value;
      expect(tests.map((t) => qps(t.name))).toEqual(runs.map((x) => x.qps));
      expect(tests.every((t) => t.status === 'ok' && t.params.lua && !JSON.stringify(t.params).includes('$'))).toBe(
        true,
      );
      const v = benchsite(['validate', out]);
      expect(v.code, v.stdout + v.stderr).toBe(0);
    });

  it('a loop over scripts the paste cannot match: tests named after the file, and a note saying why', () => {
    const out = mkdtempSync(join(tmpdir(), 'benchsite-pasted-'));
    const r = benchsite(['harvest', `${LOGS}pasted/loop-over-two-scripts-half.log`, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const run = runOf(join(ROOT, /^wrote +(\S+)\/run\.json/m.exec(r.stdout)![1]!));
    expect(run.tests.map((t: { name: string }) => t.name)).toEqual(
      two.slice(0, 4).map((x) => `loop-over-two-scripts-half_threads=${x.threads}`),
    );
    expect(run.provenance.notes.join('\n')).toContain(
      "the loop's order cannot (the loop makes 8 runs, but the file shows 4)",
    );
    expect(r.stdout).toMatch(/^ {2}note: loop-over-two-scripts-half\.log: .* named after the file$/m);
    expect(benchsite(['validate', out]).code).toBe(0);
  });
});

describe('benchsite harvest of good outputs beside bad files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'benchsite-beside-'));
  chmodSync(dir, 0o755);
  for (const f of ['sweep-mariadb-read-only.log', 'dated-pgsql-update-index.log']) copyFileSync(LOGS + f, join(dir, f));
  mkdirSync(join(dir, 'more'));
  copyFileSync(`${LOGS}sweep-pgsql-point-select-prompt.log`, join(dir, 'more', 'prompt.log'));
  // A compressed output that is not gzip, a log of binary data, and one nobody may read.
  writeFileSync(join(dir, 'more', 'sysbench-64.log.gz'), 'this was never compressed\n');
  writeFileSync(
    join(dir, 'more', 'sysbench-128.log'),
    Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256),
  );
  copyFileSync(`${LOGS}session-mariadb.log`, join(dir, 'locked.log'));
  chmodSync(join(dir, 'locked.log'), 0o000);
  const out = mkdtempSync(join(tmpdir(), 'benchsite-beside-out-'));
  chmodSync(out, 0o777);
  // root reads any file: the command then runs as nobody, for whom the mode 000 file is unreadable.
  const asRoot = process.getuid?.() === 0;
  const r = asRoot
    ? (() => {
        const x = spawnSync(process.execPath, [`${ROOT}bin/benchsite.js`, 'harvest', dir, '--out', out], {
          cwd: ROOT,
          encoding: 'utf8',
          uid: 65534,
          gid: 65534,
          env: { ...process.env, HOME: out },
        });
        return { code: x.status, stdout: x.stdout, stderr: x.stderr };
      })()
    : benchsite(['harvest', dir, '--out', out]);

  it('writes the good runs, names each bad file with why, and exits 1', () => {
    expect(r.code).toBe(1);
    expect(errors(r.stderr)).toEqual([
      `error: ${dir}: locked.log: cannot be read (permission denied). Fix its permissions, or leave it out.`,
      `error: ${dir}: more/sysbench-64.log.gz: not gzip data, though its name says so (incorrect header check). Copy the file again from where the benchmark ran, or remove it from the input.`,
      `error: ${dir}: more/sysbench-128.log: binary data where a tool's text output is expected: it cannot be read (a corrupt copy, or another file under this name?). Copy the file again from where the benchmark ran, or remove it from the input.`,
    ]);
    const written = [...r.stdout.matchAll(/^wrote +(\S+)\/run\.json {2}\((\d+) tests?/gm)].map((m) => Number(m[2]));
    // The top folder's two logs (7 + 3 runs) and the prompt log of more/ (4 runs).
    expect(written.sort((a, b) => a - b)).toEqual([4, 10]);
    expect(r.stdout).toMatch(/^2 run\(s\) harvested, 3 error\(s\)$/m);
  });
});

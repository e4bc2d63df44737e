// A report mixing incomparable runs does not build: the build stops naming the report, each run against its base
// and the difference, and the frontmatter line that acknowledges it; acknowledged, it builds and the page says so.
// A run of another benchmark than the report's cannot be acknowledged, and a run that is not there stops the
// build with the report and the id, without a stack trace.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchsite } from '../helpers/cli.ts';
import { FIXTURES } from '../helpers/fixtures.ts';
import { ROOT } from '../helpers/build-site.ts';

const BASE = 'sysbench/vm/20261122-x.pg1518.cy1.pk1';
const OTHER = 'sysbench/Ubuntu-2204-jammy-amd64-base/20250305-x.pg1023_o2nofp.x10a_c32r128.pk1';
const report = (extra: string) => `---
title: Postgres 15 on a VM against Postgres 10 on a server
date: 2026-11-23
benchmark: sysbench
base: ${BASE}
runs: [${OTHER}]
${extra}---
Two runs of different sizes.
`;

function build(dir: string) {
  const r = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', join(dir, 'dist')], {
    cwd: ROOT,
    env: { ...process.env, BENCHSITE_CONTENT: join(dir, 'content') },
    encoding: 'utf8',
    timeout: 240_000,
  });
  return { status: r.status, output: r.stdout + r.stderr };
}

describe('a report mixing incomparable runs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'benchsite-incomparable-'));
  const runs = join(dir, 'content', 'runs');
  mkdirSync(join(dir, 'content', 'reports'), { recursive: true });
  for (const args of [
    [`${FIXTURES}realruns/sysbench.tar.gz`, '--meta', 'content/meta/vm.yaml'],
    [`${FIXTURES}mytools/bench/arc/feb25.pg.flat`],
    [`${FIXTURES}realruns/ibench.tar.gz`, '--meta', 'content/meta/vm.yaml'],
  ]) {
    const h = benchsite(['harvest', ...args, '--out', runs]);
    expect(h.code, h.stderr).toBe(0);
  }
  const file = join(dir, 'content', 'reports', '2026-11-23-mixed.md');

  it('fails the build with the report, the runs and the difference', () => {
    writeFileSync(file, report(''));
    // benchsite validate refuses what the build refuses, with the same difference.
    const v = benchsite(['validate', runs, '--reports', join(dir, 'content', 'reports')]);
    expect(v.code).toBe(1);
    expect(v.stdout).toContain(
      `2026-11-23-mixed.md: runs: run ${OTHER} is not comparable with the base ${BASE}: different tables: 8 vs 1 in the base; different rows: 10000000 vs 20000 in the base; different threads: 40 vs 1 in the base; different duration: 1 to 10 minutes, 10 minutes or more vs under a minute in the base. Compare comparable runs only, or acknowledge the difference in the frontmatter: acknowledge: [tables, rows, threads, duration].`,
    );
    const r = build(dir);
    expect(r.status).not.toBe(0);
    expect(r.output).toContain(
      `content/reports/2026-11-23-mixed.md: run ${OTHER} against the base ${BASE}: different tables: 8 vs 1 in the base; different rows: 10000000 vs 20000 in the base; different threads: 40 vs 1 in the base; different duration: 1 to 10 minutes, 10 minutes or more vs under a minute in the base`,
    );
    expect(r.output).toContain('acknowledge it in the frontmatter: acknowledge: [tables, rows, threads, duration]');
  }, 300_000);

  it('builds when the frontmatter acknowledges the differences, and the page shows them in a notice', () => {
    writeFileSync(file, report('acknowledge: [tables, rows, threads, duration]\n'));
    const v = benchsite(['validate', runs, '--reports', join(dir, 'content', 'reports')]);
    expect(v.code, v.stdout).toBe(0);
    const r = build(dir);
    expect(r.status, r.output).toBe(0);
    const page = readFileSync(join(dir, 'dist', 'reports', '2026-11-23-mixed', 'index.html'), 'utf8');
    expect(page).toMatch(
      /<p class="warning acknowledged"[^>]*>\s*Compared across a difference this report acknowledges: /,
    );
    expect(page).toContain('different threads: 40 vs 1 in the base');
  }, 300_000);

  it('refuses a run of another benchmark, acknowledged or not, and a run that is not there, without a stack', () => {
    const ibench = 'insert-benchmark/vm/20261122-1m.pg1518.ccy1';
    const other = (extra: string) => report(extra).replace(`base: ${BASE}`, `base: ${ibench}`).replace(OTHER, BASE);
    writeFileSync(file, other(''));
    const v = benchsite(['validate', runs, '--reports', join(dir, 'content', 'reports')]);
    expect(v.code).toBe(1);
    const message = `run ${ibench} is of benchmark insert-benchmark, and the report's is sysbench`;
    expect(v.stdout).toContain(
      `2026-11-23-mixed.md: benchmark: ${message}. Name sysbench runs only (a report compares the runs of one benchmark), or set benchmark: to the runs' own.`,
    );
    // Before, `acknowledge: [benchmark]` (which validate suggested) built a page of Insert Benchmark steps under
    // sysbench's headings, each base cell "failed".
    writeFileSync(file, other('acknowledge: [benchmark]\n'));
    const a = benchsite(['validate', runs, '--reports', join(dir, 'content', 'reports')]);
    expect(a.code).toBe(1);
    expect(a.stdout).toContain('2026-11-23-mixed.md: acknowledge[0]: expected "duration" or');
    // Drawn by sysbench's own view, or as relative tables (as a pgbench report always is): refused either way.
    for (const view of ['', 'view: relative\n']) {
      writeFileSync(file, other(view));
      const r = build(dir);
      expect(r.status, view).not.toBe(0);
      expect(r.output).toContain(`content/reports/2026-11-23-mixed.md: ${message}`);
      expect(r.output).not.toContain('Stack trace');
    }

    const missing = `${BASE.slice(0, -3)}nothere`;
    writeFileSync(file, report('').replace(`runs: [${OTHER}]`, `runs: [${missing}]`));
    const m = build(dir);
    expect(m.status).not.toBe(0);
    expect(m.output).toContain(`2026-11-23-mixed.md: no run with id "${missing}" in content/runs.`);
    expect(m.output).not.toContain('Stack trace');
  }, 300_000);
});

// A report, a run file, a run spec or a command-line argument naming a benchmark benchsite does not know is one
// clear line naming the file (or option) and the known benchmarks, and a non-zero exit: from `benchsite validate`,
// `benchsite run`, `benchsite export` and the site build (`npm run build`, bin/build.js), never a stack trace.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCHMARK_NAMES } from '../../benchmarks/index.ts';
import { ROOT } from '../helpers/build-site.ts';
import { benchsite } from '../helpers/cli.ts';

const KNOWN = `the known benchmarks are ${BENCHMARK_NAMES.join(', ')}`;
const B = 'sysbench/pn53/20260216-ma120300.';
/** A line of a stack trace. */
const STACK = /^\s+at /m;

/** A content folder with two committed runs; `edit` adds what is wrong. */
function content(edit: (dir: string) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'benchsite-unknown-benchmark-'));
  for (const l of ['z12b_c8r32', 'z12c_c8r32'])
    cpSync(join(ROOT, 'content/runs', B + l), join(dir, 'content/runs', B + l), { recursive: true });
  mkdirSync(join(dir, 'content/reports'));
  edit(join(dir, 'content'));
  return dir;
}

const REPORT = `---
title: Nothing known
date: 2026-02-16
benchmark: nosuch
base: ${B}z12b_c8r32
runs: [${B}z12c_c8r32]
---
Text.
`;

/** A report naming an unknown benchmark. */
const withReport = (c: string) => writeFileSync(join(c, 'reports/2026-02-16-nosuch.md'), REPORT);

/** A run of an unknown benchmark (a committed run with its `benchmark` changed, in that benchmark's folder). */
function withRun(c: string) {
  const from = join(c, 'runs', B + 'z12c_c8r32');
  const to = join(c, 'runs/nosuch/pn53/20260216-ma120300.z12c_c8r32');
  cpSync(from, to, { recursive: true });
  const file = join(to, 'run.json');
  writeFileSync(file, readFileSync(file, 'utf8').replace('"benchmark": "sysbench"', '"benchmark": "nosuch"'));
}

/** `npm run build` of a content folder: bin/build.js, as the npm script runs it. */
function build(dir: string) {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/build.js'), '--outDir', join(dir, 'dist')], {
    cwd: ROOT,
    env: { ...process.env, BENCHSITE_CONTENT: join(dir, 'content') },
    encoding: 'utf8',
    timeout: 240_000,
  });
  return { code: r.status, output: r.stdout + r.stderr };
}

describe('a benchmark benchsite does not know', { timeout: 300_000 }, () => {
  const cases = [
    { what: 'a report', edit: withReport, file: 'content/reports/2026-02-16-nosuch.md', where: 'benchmark' },
    {
      what: 'a run file',
      edit: withRun,
      file: 'content/runs/nosuch/pn53/20260216-ma120300.z12c_c8r32/run.json',
      where: 'benchmark',
    },
  ];

  for (const c of cases) {
    it(`${c.what}: benchsite validate names the file and the known benchmarks, and exits 1`, () => {
      const dir = content(c.edit);
      const r = benchsite(['validate'], { cwd: dir });
      expect(r.code).toBe(1);
      expect(r.stdout + r.stderr).toContain(
        `${c.file}: ${c.where}: unknown benchmark "nosuch"; ${KNOWN}. Set it to one of them.`,
      );
      expect(r.stdout + r.stderr).not.toMatch(STACK);
    });

    it(`${c.what}: the site build stops with the same line, and no stack trace`, () => {
      const dir = content(c.edit);
      const r = build(dir);
      expect(r.code).not.toBe(0);
      expect(r.output).toContain(
        `${join(dir, c.file)}: ${c.where}: unknown benchmark "nosuch"; ${KNOWN}. Set it to one of them.`,
      );
      expect(r.output).not.toMatch(STACK);
    });
  }

  it('a run spec: benchsite run names the spec, its line and the known benchmarks', () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchsite-unknown-benchmark-'));
    const spec = join(dir, 'spec.yaml');
    const text = readFileSync(join(ROOT, 'examples/sysbench-local.yaml'), 'utf8');
    writeFileSync(spec, text.replace('kind: sysbench', 'kind: nosuch'));
    const line = text.split('\n').findIndex((l) => l.includes('kind: sysbench')) + 1;
    const r = benchsite(['run', spec, '--dry-run']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `${spec}:${line}: benchmark.kind: unknown benchmark "nosuch"; ${KNOWN}. Set it to one of them.`,
    );
    expect(r.stdout + r.stderr).not.toMatch(STACK);
  });

  it('a command-line argument: benchsite export --benchmark names the option and the known benchmarks', () => {
    const r = benchsite(['export', '--benchmark', 'nosuch']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--benchmark: unknown benchmark "nosuch"; ${KNOWN}`);
    expect(r.stdout + r.stderr).not.toMatch(STACK);
  });
});

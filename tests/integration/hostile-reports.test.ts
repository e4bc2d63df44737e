// Reports that exhaust the renderer, the placeholder scan or the YAML parser (issue 27, item 3): each validates in
// bounded time and memory, or is refused with one line naming it, by `benchsite validate` and by the site build
// before Astro reads it; a native crash of the Markdown renderer names its report.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMeasured } from '../../bench/measure.ts';
import { nativeMarkdownProblems } from '../../src/site/markdown-check.ts';
import { MAX_REPORT_BYTES } from '../../src/site/report-limits.ts';
import { ROOT } from '../helpers/build-site.ts';

const B = 'sysbench/pn53/20260216-ma120300.';
const head = (extra = '') => `---
title: Hostile
date: 2026-02-16
benchmark: sysbench
base: ${B}z12b_c8r32
runs: [${B}z12c_c8r32]
${extra}---
`;

/** A content folder with two committed runs and the given reports (name -> text). */
function content(reports: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'benchsite-hostile-reports-'));
  for (const l of ['z12b_c8r32', 'z12c_c8r32'])
    cpSync(join(ROOT, 'content/runs', B + l), join(dir, 'content/runs', B + l), { recursive: true });
  mkdirSync(join(dir, 'content/reports'));
  for (const [n, text] of Object.entries(reports)) writeFileSync(join(dir, `content/reports/2026-02-16-${n}.md`), text);
  return dir;
}

const validate = (cwd: string) => runMeasured([process.execPath, join(ROOT, 'bin/benchsite.js'), 'validate'], { cwd });

let bomb = 'extra:\n  a0: &a0 [x, x, x, x, x, x, x, x, x]\n';
for (let i = 1; i < 9; i++)
  bomb += `  a${i}: &a${i} [${Array(9)
    .fill(`*a${i - 1}`)
    .join(', ')}]\n`;

const REFUSED: Record<string, { text: string; line: RegExp }> = {
  gt: {
    text: head() + '>'.repeat(200_000),
    line: /: line 8: opens more than 32 block quotes and list items on one line\./,
  },
  olist: { text: head() + '1. '.repeat(60_000), line: /: line 8: opens more than 32 block quotes/ },
  braces: {
    text: head() + '{{ '.repeat(80_000),
    line: /: line 8:1: \{\{ \{\{ .*"\{\{" without "\}\}" in the same run of text/,
  },
  bomb: { text: head(bomb), line: /: \(frontmatter\) line 2:1: aliases \(\*name\) that expand to too many nodes/ },
  deep: {
    text: head(`extra: ${'['.repeat(40_000)}\n`),
    line: /: \(frontmatter\) line 7:\d+: nested more than 32 levels deep\./,
  },
  keys: {
    text: head(`x:\n${'  k: 1\n'.repeat(5_000)}`),
    line: /: \(frontmatter\) line 8:3: a mapping of more than 1000 keys\./,
  },
  questions: {
    text: head(`x: ${'? '.repeat(2_000)}\n`),
    line: /: \(frontmatter\) line 7:\d+: nested more than 32 levels deep\./,
  },
  huge: {
    text: head() + 'word '.repeat(MAX_REPORT_BYTES / 5),
    line: /: \(file\): is \d+ bytes, more than the 262144 a report may have\./,
  },
};

describe('hostile reports', { timeout: 300_000 }, () => {
  it('a report of 50,000 double quotes (and one of 148 KB of `x "`) validates in under 20 s and 1.5 GB', async () => {
    const dir = content({ quotes: head() + '"'.repeat(50_000) + '\n', xq: head() + 'x "'.repeat(50_000) + '\n' });
    const r = await validate(dir);
    expect(r.output).toContain('2 run(s) and 2 report(s) valid');
    expect(r.code).toBe(0);
    expect(r.seconds).toBeLessThan(20);
    if (r.peakRssMb !== undefined) expect(r.peakRssMb).toBeLessThan(1536);
  });

  it('benchsite validate refuses each other shape with one line naming the report, in bounded time', async () => {
    const dir = content(Object.fromEntries(Object.entries(REFUSED).map(([n, r]) => [n, r.text])));
    const r = await validate(dir);
    expect(r.code).toBe(1);
    expect(r.seconds).toBeLessThan(60);
    const lines = r.output
      .trim()
      .split('\n')
      .filter((l) => !/^(BENCH_TIME|Command exited)/.test(l)); // GNU time's lines (runMeasured)
    for (const [n, { line }] of Object.entries(REFUSED)) {
      const mine = lines.filter((l) => l.startsWith(`content/reports/2026-02-16-${n}.md: `));
      expect(mine, n).toHaveLength(1);
      expect(mine[0], n).toMatch(line);
    }
    expect(lines.at(-1)).toBe(
      `${Object.keys(REFUSED).length} problem(s) in 2 run(s) and ${Object.keys(REFUSED).length} report(s)`,
    );
    expect(r.output).not.toMatch(/internal error|\n\s+at /);
  });

  it('the site build refuses such a report before Astro reads it, with the same line', () => {
    const dir = content({ gt: REFUSED.gt!.text });
    const r = spawnSync(
      process.execPath,
      ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', join(dir, 'dist')],
      {
        cwd: ROOT,
        env: { ...process.env, BENCHSITE_CONTENT: join(dir, 'content') },
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    expect(r.status).not.toBe(0);
    expect(r.stdout + r.stderr).toMatch(
      new RegExp(`${dir}/content/reports/2026-02-16-gt\\.md: line 8: opens more than 32 block quotes`),
    );
  });

  it('a native crash of the renderer (satteri with its own smart punctuation) names the report', async () => {
    const child = [join(ROOT, 'tests/helpers/markdown-check-children.ts'), 'smart'];
    const problems = await nativeMarkdownProblems(
      [
        { file: 'a.md', body: 'Fine "text".' },
        { file: 'b.md', body: 'x "'.repeat(50_000) },
        { file: 'c.md', body: 'Not reached.' },
      ],
      { child },
    );
    expect(problems.map((p) => p.text)).toEqual([
      expect.stringMatching(
        /^b\.md: \(file\): the Markdown renderer \(satteri, native code\) crashed on this report \(signal SIGABRT: (panicked at \S+|out of memory)/,
      ),
    ]);
    expect(await nativeMarkdownProblems([{ file: 'a.md', body: 'Fine "text".' }], { child })).toEqual([]);
  });

  it('a renderer that does not finish is stopped and its report named', async () => {
    const t0 = performance.now();
    const problems = await nativeMarkdownProblems([{ file: 'slow.md', body: 'x' }], {
      child: [join(ROOT, 'tests/helpers/markdown-check-children.ts'), 'hang'],
      timeoutMs: 2000,
    });
    expect(performance.now() - t0).toBeLessThan(10_000);
    expect(problems.map((p) => p.text)).toEqual([
      'slow.md: (file): the Markdown renderer did not finish this report within 2 s. Simplify its Markdown (very long lines, deep nesting, long runs of punctuation) until `npx benchsite validate` passes.',
    ]);
  });
});

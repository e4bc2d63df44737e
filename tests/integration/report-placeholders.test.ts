// A report whose prose quotes a number its runs do not support, or names something that does not exist, fails
// `benchsite validate` and the site build with the report's file, line and column, what did not resolve and
// the names that would. The runs are the committed 2026-02-16 binlog runs (published relative tables).
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../helpers/build-site.ts';
import { benchsite } from '../helpers/cli.ts';

const B = 'sysbench/pn53/20260216-ma120300.';
const frontmatter = `---
title: Binlog claims
date: 2026-02-16
benchmark: sysbench
sections:
  - base: ${B}z12b_c8r32
    runs: [${B}z12c_c8r32, ${B}z12c_sync_c8r32]
  - base: ${B}z12b_sync_c8r32
    runs: [${B}z12c_sync_c8r32]
---
`;
const REPORTS: Record<string, string> = {
  good: `${frontmatter}z12c gets up to {{ magnitude(max(bp(z12c, writes))) }}% more throughput ({{ argmax(rel(z12c, writes)) }}),
and z12c_sync gets {{ assert min(rel(z12c_sync, writes, section=2)) >= 4 }}X or more vs z12b_sync.
`,
  claim: `${frontmatter}Intro.

z12c_sync gets more than {{ assert rel(z12c_sync, read-write_range=100, section=2) > 5 }}X.
`,
  unresolved: `${frontmatter}Intro.

- z12c is at {{ rel(z12cc, delete) }} on delete.
`,
};
const LINES = {
  claim:
    'content/reports/2026-02-16-claim.md: line 13:26: {{ assert rel(z12c_sync, read-write_range=100, section=2) > 5 }}: claim not supported by the data: the value is 4.06, and 4.06 > 5 is false. Correct the sentence or its claim: the runs say otherwise.',
  unresolved:
    'content/reports/2026-02-16-unresolved.md: line 13:14: {{ rel(z12cc, delete) }}: unknown column "z12cc" in every section; names that would resolve: z12c, z12b, z12c_sync, z12b_sync, sysbench/pn53/20260216-ma120300.z12c_c8r32, sysbench/pn53/20260216-ma120300.z12b_c8r32, sysbench/pn53/20260216-ma120300.z12c_sync_c8r32, sysbench/pn53/20260216-ma120300.z12b_sync_c8r32. Fix the placeholder; docs/placeholders.md has the grammar.',
};

/** A content folder with the binlog runs and the named reports. */
function content(names: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'benchsite-placeholders-'));
  for (const l of ['z12b_c8r32', 'z12c_c8r32', 'z12b_sync_c8r32', 'z12c_sync_c8r32'])
    cpSync(join(ROOT, 'content/runs', B + l), join(dir, 'content/runs', B + l), { recursive: true });
  mkdirSync(join(dir, 'content/reports'));
  for (const n of names) writeFileSync(join(dir, `content/reports/2026-02-16-${n}.md`), REPORTS[n]!);
  return dir;
}

function build(dir: string) {
  const dist = join(dir, 'dist');
  const r = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', dist], {
    cwd: ROOT,
    env: { ...process.env, BENCHSITE_CONTENT: join(dir, 'content') },
    encoding: 'utf8',
    timeout: 240_000,
  });
  return { status: r.status, output: r.stdout + r.stderr, dist };
}

describe('report placeholders', { timeout: 300_000 }, () => {
  it('benchsite validate prints one line per failing claim or unresolved reference', () => {
    const r = benchsite(['validate'], { cwd: content(['good', 'claim', 'unresolved']) });
    expect(r.code).toBe(1);
    expect(r.stdout.trim().split('\n')).toEqual([
      LINES.claim,
      LINES.unresolved,
      '2 problem(s) in 4 run(s) and 3 report(s)',
    ]);
  });

  it('the build renders computed values into the prose', () => {
    const { status, output, dist } = build(content(['good']));
    expect(output).not.toContain('Stack trace');
    expect(status).toBe(0);
    const html = readFileSync(join(dist, 'reports/2026-02-16-good/index.html'), 'utf8');
    // z12c's writes: largest 1.06 (delete); z12c_sync's smallest against z12b_sync: 4.06.
    expect(html).toContain('z12c gets up to 6% more throughput (delete)');
    expect(html).toContain('z12c_sync gets 4.06X or more vs z12b_sync');
  });

  for (const name of ['claim', 'unresolved'] as const) {
    it(`the build fails on the ${name === 'claim' ? 'failing claim' : 'unresolved reference'} with the same line`, () => {
      const dir = content([name]);
      const { status, output, dist } = build(dir);
      expect(status).not.toBe(0);
      expect(output).toContain(`${dir}/${LINES[name]}`);
      expect(output).not.toContain('Stack trace');
      expect(existsSync(join(dist, `reports/2026-02-16-${name}/index.html`))).toBe(false);
    });
  }
});

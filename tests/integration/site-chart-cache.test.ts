// The site's pages are the same whether the chart cache is cold, warm, or warm for some charts only (issue 27,
// item 7): vega numbered its clip paths per process, so a chart drawn after others, or read from a cache that
// an earlier build filled in another order, had other ids (13 report pages differed).
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ROOT } from '../helpers/build-site.ts';

const CACHE = join(ROOT, 'node_modules/.cache/benchsite/charts');

function build(outDir: string) {
  execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', outDir], {
    cwd: ROOT,
    stdio: 'pipe',
    timeout: 600_000,
  });
}

/** Every page and data file of a built site (not the build's own state under .benchsite), path -> bytes. */
function files(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = relative(dir, join(e.parentPath, e.name));
    if (e.isFile() && !path.split('/').includes('.benchsite')) out.set(path, readFileSync(join(dir, path), 'latin1'));
  }
  return out;
}

describe('chart cache', { timeout: 900_000 }, () => {
  it('a build with half of its charts cached makes the same pages as one with none cached', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'benchsite-chart-cache-'));
    rmSync(CACHE, { recursive: true, force: true });
    build(join(tmp, 'cold'));
    const cached = readdirSync(CACHE);
    expect(cached.length).toBeGreaterThan(10);
    // Every other chart forgotten: the rest are drawn again, in another order and by another process.
    cached.filter((_, i) => i % 2).forEach((f) => rmSync(join(CACHE, f), { force: true }));
    build(join(tmp, 'warm'));
    const cold = files(join(tmp, 'cold'));
    const warm = files(join(tmp, 'warm'));
    expect([...warm.keys()].sort()).toEqual([...cold.keys()].sort());
    const differing = [...cold].filter(([path, bytes]) => warm.get(path) !== bytes).map(([path]) => path);
    expect(differing).toEqual([]);
    // The ids are the charts' own, unique across the report pages.
    const report = [...cold].find(([p, b]) => p.startsWith('reports/') && b.includes('<clipPath'));
    expect(report?.[1]).toMatch(/<clipPath id="c[0-9a-f]{8}-1">/);
    rmSync(tmp, { recursive: true, force: true });
  });
});

// The import graph of the code: the site (src/) never reaches the CLI's code (collectors/, a benchmark's collector
// files), and no import points up the layers below. Type-only imports are left out: they are gone at run time.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

/** Every code file of a folder, relative to the root. */
function files(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(join(root, d), { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|astro)$/.test(e.name)) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** The files a file imports at run time (relative imports, `import type` and all-`type` lists left out). */
function imports(file: string): string[] {
  let text = readFileSync(join(root, file), 'utf8');
  if (file.endsWith('.astro')) text = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
  const out: string[] = [];
  const re = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:([\s\S]*?)\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;
  for (const m of text.matchAll(re)) {
    if (m[1]) continue;
    const names = m[2]?.trim();
    if (
      names?.startsWith('{') &&
      names
        .slice(1, -1)
        .split(',')
        .every((n) => !n.trim() || /^type\s/.test(n.trim()))
    )
      continue;
    out.push(normalize(join(dirname(file), m[3]!)));
  }
  for (const m of text.matchAll(/\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g))
    out.push(normalize(join(dirname(file), m[1]!)));
  // Vite's import.meta.glob('../benchmarks/*/report/View.astro'): every file the pattern names (one `*` a folder).
  for (const m of text.matchAll(/\bimport\.meta\.glob(?:<[^>]*>)?\(\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const [before, after] = normalize(join(dirname(file), m[1]!)).split('*') as [string, string | undefined];
    if (after === undefined) out.push(before);
    else
      for (const e of readdirSync(join(root, before), { withFileTypes: true }))
        if (e.isDirectory() && existsSync(join(root, before, e.name, after))) out.push(join(before, e.name, after));
  }
  return out;
}

const code = [...files('src'), ...files('benchmarks'), ...files('collectors')];
const graph = new Map(code.map((f) => [f, imports(f)]));

/** Every file a set of files reaches. */
function closure(starts: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...starts];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...(graph.get(f) ?? []));
  }
  return seen;
}

/** A benchmark's site-safe files: what its registry entry (benchmark.ts) reaches. */
const siteSafe = closure(['benchmarks/registry.ts', 'benchmarks/index.ts']);

/** A benchmark's own report view (benchmarks/<name>/report/): site code, drawn by the report pages. */
const isReportView = (f: string) => /^benchmarks\/[^/]+\/report\//.test(f);

/** Layers from the bottom: a file may import its own layer and those below, never one above. */
const LAYERS: Array<[string, (f: string) => boolean]> = [
  ['lib', (f) => f.startsWith('src/lib/')],
  ['schemas and benchmark definitions', (f) => f.startsWith('src/schemas/') || siteSafe.has(f)],
  ['engine', (f) => f.startsWith('src/engine/')],
  ['analysis', (f) => f.startsWith('src/analysis/')],
  ['charts', (f) => f.startsWith('src/charts/')],
  ['runs', (f) => f.startsWith('src/runs/')],
  ['site', (f) => (f.startsWith('src/site/') && !f.endsWith('.astro')) || f === 'src/middleware.ts'],
  // Astro components wherever they are (the run pages' shells in src/site/run-page/ too).
  ['components and layouts', (f) => /^src\/(components|layouts)\//.test(f) || /^src\/site\/.*\.astro$/.test(f)],
  ["a benchmark's report view", isReportView],
  ['pages and browser scripts', (f) => /^src\/(pages|scripts)\//.test(f) || /^src\/[^/]+\.ts$/.test(f)],
  ['the CLI', (f) => f.startsWith('collectors/') || f.startsWith('benchmarks/')],
];
const layerOf = (f: string) => LAYERS.findIndex(([, is]) => is(f));

describe('the import graph', () => {
  it('every file is in a layer, and every relative import names a file', () => {
    expect(code.filter((f) => layerOf(f) < 0)).toEqual([]);
    const missing = [...graph].flatMap(([f, to]) =>
      to.filter((t) => !graph.has(t) && !/\.(css|json|svg)$/.test(t)).map((t) => `${f} -> ${t}`),
    );
    expect(missing).toEqual([]);
  });

  it('src/ never reaches collectors/ or a benchmark file beyond its definition and its report view', () => {
    const reached = closure(files('src'));
    const cli = [...reached].filter(
      (f) => f.startsWith('collectors/') || (f.startsWith('benchmarks/') && !siteSafe.has(f) && !isReportView(f)),
    );
    expect(cli).toEqual([]);
    // The report pages reach every benchmark's report view that there is (found by folder name, src/benchmark-reports.ts).
    expect([...reached].filter((f) => /^benchmarks\/[^/]+\/report\/View\.astro$/.test(f)).sort()).toEqual(
      files('benchmarks')
        .filter((f) => /^benchmarks\/[^/]+\/report\/View\.astro$/.test(f))
        .sort(),
    );
    // What src/ reaches of benchmarks/ runs in the browser and the site build: no Node API.
    const node = [...siteSafe].filter((f) => /from ['"]node:/.test(readFileSync(join(root, f), 'utf8')));
    expect(node).toEqual([]);
  });

  it('no import points up a layer', () => {
    const up = [...graph].flatMap(([f, to]) =>
      to
        .filter((t) => graph.has(t) && layerOf(t) > layerOf(f))
        .map((t) => `${relative(root, join(root, f))} (${LAYERS[layerOf(f)]![0]}) -> ${t} (${LAYERS[layerOf(t)]![0]})`),
    );
    expect(up).toEqual([]);
  });
});

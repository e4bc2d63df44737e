// No shared file names a benchmark: outside a benchmark's own folder (benchmarks/<name>/, with its line in
// benchmarks/registry.ts), the code of src/, collectors/ and bin/ asks the registry (benchmarks/index.ts: each
// definition, vocabulary, descriptor, collect.ts and report view) instead of switching on a benchmark's name. So
// adding a benchmark is its folder and its registry line (docs/contributing.md, "Adding a benchmark").
//
// What counts as naming one, in code (comments are prose and left out):
//   - a string literal that is a benchmark's name or the key of its --meta or report section ('sysbench',
//     "hammerdb-tprocc", `insertBenchmark`): a comparison, a map key, a lookup by name;
//   - one of those as a word of code outside strings (an object key `sysbench:`, a property `report.hammerdb`),
//     or in a regular expression literal (a list of its programs or files);
//   - a string holding a path into a benchmark's folder (`../benchmarks/sysbench/...`): an import of its files.
// Allowed, each for its reason:
//   - words of prose in a longer string (help texts, messages: `sysbench: run every test with the mytools Lua
//     scripts` in `benchsite run --help` describes --lua-dir, which only sysbench's spec has): they name, they do
//     not switch;
//   - content/, tests, docs, fixtures, examples/ and the generated public/schema/ (not code the commands or the
//     site run; the registry and each folder's README say what they hold).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCHMARKS } from '../../benchmarks/index.ts';
import type { BenchmarkDefinition } from '../../benchmarks/shapes.ts';
import { scanAstro, scanCode } from '../helpers/code-text.ts';

const root = join(import.meta.dirname, '../..');

/** Every code file of the shared folders. */
function sharedFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|js|mjs|astro)$/.test(e.name)) out.push(p);
    }
  };
  for (const d of ['src', 'collectors', 'bin']) walk(d);
  return out.sort();
}

/** Benchmark names and their sections' keys (`insertBenchmark:` of a --meta file or a report). */
const NAMES = [
  ...new Set(
    (BENCHMARKS as readonly BenchmarkDefinition[]).flatMap((b) => [
      b.name,
      ...(b.meta ? [b.meta.key] : []),
      ...(b.reportOptions ? [b.reportOptions.key] : []),
    ]),
  ),
];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
/** A name as a word of code: not part of a longer identifier or hyphenated name. */
const WORD = new RegExp(`(?<![\\w$-])(${NAMES.map(escape).join('|')})(?![\\w$-])`);
const FOLDER_PATH = new RegExp(`(^|/)benchmarks/(${BENCHMARKS.map((b) => escape(b.name)).join('|')})/`);

/** Every place a file names a benchmark, as `file:line: what`. */
function namings(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const { code, strings } = file.endsWith('.astro') ? scanAstro(text) : scanCode(text);
  const found: string[] = [];
  for (const c of code) {
    const m = WORD.exec(c.text);
    if (m) found.push(`${file}:${c.line}: "${m[1]}" in code: ${c.text.trim()}`);
  }
  for (const s of strings) {
    if (NAMES.includes(s.text)) found.push(`${file}:${s.line}: the string '${s.text}'`);
    else if (FOLDER_PATH.test(s.text)) found.push(`${file}:${s.line}: a path into a benchmark's folder: ${s.text}`);
  }
  return found;
}

describe('no shared file names a benchmark', () => {
  it('src/, collectors/ and bin/ ask the registry: no string, key, pattern or import path names a benchmark', () => {
    const files = sharedFiles();
    expect(files.length).toBeGreaterThan(200);
    expect(files.flatMap(namings)).toEqual([]);
  });

  it('finds the ways a file can name one (the check checks)', () => {
    const fixtures: Record<string, string> = {
      "if (run.benchmark === 'sysbench') x();": 'the string',
      'const VIEWS = { sysbench: A, "hammerdb-tprocc": B };': '"sysbench" in code',
      'const d = report.hammerdb?.relativeDigits;': '"hammerdb" in code',
      'const KEPT = /^(mysqld|pgbench)$/;': '"pgbench" in code',
      "import { x } from '../benchmarks/insert-benchmark/vocabulary.ts';": "a path into a benchmark's folder",
      "switch (kind) { case 'insert-benchmark': break; }": 'the string',
    };
    for (const [code, what] of Object.entries(fixtures)) {
      const { code: c, strings } = scanCode(code);
      const hits = [
        ...c.filter((p) => WORD.test(p.text)).map((p) => `"${WORD.exec(p.text)![1]}" in code`),
        ...strings.filter((s) => NAMES.includes(s.text)).map(() => 'the string'),
        ...strings.filter((s) => FOLDER_PATH.test(s.text)).map(() => "a path into a benchmark's folder"),
      ];
      expect(hits, code).toContain(what);
    }
    // Prose, comments and longer identifiers are not names.
    for (const code of [
      "const help = 'sysbench: run every test with the mytools Lua scripts';",
      '// sysbench and pgbench',
      'const sysbenchDescriptor = 1; const SysbenchReport = 2;',
      'const path = `../benchmarks/${name}/collect.ts`;',
    ]) {
      const { code: c, strings } = scanCode(code);
      expect(
        c.some((p) => WORD.test(p.text)) || strings.some((s) => NAMES.includes(s.text) || FOLDER_PATH.test(s.text)),
        code,
      ).toBe(false);
    }
  });

  it('a benchmark has a report view of its own (report/) exactly when its descriptor says ownView', () => {
    for (const b of BENCHMARKS) {
      const dir = join(root, 'benchmarks', b.name, 'report');
      expect(existsSync(join(dir, 'View.astro')), relative(root, dir)).toBe(Boolean(b.descriptor.ownView));
      expect(existsSync(join(dir, 'index.ts')), relative(root, dir)).toBe(Boolean(b.descriptor.ownView));
    }
  });
});

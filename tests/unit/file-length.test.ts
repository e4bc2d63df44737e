// No source file over 400 lines (docs/contributing.md, Style): a longer file does more than one thing, and is
// split into files that each do one, named for what they do.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const MAX_LINES = 400;
/** Not the project's code: installed packages, build output, generated types, data. */
const SKIP = new Set(['node_modules', 'dist', 'dist-demo', '.astro', '.git', 'content', 'public']);

/** Every .ts, .astro, .js and .mjs file below the root, relative to it. */
function sourceFiles(dir = ''): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const p = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) return SKIP.has(e.name) || e.name.startsWith('.') ? [] : sourceFiles(p);
    return /\.(ts|astro|js|mjs)$/.test(e.name) ? [p] : [];
  });
}

const lineCount = (file: string) => readFileSync(join(root, file), 'utf8').split('\n').length - 1;

describe('source files', () => {
  it(`have at most ${MAX_LINES} lines each`, () => {
    const files = sourceFiles();
    expect(files).toContain('tests/unit/file-length.test.ts');
    expect(files.filter((f) => lineCount(f) > MAX_LINES).map((f) => `${f}: ${lineCount(f)} lines`)).toEqual([]);
  });
});

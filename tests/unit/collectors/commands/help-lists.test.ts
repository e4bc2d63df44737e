// The commands' --help lists the benchmarks from the registry (each folder's `help` lines, each definition's
// README and --meta section), so a benchmark added to the registry is in every help text without editing one.
import { describe, expect, it } from 'vitest';
import { BENCHMARKS } from '../../../../benchmarks/index.ts';
import type { BenchmarkDefinition } from '../../../../benchmarks/shapes.ts';
import { BENCHMARK_FOLDERS } from '../../../../collectors/benchmarks.ts';
import { exportCommand } from '../../../../collectors/commands/export.ts';
import { harvestCommand } from '../../../../collectors/commands/harvest.ts';
import { helpList, wrapWords } from '../../../../collectors/commands/help-list.ts';
import { importCommand } from '../../../../collectors/commands/import.ts';
import { runCommand } from '../../../../collectors/commands/run.ts';

/** A help text's words, for finding a folder's paragraph whatever the wrapping. */
const words = (text: string) => text.split(/\s+/).filter(Boolean).join(' ');

describe("the commands' help comes from the registry", () => {
  it("harvest and run list every benchmark with its folder's line", () => {
    for (const f of BENCHMARK_FOLDERS) {
      expect(words(harvestCommand.help)).toContain(`${f.name} ${words(f.help.harvest)}`);
      expect(words(runCommand.help)).toContain(`${f.name} ${words(f.help.run)}`);
    }
  });

  it('import lists every archive format and post table of the folders, and every --meta section', () => {
    for (const f of BENCHMARK_FOLDERS) {
      if (f.archive) expect(words(importCommand.help)).toContain(`${f.name} ${words(f.archive.help)}`);
      if (f.published.tables) expect(words(importCommand.help)).toContain(words(f.published.tables.help));
    }
    for (const b of BENCHMARKS as readonly BenchmarkDefinition[])
      if (b.meta?.example) expect(words(importCommand.help)).toContain(`${b.meta.key}: ${b.meta.example}`);
  });

  it('export names every benchmark and its README', () => {
    for (const b of BENCHMARKS) {
      expect(exportCommand.help).toContain(b.readme);
      expect(exportCommand.help).toMatch(new RegExp(`--benchmark <name> .*\\b${b.name}\\b`));
    }
  });

  it('wraps a list at 100 columns under its label', () => {
    expect(wrapWords('a bb ccc dddd', 6)).toEqual(['a bb', 'ccc', 'dddd']);
    const text = helpList([['name', 'word '.repeat(40)]], 8);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^ {2}name {5}word/);
    expect(lines.every((l) => l.length <= 100)).toBe(true);
    expect(lines.slice(1).every((l) => l.startsWith(' '.repeat(11) + 'word'))).toBe(true);
  });
});

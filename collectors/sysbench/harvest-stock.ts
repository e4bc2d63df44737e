// Files of plain sysbench output (1.0.x or 1.1.x) -> one run per directory of them (or per file). Pure.
import type { ResultRow, Series, Test } from '../../src/schemas/index.ts';
import type { HarvestedRun } from '../lib/harvested.ts';
import { decodeLabel } from '../lib/labels.ts';
import { entryText, fileName, type RawEntry } from '../lib/raw-tree.ts';
import { luaScriptsOfRun } from './lua-scripts.ts';
import { parseSysbenchOutput, type SysbenchOutput } from './parse-output.ts';
import { SYSBENCH_TESTS, sysbenchTestName, testTypeForLua } from '../../src/benchmarks/sysbench.ts';
import { assembleSysbenchRun, baseTest, outputRows, seriesOf } from './assemble.ts';
import type { SysbenchHarvestOptions } from './harvest.ts';

export function stem(name: string): string {
  return name.replace(/\.(txt|log|out|gz)$/g, '').replace(/\.(txt|log|out)$/g, '');
}

export function harvestStockFiles(
  label: string,
  input: string,
  files: RawEntry[],
  opts: SysbenchHarvestOptions,
): HarvestedRun {
  const tests: Test[] = [];
  const results: ResultRow[] = [];
  const series: Record<string, Series[]> = {};
  const outputs: SysbenchOutput[] = [];
  const notes: string[] = [];
  const names = new Set<string>();
  for (const f of files) {
    const out = parseSysbenchOutput(entryText(f));
    outputs.push(out);
    const range = Number(out.options['range-size'] ?? out.options['random-points'] ?? NaN);
    const type = out.lua ? testTypeForLua(out.lua) : undefined;
    let name = type
      ? sysbenchTestName(type, Number.isFinite(range) ? range : (SYSBENCH_TESTS[type]?.defaultRange ?? 100))
      : stem(fileName(f.path));
    if (names.has(name)) name = stem(fileName(f.path));
    names.add(name);
    const test = baseTest(name, out, {
      ...(Number.isFinite(range) ? { range } : {}),
      ...(out.threads ? { threads: out.threads } : {}),
    });
    test.rawFiles = [f.path];
    results.push(...outputRows(name, out));
    const s = seriesOf(out, undefined);
    if (s.length) {
      series[name] = s;
      test.series = s.map((x) => x.name);
    }
    tests.push(test);
  }
  const decoded = decodeLabel(label);
  const lua = luaScriptsOfRun(
    tests.map((t) => ({ test: t.name, command: t.command })),
    false,
  );
  if (lua.mixed) notes.push(lua.mixed);
  return assembleSysbenchRun({
    label,
    input,
    format: 'sysbench-output',
    decoded: { label, ...(decoded.product ? decoded : {}) },
    config: { name: decoded.product ? (decoded.config ?? 'unspecified') : 'unspecified' },
    tests,
    results,
    outputs,
    iostats: [],
    entries: files,
    notes,
    workload: lua.luaScripts ? { luaScripts: lua.luaScripts } : {},
    series,
    meta: opts.meta,
    metaName: opts.metaName,
  });
}

// Files of plain sysbench output (1.0.x, 1.1.x, 0.4/0.5) -> one run per directory of them (or per file). Every
// run a file holds (a thread sweep appended to one log) is a test of its own, with its own threads, series,
// latency and errors. Pure.
import type { ResultRow, Series, Test } from '../../src/schemas/index.ts';
import type { HarvestedRun } from '../../collectors/lib/harvested.ts';
import { decodeLabel } from '../../collectors/lib/labels.ts';
import { entryText, fileName, type RawEntry } from '../../collectors/lib/raw-tree.ts';
import { datesInText } from '../../collectors/lib/text-dates.ts';
import { luaScriptsOfRun } from './lua-scripts.ts';
import { parseSysbenchOutput, type SysbenchOutput } from './parse-output.ts';
import { splitSysbenchOutput } from './split-output.ts';
import { isLoop } from './command-line.ts';
import { unnamedScripts } from './unnamed-scripts.ts';
import { SYSBENCH_TESTS, sysbenchTestName } from './vocabulary.ts';
import { rangeOfRun, testTypeOfScript } from './scripts.ts';
import { assembleSysbenchRun, baseTest, outputRows, seriesOf } from './assemble.ts';
import type { HarvestOptions } from '../../collectors/lib/benchmark-folder.ts';

export function stem(name: string): string {
  return name.replace(/\.(txt|log|out|gz)$/g, '').replace(/\.(txt|log|out)$/g, '');
}

/** One run of a file: its output, where it is, and the name its script gives it. */
interface Block {
  file: RawEntry;
  /** 1-based number of the run in its file, and how many runs the file holds. */
  index: number;
  count: number;
  offset: number;
  out: SysbenchOutput;
  base: string;
  range?: number;
  threads?: number;
  /** The script the test ran, when only its file's name says so (`oltp_point_select.txt`). */
  scriptOfFile?: string;
  /** The script the test ran, when its command does not name it: a header line's, or its loop's by order. */
  lua?: string;
}

export function harvestStockFiles(label: string, input: string, files: RawEntry[], opts: HarvestOptions): HarvestedRun {
  const notes: string[] = [];
  const blocks: Block[] = [];
  const dates = new Set<string>();
  for (const f of files) {
    const text = entryText(f);
    for (const d of datesInText(text)) dates.add(d);
    const parts = splitSysbenchOutput(text);
    // A loop shown once above a sweep (`for t in ...; do sysbench ... --threads=$t run; done`) ran every run
    // after it that shows no command of its own.
    let loop: string | undefined;
    const outs = parts.map((p) => {
      const out = parseSysbenchOutput(p.text, loop);
      if (out.commandLine && isLoop(out.commandLine)) loop = out.commandLine;
      return out;
    });
    const scripts = unnamedScripts(f.path, outs);
    notes.push(...scripts.notes);
    parts.forEach((p, k) => {
      const out = outs[k]!;
      const where = parts.length > 1 ? `${f.path}:${p.offset + 1}` : f.path;
      // The table load and drop of a logged session are not measurements: said, not made tests.
      if (out.step) return notes.push(`${where}: the output of sysbench ${out.step}, not a test run`);
      // The posts' name of the script's test; an output that names no script may be named after it
      // (`sysbench oltp_point_select ... run > oltp_point_select.txt`), its options then unknown.
      const lua = out.lua ?? scripts.lua[k];
      const fileStem = stem(fileName(f.path));
      const scriptOfFile = lua ? undefined : testTypeOfScript(fileStem) && fileStem;
      const type = testTypeOfScript(lua ?? fileStem, lua ? out.options : {});
      const range = rangeOfRun(type, out.options);
      const threads = out.threads ?? (Number(out.options.threads ?? out.options['num-threads']) || undefined);
      blocks.push({
        file: f,
        index: k + 1,
        count: parts.length,
        offset: p.offset,
        out,
        base: type
          ? sysbenchTestName(type, Number.isFinite(range) ? range : (SYSBENCH_TESTS[type]?.defaultRange ?? 100))
          : stem(fileName(f.path)),
        ...(Number.isFinite(range) ? { range } : {}),
        ...(threads ? { threads } : {}),
        ...(scriptOfFile ? { scriptOfFile } : {}),
        ...(!out.lua && lua ? { lua } : {}),
      });
    });
  }
  const names = testNames(blocks);
  const tests: Test[] = [];
  const results: ResultRow[] = [];
  const series: Record<string, Series[]> = {};
  const legacy = new Map<string, string[]>();
  blocks.forEach((b, i) => {
    const name = names[i]!;
    const test = baseTest(
      name,
      b.out,
      { ...(b.range !== undefined ? { range: b.range } : {}), ...(b.threads ? { threads: b.threads } : {}) },
      { file: b.file.path, offset: b.offset },
    );
    test.rawFiles = [b.file.path];
    // The script's own name stays with the test, as `lua` does for a script the output's command names.
    if (b.scriptOfFile) test.params = { ...test.params, lua: `${b.scriptOfFile}.lua` };
    if (b.lua) test.params = { ...test.params, lua: b.lua };
    results.push(...outputRows(name, b.out));
    const v = b.out.version ?? '0.4/0.5';
    if (b.out.legacy && b.out.stats) legacy.set(v, [...(legacy.get(v) ?? []), name]);
    const s = seriesOf(b.out, undefined);
    if (s.length) {
      series[name] = s;
      test.series = s.map((x) => x.name);
    }
    tests.push(test);
  });
  const byFile = blocks.flatMap((b, i) => (b.scriptOfFile ? [`${b.file.path} is ${names[i]}`] : []));
  if (byFile.length)
    notes.push(
      `${byFile.join(', ')}: the output does not show its command, so its test is named after its file's name (a sysbench script), with the script's default options`,
    );
  for (const [version, which] of legacy)
    notes.push(
      `${which.join(', ')}: sysbench ${version} reports: qps is its "read/write requests" per sec., which leave out BEGIN/COMMIT (its "other operations"); sysbench 1.0 and later count those in queries, so its qps is the nearest equivalent, not the same measure`,
    );
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
    outputs: blocks.map((b) => b.out),
    iostats: [],
    entries: files,
    notes,
    workload: lua.luaScripts ? { luaScripts: lua.luaScripts } : {},
    rawDates: [...dates].sort(),
    series,
    meta: opts.meta,
    metaName: opts.metaName,
  });
}

/**
 * Test names, one per run: the script's test name (the file's name when the output names no script), with
 * `_threads=N` when the run holds that test at several thread counts, so each result says its own. Two runs
 * of one name and thread count: the later one is told apart by its file's name (runs of several files), else
 * by its place in its file, `_block=K`.
 */
function testNames(blocks: Block[]): string[] {
  const counts = new Map<string, Set<number>>();
  for (const b of blocks) if (b.threads) counts.set(b.base, (counts.get(b.base) ?? new Set()).add(b.threads));
  const used = new Set<string>();
  return blocks.map((b) => {
    let name = b.threads && counts.get(b.base)!.size > 1 ? `${b.base}_threads=${b.threads}` : b.base;
    if (used.has(name)) name = b.count === 1 ? stem(fileName(b.file.path)) : `${name}_block=${b.index}`;
    const first = name;
    for (let k = 2; used.has(name); k++) name = `${first}_${k}`;
    used.add(name);
    return name;
  });
}

// pgbench raw files -> runs (docs/formats/pgbench.md 6.3). Pure: gets the files, returns runs.
//
// Two layouts:
// - a `benchsite run` directory: `pgbench.o.<test>` per test with `pgbench.vm.<test>` and `pgbench.io.<test>`
//   beside it, `pgbench.init.o`, the server's version and settings, the journal and the meta file. Every file
//   under it belongs to the run.
// - plain output: files holding what pgbench printed (stdout and stderr), any names. One run per directory of
//   them (or per file), each run in a file a test (a loop's log holds several); a `pgbench -i` output among them
//   is the run's table load.
import type { HarvestOptions } from '../../collectors/lib/benchmark-folder.ts';
import type { HarvestedRun, HarvestResult } from '../../collectors/lib/harvested.ts';
import { JOURNAL, parseJournal, stepTimes } from '../../collectors/lib/journal.ts';
import { RAW_META, withRawMeta } from '../../collectors/lib/meta.ts';
import {
  byDirectory,
  entryName,
  entryText,
  fileName,
  type RawEntry,
  type RawTree,
} from '../../collectors/lib/raw-tree.ts';
import { assemblePgbenchRun, type TestFiles } from './assemble.ts';
import { looksLikePgbenchInit, looksLikePgbenchOutput, parsePgbenchOutput } from './parse-output.ts';
import { splitPgbenchRuns } from './split-output.ts';
import { testNameOf } from './test-of-output.ts';
import { pgbenchTestParts, testOrder } from './vocabulary.ts';

/** Files of a `benchsite run` directory (plan.ts names them). */
const OUTPUT = /^pgbench\.o\.(.+?)(\.gz)?$/;
export const INIT_OUTPUT = 'pgbench.init.o';
export const sideFile = (kind: 'vm' | 'io', test: string) => `pgbench.${kind}.${test}`;

function stem(name: string): string {
  return name.replace(/\.gz$/, '').replace(/\.(txt|log|out)$/, '');
}

/** Test names made unique: a second output of the same script and clients is told apart by its file. */
function uniqueNames(tests: TestFiles[], notes: string[]): void {
  const seen = new Set<string>();
  for (const t of tests) {
    if (!seen.has(t.name)) {
      seen.add(t.name);
      continue;
    }
    const parts = pgbenchTestParts(t.name)!;
    let k = 2;
    while (seen.has(`${parts.script}.run${k}.c${parts.clients}`)) k++;
    const name = `${parts.script}.run${k}.c${parts.clients}`;
    notes.push(`${entryName(t.output)}: a second output of ${t.name}; named ${name}`);
    t.name = name;
    seen.add(name);
  }
}

/** A `benchsite run` directory: its tests in the order they ran, with their times from the journal. */
function harvestRunDir(label: string, input: string, entries: RawEntry[], opts: HarvestOptions): HarvestedRun {
  const rawMeta = entries.find((e) => e.path === RAW_META);
  const meta = withRawMeta(rawMeta ? entryText(rawMeta) : undefined, opts.meta, rawMeta && entryName(rawMeta));
  const top = new Map(entries.filter((e) => !e.path.includes('/')).map((e) => [e.path.replace(/\.gz$/, ''), e]));
  const journal = top.get(JOURNAL);
  const times = journal
    ? stepTimes(parseJournal(entryText(journal)))
    : new Map<string, { startedAt?: string; endedAt?: string }>();
  const notes: string[] = [];
  const tests: TestFiles[] = [];
  for (const [name, e] of top) {
    const m = OUTPUT.exec(name);
    if (!m) continue;
    const out = parsePgbenchOutput(entryText(e));
    const planned = m[1]!;
    const t = times.get(`test:${planned}`);
    tests.push({
      name: testNameOf(out, planned),
      output: e,
      out,
      vm: top.get(sideFile('vm', planned)),
      io: top.get(sideFile('io', planned)),
      ...t,
    });
  }
  tests.sort((a, b) => (a.startedAt ?? '').localeCompare(b.startedAt ?? '') || testOrder(a.name, b.name));
  uniqueNames(tests, notes);
  const init = top.get(INIT_OUTPUT);
  const version = top.get('dbms-version.txt');
  return assemblePgbenchRun({
    label,
    input,
    format: 'benchsite-pgbench',
    tests,
    init: init && { file: init, text: entryText(init), ...times.get('init') },
    entries,
    notes,
    serverVersion: version ? entryText(version).trim() || undefined : undefined,
    meta,
    metaName: opts.metaName,
  });
}

/** Plain outputs of one directory: one run. */
function harvestPlain(label: string, input: string, files: RawEntry[], inits: RawEntry[], opts: HarvestOptions) {
  const notes: string[] = [];
  const tests: TestFiles[] = files.flatMap((e) =>
    splitPgbenchRuns(entryText(e)).map((text) => {
      const out = parsePgbenchOutput(text);
      return { name: testNameOf(out, stem(fileName(e.path))), output: e, out };
    }),
  );
  tests.sort((a, b) => testOrder(a.name, b.name));
  uniqueNames(tests, notes);
  if (inits.length > 1)
    notes.push(`${inits.length} pgbench -i outputs; the run's table load is ${entryName(inits[0]!)}`);
  const init = inits[0];
  return assemblePgbenchRun({
    label,
    input,
    format: 'pgbench-output',
    tests,
    init: init && { file: init, text: entryText(init) },
    entries: [...inits, ...files],
    notes,
    meta: opts.meta,
    metaName: opts.metaName,
  });
}

const isRunDir = (dir: string, entries: RawEntry[]) =>
  !/(^|\/)attempts(\/|$)/.test(dir) && entries.some((e) => OUTPUT.test(fileName(e.path)));

/** Every pgbench run of a raw tree: its `benchsite run` directories, then plain outputs in the rest. */
export function harvestPgbench(tree: RawTree, opts: HarvestOptions = {}): HarvestResult {
  const result: HarvestResult = { runs: [], skipped: [] };
  const dirs = byDirectory(tree.entries);
  const runDirs = [...dirs].filter(([dir, entries]) => isRunDir(dir, entries)).map(([dir]) => dir);
  const used = new Set<string>();
  for (const dir of runDirs) {
    const prefix = dir ? `${dir}/` : '';
    // Files under the directory, but not under a run directory nested in it.
    const mine = tree.entries.filter(
      (e) =>
        e.path.startsWith(prefix) &&
        !runDirs.some((d) => d !== dir && d.startsWith(prefix) && e.path.startsWith(`${d}/`)),
    );
    mine.forEach((e) => used.add(e.path));
    const rel = mine.map((e) => ({ ...e, path: e.path.slice(prefix.length), origin: entryName(e) }));
    result.runs.push(harvestRunDir(dir ? fileName(dir) : tree.name, dir || tree.name, rel, opts));
  }
  for (const [dir, entries] of byDirectory(tree.entries.filter((e) => !used.has(e.path)))) {
    const outputs: RawEntry[] = [];
    const inits: RawEntry[] = [];
    for (const e of entries) {
      const text = entryText(e);
      if (looksLikePgbenchOutput(text)) outputs.push(e);
      else if (looksLikePgbenchInit(text)) inits.push(e);
    }
    if (!outputs.length) continue;
    [...outputs, ...inits].forEach((e) => used.add(e.path));
    const prefix = dir ? `${dir}/` : '';
    const rel = (list: RawEntry[]) =>
      list.map((e) => ({ ...e, path: e.path.slice(prefix.length), origin: entryName(e) }));
    const label =
      opts.meta?.label ??
      (outputs.length === 1 && !dir ? stem(fileName(outputs[0]!.path)) : dir ? fileName(dir) : tree.name);
    result.runs.push(harvestPlain(label, dir || tree.name, rel(outputs), rel(inits), opts));
  }
  for (const e of tree.entries)
    if (!used.has(e.path)) result.skipped.push({ path: e.path, reason: 'not pgbench output' });
  return result;
}

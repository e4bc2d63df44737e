// Every harvester, tried on every input: a raw tree may hold runs of several benchmarks.
import { BENCHMARK_FOLDERS } from './benchmarks.ts';
import type { BenchmarkFolder, HarvestOptions, HarvestUnit } from './lib/benchmark-folder.ts';
import type { HarvestedRun, HarvestResult, Refusal } from './lib/harvested.ts';
import { binaryWhereTextExpected } from './lib/binary-data.ts';
import { InputError, isInputError } from './lib/input-error.ts';
import { withoutBadFiles } from './lib/leave-out.ts';
import { RAW_META } from './lib/meta.ts';
import { entryBytes, entryName, fileName, type RawEntry, type RawTree } from './lib/raw-tree.ts';
import { guardNumbers } from './lib/plausible.ts';

export type { HarvestOptions };

/**
 * One step of harvesting a tree, in the order of its runs: a unit (harvested where the caller chooses), runs,
 * or files refused as bad input.
 */
export type HarvestStep<U> = { unit: U } | { runs: HarvestedRun[] } | { refused: Refusal[] };

/**
 * A run directory harvested on its own, with every file it refuses left out and listed (leave-out.ts); when
 * it cannot be harvested even so (an error naming no single file), the whole directory is refused. Bugs throw.
 */
export function harvestUnit(
  b: BenchmarkFolder,
  u: HarvestUnit,
  opts: HarvestOptions,
): { run?: HarvestedRun; refused: Refusal[] } {
  // Paths as in the input: a unit's are relative to its directory.
  const shown = (e: RawEntry) => e.origin ?? (u.input === '' ? e.path : `${u.input}/${e.path}`);
  let r;
  try {
    r = withoutBadFiles(
      u.entries,
      (entries) => {
        const h = b.units!.harvest({ ...u, entries }, opts);
        guardNumbers(h);
        return h;
      },
      shown,
    );
  } catch (e) {
    if (!isInputError(e)) throw e;
    return { refused: [{ path: u.input, reason: e.message }] };
  }
  // A bad meta file of the directory: its run's facts (host, DBMS) are unknown, so none of it is written.
  const meta = r.named.find((e) => e.path === RAW_META);
  if (meta) return { refused: r.refused.filter((x) => x.path === shown(meta)) };
  // Every test's output refused: nothing of the directory is a result.
  if (r.result && r.result.run.tests.length === 0) return { refused: r.refused };
  return { run: r.result, refused: r.refused };
}

/**
 * Runs of every benchmark in the tree. Each harvester sees only the files the ones before it did not use
 * (a mytools sysbench directory is not read again as possible HammerDB output). A file no harvester used is
 * skipped with the most telling reason any of them gave: one that says what the file is (`a summary table`)
 * rather than what it is not (`not HammerDB output`); when every one only said what it is not, that no
 * harvester recognised it (the last one's "not HammerDB output" alone would blame HammerDB).
 */
export function harvestAny(tree: RawTree, opts: HarvestOptions = {}): HarvestResult & { refused: Refusal[] } {
  const { steps, skipped } = harvestSteps(tree, opts, (b, u) => harvestUnit(b, u, opts));
  const runs: HarvestedRun[] = [];
  const refused: Refusal[] = [];
  for (const s of steps)
    if ('runs' in s) runs.push(...s.runs);
    else if ('refused' in s) refused.push(...s.refused);
    else {
      if (s.unit.run) runs.push(s.unit.run);
      refused.push(...s.unit.refused);
    }
  return { runs, skipped, refused };
}

/**
 * harvestAny in steps: the run directories a benchmark harvests on their own (BenchmarkFolder.units) go to
 * `unit` in order, which may harvest them at once (harvestAny) or hand them to a worker thread (harvest-write.ts);
 * everything else is harvested here. The runs are the steps' runs in order, whichever way they were made.
 */
export function harvestSteps<U>(
  tree: RawTree,
  opts: HarvestOptions,
  unit: (b: BenchmarkFolder, u: HarvestUnit) => U,
): { steps: HarvestStep<U>[]; skipped: HarvestResult['skipped'] } {
  // Files the input could not give (unreadable) come first.
  const steps: HarvestStep<U>[] = tree.refused?.length ? [{ refused: tree.refused }] : [];
  const reasons = new Map<string, string[]>();
  const tried = BENCHMARK_FOLDERS.map((b) => b.name).join(', ');
  // Run directories are claimed before any harvester reads the rest: a mytools sysbench directory is not read
  // as possible HammerDB output (a gigabyte of it took the main thread seconds before a worker had any), and
  // the workers start on them at once. Their steps keep their folder's place in the order.
  const claimed = new Map<BenchmarkFolder, U[]>();
  let left = tree;
  for (const b of BENCHMARK_FOLDERS) {
    if (!b.units || left.entries.length === 0) continue;
    const split = b.units.split(left);
    claimed.set(
      b,
      split.units.map((u) => unit(b, u)),
    );
    left = split.rest;
  }
  for (const b of BENCHMARK_FOLDERS) {
    for (const u of claimed.get(b) ?? []) steps.push({ unit: u });
    if (left.entries.length === 0) continue;
    const rest = left;
    const bad = withoutBadFiles(rest.entries, (entries) => b.harvest({ ...rest, entries }, opts));
    const r = bad.result ?? { runs: [], skipped: [] };
    const refused = bad.refused;
    // Whatever a parser let through, no impossible number is published (lib/plausible.ts).
    r.runs.forEach(guardNumbers);
    steps.push({ runs: r.runs });
    if (refused.length || r.refused?.length) steps.push({ refused: [...refused, ...(r.refused ?? [])] });
    for (const x of r.skipped) reasons.set(x.path, [...(reasons.get(x.path) ?? []), x.reason]);
    const unused = new Set(r.skipped.map((x) => x.path));
    left = { ...left, entries: left.entries.filter((e) => unused.has(e.path)) };
  }
  const pick = (why: string[]) =>
    why.find((w) => !w.startsWith('not ')) ?? `not recognised by any harvester (${tried})`;
  // A file named as text output that holds binary data cannot be read: refused, not skipped as unknown.
  const garbled = left.entries.filter((e) => !sideFileReason(e.path) && unreadableText(e));
  if (garbled.length)
    steps.push({
      refused: garbled.map((e) => ({
        path: entryName(e),
        reason: new InputError({
          file: entryName(e),
          what: "binary data where a tool's text output is expected: it cannot be read (a corrupt copy, or another file under this name?)",
          todo: 'Copy the file again from where the benchmark ran, or remove it from the input',
        }).message,
      })),
    });
  return {
    steps,
    skipped: left.entries
      .filter((e) => !garbled.includes(e))
      .map((e) => ({
        path: e.path,
        reason: sideFileReason(e.path) ?? pick(reasons.get(e.path) ?? []),
      })),
  };
}

/** A file whose name says text output and whose (gunzipped) bytes are binary. */
function unreadableText(e: RawEntry): boolean {
  const name = fileName(e.path);
  let bytes: Uint8Array;
  try {
    bytes = entryBytes(e);
  } catch {
    return false; // a .gz that is not one was refused by the harvester that read it, or is told as skipped
  }
  return binaryWhereTextExpected(name.replace(/\.gz$/, ''), bytes);
}

/**
 * What a file that benchmark harnesses keep beside their output is, by its name: said instead of what it is
 * not (a shell script in a sysbench tree is not "not HammerDB output").
 */
function sideFileReason(path: string): string | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.gz$/, '');
  if (/\.(sh|bash|py|pl|lua|tcl|awk|sql)$/.test(name) || /^(r|run|all|all_small|np|iq|ios|an|cmp)\.sh/.test(name))
    return 'a script (of the harness), not benchmark output';
  if (/\.(svg|png|jpe?g|gif|html?|pdf)$/.test(name))
    return 'an image or page (a flame graph, a chart), not benchmark output';
  if (/(^|\.)pmp(\.|$)/.test(name)) return "stack samples of the poor man's profiler (pmp), not benchmark results";
  if (/(^|\.)perf(\.|$)/.test(name)) return 'a perf profile, not benchmark results';
  return undefined;
}

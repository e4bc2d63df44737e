// sysbench raw files -> runs. Pure: gets the files, returns runs (docs/formats/sysbench.md 2, vmstat-iostat.md 4).
//
// Two layouts:
// - mytools: a directory `x.<build>.<config>.pk<0|1>/` with `sb.o.<test>.range<N>.pk<P>.dop<T>[.gz]` per test and
//   `sb.met.*`, `sb.r.*`, `sb.vm.*`, `sb.io.*`, `sb.prepare.*` beside them. One run per directory.
// - stock: files holding plain sysbench output (1.0.x or 1.1.x). One run per directory of them (or per file).
import type { HarvestUnit } from '../../collectors/lib/benchmark-folder.ts';
import type { HarvestedRun, HarvestResult } from '../../collectors/lib/harvested.ts';
import { byDirectory, entryText, fileName, type RawEntry, type RawTree } from '../../collectors/lib/raw-tree.ts';
import { SB_O, harvestMytoolsDir } from './harvest-mytools.ts';
import { harvestStockFiles, stem } from './harvest-stock.ts';
import type { HarvestOptions } from '../../collectors/lib/benchmark-folder.ts';

/**
 * Is this text a sysbench run output (stock layout)? The banner and a line of the run, or, as people paste
 * results into posts and issues, the statistics block alone (its version is then unknown).
 */
export function looksLikeSysbenchOutput(text: string): boolean {
  if (/^sysbench \d+\.\d+/m.test(text) && /(SQL statistics:|FATAL:|Running the test|Threads started)/.test(text))
    return true;
  return (
    /^[ \t]*(SQL|OLTP test) statistics:/m.test(text) &&
    /^[ \t]*(queries|read\/write requests):[ \t]+\d+[ \t]+\(/m.test(text) &&
    /^[ \t]*(total time|time elapsed):/m.test(text)
  );
}

/**
 * The mytools run directories of a tree, each harvested on its own (harvestMytoolsUnit, possibly on a worker
 * thread), and the files left for the stock layout. Every file under a run directory belongs to it, so the
 * rest holds no run directory.
 */
export function splitSysbench(tree: RawTree): { units: HarvestUnit[]; rest: RawTree } {
  const units: HarvestUnit[] = [];
  const dirs = byDirectory(tree.entries);
  const used = new Set<string>();
  for (const [dir, entries] of dirs) {
    if (!isRunDir(dir, entries)) continue;
    const prefix = dir ? `${dir}/` : '';
    // Every file under the run directory is kept as evidence (inventory/, attempts/ of interrupted tests);
    // only its top-level files are read.
    const runEntries = tree.entries.filter(
      (e) => e.path.startsWith(prefix) && !isOtherRunDir(e.path.slice(prefix.length), dirs, prefix),
    );
    runEntries.forEach((e) => used.add(e.path));
    const label = dir ? fileName(dir) : tree.name;
    units.push({ label, input: dir || tree.name, entries: relativeTo(prefix, runEntries) });
  }
  return { units, rest: { ...tree, entries: tree.entries.filter((e) => !used.has(e.path)) } };
}

/** One mytools run directory as splitSysbench found it. */
export function harvestMytoolsUnit(unit: HarvestUnit, opts: HarvestOptions = {}): HarvestedRun {
  return harvestMytoolsDir(unit.label, unit.input, unit.entries, opts);
}

/** Harvest every sysbench run found in a raw tree: its mytools run directories, then stock output in the rest. */
export function harvestSysbench(tree: RawTree, opts: HarvestOptions = {}): HarvestResult {
  const { units, rest } = splitSysbench(tree);
  const result: HarvestResult = { runs: units.map((u) => harvestMytoolsUnit(u, opts)), skipped: [] };
  const used = new Set<string>();
  for (const [dir, entries] of byDirectory(rest.entries)) {
    const stock = entries.filter((e) => {
      if (isSummaryOrSide(e.path)) return false;
      return looksLikeSysbenchOutput(entryText(e));
    });
    if (stock.length === 0) continue;
    stock.forEach((e) => used.add(e.path));
    const prefix = dir ? `${dir}/` : '';
    const label =
      opts.meta?.label ??
      (stock.length === 1 && !dir ? stem(fileName(stock[0]!.path)) : dir ? fileName(dir) : tree.name);
    result.runs.push(harvestStockFiles(label, dir || tree.name, relativeTo(prefix, stock), opts));
  }
  for (const e of rest.entries) {
    if (!used.has(e.path)) result.skipped.push({ path: e.path, reason: skipReason(e.path) });
  }
  return result;
}

/**
 * A mytools run directory holds sysbench outputs. The `attempts/` of an interrupted `benchsite run` hold
 * partial outputs too, but they belong to the run directory above them.
 */
function isRunDir(dir: string, entries: RawEntry[]): boolean {
  return !/(^|\/)attempts(\/|$)/.test(dir) && entries.some((e) => SB_O.test(fileName(e.path)));
}

/** A file below `prefix` that belongs to another run directory nested in it. */
function isOtherRunDir(rest: string, dirs: Map<string, RawEntry[]>, prefix: string): boolean {
  const slash = rest.lastIndexOf('/');
  if (slash < 0) return false;
  const sub = `${prefix}${rest.slice(0, slash)}`;
  return isRunDir(sub, dirs.get(sub) ?? []);
}

function relativeTo(prefix: string, entries: RawEntry[]): RawEntry[] {
  return entries.map((e) => ({ ...e, path: e.path.slice(prefix.length) }));
}

function isSummaryOrSide(path: string): boolean {
  return /(^|\/)(qps\.(abs|rel)\.|o\.met\.|sum\.|o\.qps\.)/.test(path);
}

function skipReason(path: string): string {
  if (isSummaryOrSide(path)) return 'a summary table, not a run (benchsite computes these from the runs)';
  return 'not part of a sysbench run directory';
}

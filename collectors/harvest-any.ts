// Every harvester, tried on every input: a raw tree may hold runs of several benchmarks.
import { BENCHMARK_FOLDERS } from './benchmarks.ts';
import type { HarvestOptions } from './lib/benchmark-folder.ts';
import type { HarvestResult } from './lib/harvested.ts';
import type { RawTree } from './lib/raw-tree.ts';
import { guardNumbers } from './lib/plausible.ts';

export type { HarvestOptions };

/**
 * Runs of every benchmark in the tree. Each harvester sees only the files the ones before it did not use
 * (a mytools sysbench directory is not read again as possible HammerDB output). A file no harvester used is
 * skipped with the most telling reason any of them gave: one that says what the file is (`a summary table`)
 * rather than what it is not (`not HammerDB output`); when every one only said what it is not, that no
 * harvester recognised it (the last one's "not HammerDB output" alone would blame HammerDB).
 */
export function harvestAny(tree: RawTree, opts: HarvestOptions = {}): HarvestResult {
  const runs: HarvestResult['runs'] = [];
  const reasons = new Map<string, string[]>();
  const tried = BENCHMARK_FOLDERS.map((b) => b.name).join(', ');
  let left = tree;
  for (const b of BENCHMARK_FOLDERS) {
    if (left.entries.length === 0) break;
    const r = b.harvest(left, opts);
    // Whatever a parser let through, no impossible number is published (lib/plausible.ts).
    r.runs.forEach(guardNumbers);
    runs.push(...r.runs);
    for (const x of r.skipped) reasons.set(x.path, [...(reasons.get(x.path) ?? []), x.reason]);
    const unused = new Set(r.skipped.map((x) => x.path));
    left = { ...left, entries: left.entries.filter((e) => unused.has(e.path)) };
  }
  const pick = (why: string[]) =>
    why.find((w) => !w.startsWith('not ')) ?? `not recognised by any harvester (${tried})`;
  return {
    runs,
    skipped: left.entries.map((e) => ({
      path: e.path,
      reason: sideFileReason(e.path) ?? pick(reasons.get(e.path) ?? []),
    })),
  };
}

/**
 * What a file that benchmark harnesses keep beside their output is, by its name: said instead of what it is
 * not (a shell script in a sysbench tree is not "not HammerDB output").
 */
export function sideFileReason(path: string): string | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.gz$/, '');
  if (/\.(sh|bash|py|pl|lua|tcl|awk|sql)$/.test(name) || /^(r|run|all|all_small|np|iq|ios|an|cmp)\.sh/.test(name))
    return 'a script (of the harness), not benchmark output';
  if (/\.(svg|png|jpe?g|gif|html?|pdf)$/.test(name))
    return 'an image or page (a flame graph, a chart), not benchmark output';
  if (/(^|\.)pmp(\.|$)/.test(name)) return "stack samples of the poor man's profiler (pmp), not benchmark results";
  if (/(^|\.)perf(\.|$)/.test(name)) return 'a perf profile, not benchmark results';
  return undefined;
}

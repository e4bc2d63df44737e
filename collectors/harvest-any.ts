// Every harvester, tried on every input: a raw tree may hold runs of several benchmarks.
import type { Meta } from '../src/schemas/index.ts';
import type { HarvestResult } from './lib/harvested.ts';
import type { RawTree } from './lib/raw-tree.ts';
import { harvestSysbench } from './sysbench/harvest.ts';
import { harvestInsertBenchmark } from './insert-benchmark/harvest.ts';
import { harvestHammerdb } from './hammerdb/harvest.ts';

export interface HarvestOptions {
  meta?: Meta;
  metaName?: string;
}

type Harvester = (tree: RawTree, opts: HarvestOptions) => HarvestResult;

/** Add a benchmark here: its harvester claims the files it reads and lists the rest as skipped. */
export const HARVESTERS: Record<string, Harvester> = {
  sysbench: harvestSysbench,
  'insert-benchmark': harvestInsertBenchmark,
  'hammerdb-tprocc': harvestHammerdb,
};

/** Runs of every benchmark in the tree; a file is skipped only when no harvester used it. */
export function harvestAny(tree: RawTree, opts: HarvestOptions = {}): HarvestResult {
  const results = Object.values(HARVESTERS).map((h) => h(tree, opts));
  const skippedBy = results.map((r) => new Map(r.skipped.map((s) => [s.path, s.reason])));
  const skipped = [...(skippedBy[0]?.entries() ?? [])]
    .filter(([path]) => skippedBy.every((m) => m.has(path)))
    .map(([path, reason]) => ({ path, reason }));
  return { runs: results.flatMap((r) => r.runs), skipped };
}

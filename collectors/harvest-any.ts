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

/**
 * Runs of every benchmark in the tree. Each harvester sees only the files the ones before it did not use
 * (a mytools sysbench directory is not read again as possible HammerDB output); a file is skipped only when
 * no harvester used it, with the last harvester's reason.
 */
export function harvestAny(tree: RawTree, opts: HarvestOptions = {}): HarvestResult {
  const runs: HarvestResult['runs'] = [];
  let left = tree;
  let skipped: HarvestResult['skipped'] = [];
  for (const harvest of Object.values(HARVESTERS)) {
    if (left.entries.length === 0) break;
    const r = harvest(left, opts);
    runs.push(...r.runs);
    skipped = r.skipped;
    const unused = new Set(r.skipped.map((x) => x.path));
    left = { ...left, entries: left.entries.filter((e) => unused.has(e.path)) };
  }
  return { runs, skipped: left.entries.length ? skipped : [] };
}

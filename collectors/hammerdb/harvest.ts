// hammerdb raw files -> runs. Not written yet: claims no files, so everything is reported as skipped.
import type { Meta } from '../../src/schemas/index.ts';
import type { HarvestResult } from '../lib/harvested.ts';
import type { RawTree } from '../lib/raw-tree.ts';

export function harvestHammerdb(tree: RawTree, _opts: { meta?: Meta; metaName?: string } = {}): HarvestResult {
  return { runs: [], skipped: tree.entries.map((e) => ({ path: e.path, reason: 'not part of a hammerdb run' })) };
}

// HammerDB TPROC-C: what the commands need of this folder (collectors/lib/benchmark-folder.ts).
import { perDirectory } from '../lib/archive-run.ts';
import type { BenchmarkFolder } from '../lib/benchmark-folder.ts';
import { executeHammerdb } from './execute.ts';
import { harvestHammerdb } from './harvest.ts';
import { importSumRes, isSumRes } from './import-sum-res.ts';
import { hammerdbcliPath, planHammerdb } from './plan.ts';

export const hammerdb: BenchmarkFolder<'hammerdb-tprocc'> = {
  name: 'hammerdb-tprocc',
  harvest: harvestHammerdb,
  run: {
    tools: (b) => [hammerdbcliPath(b), 'vmstat', 'iostat'],
    plan: (spec) => planHammerdb(spec.benchmark, spec.dbms, spec.name),
    execute: executeHammerdb,
  },
  archive: { recognises: isSumRes, import: perDirectory(importSumRes) },
};

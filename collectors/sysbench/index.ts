// sysbench: what the commands need of this folder (collectors/lib/benchmark-folder.ts).
import { perDirectory } from '../lib/archive-run.ts';
import type { BenchmarkFolder } from '../lib/benchmark-folder.ts';
import { executeSysbench } from './execute.ts';
import { harvestSysbench } from './harvest.ts';
import { importSysbenchSummaries, isSysbenchSummary } from './import-summaries.ts';
import { planSysbench } from './plan.ts';

export const sysbench: BenchmarkFolder<'sysbench'> = {
  name: 'sysbench',
  harvest: harvestSysbench,
  run: {
    tools: (b) => [b.sysbench, 'vmstat', 'iostat'],
    plan: (spec) => planSysbench(spec.benchmark, spec.dbms),
    execute: executeSysbench,
  },
  archive: { recognises: isSysbenchSummary, import: perDirectory(importSysbenchSummaries) },
};

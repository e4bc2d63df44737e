// sysbench: what the commands need of this folder (collectors/lib/benchmark-folder.ts).
import { perDirectory } from '../../collectors/lib/archive-run.ts';
import { sysbenchTestTypeOf } from './vocabulary.ts';
import type { BenchmarkFolder } from '../../collectors/lib/benchmark-folder.ts';
import { InputError } from '../../collectors/lib/input-error.ts';
import { decodeLabel } from '../../collectors/lib/labels.ts';
import { executeSysbench } from './execute.ts';
import { harvestMytoolsUnit, harvestSysbench, splitSysbench } from './harvest.ts';
import { importSysbenchSummaries, isSysbenchSummary } from './import-summaries.ts';
import { planSysbench } from './plan.ts';

export const folder: BenchmarkFolder<'sysbench'> = {
  name: 'sysbench',
  harvest: harvestSysbench,
  units: { split: splitSysbench, harvest: harvestMytoolsUnit },
  run: {
    tools: (b) => [b.sysbench, 'vmstat', 'iostat'],
    plan: (spec) => planSysbench(spec.benchmark, spec.dbms),
    execute: executeSysbench,
  },
  archive: { recognises: isSysbenchSummary, import: perDirectory(importSysbenchSummaries) },
  published: {
    decodeLabel: (label) => decodeLabel(label),
    workload: (_tests, meta, metaName) => {
      const threads = meta.sysbench?.threads;
      if (!threads?.length)
        throw new InputError(
          `${metaName ?? '--meta'}: sysbench.threads is missing: a sysbench run needs its client threads, as the post states them (sysbench: { threads: [1] })`,
        );
      return { kind: 'sysbench', threads };
    },
    params: (test) => {
      const range = /_range=(\d+)/.exec(test)?.[1];
      return { range: range ? Number(range) : sysbenchTestTypeOf(test)!.defaultRange };
    },
  },
};

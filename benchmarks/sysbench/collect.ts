// sysbench: what the commands need of this folder (collectors/lib/benchmark-folder.ts).
import { perDirectory } from '../../collectors/lib/archive-run.ts';
import { sysbenchTestTypeOf } from './vocabulary.ts';
import { RAW_OUTPUT, type BenchmarkFolder } from '../../collectors/lib/benchmark-folder.ts';
import { InputError } from '../../collectors/lib/input-error.ts';
import { decodeLabel } from '../../collectors/lib/labels.ts';
import { executeSysbench } from './execute.ts';
import { harvestMytoolsUnit, harvestSysbench, splitSysbench } from './harvest.ts';
import { importSysbenchSummaries, isSysbenchSummary } from './import-summaries.ts';
import { planSysbench } from './plan.ts';

export const folder: BenchmarkFolder<'sysbench'> = {
  name: 'sysbench',
  help: {
    harvest:
      'mytools directories x.<build>.<config>.pk1/ (sb.o.*, sb.met.*, sb.vm.*, sb.io.*, ...) and plain sysbench output files (0.4 to 1.1; every run a log holds is a test)',
    run: 'tables, rows, threads: [N, ...], seconds: { read, write }, tests: named as in the posts. Stock sysbench 1.0.20 runs point-query, random-points, read-only[_range=N], read-only-simple/sum/order/distinct, read-write, write-only, update-index, update-nonindex, update-one, update-zipf, delete and insert with its own Lua scripts; the others need the mytools Lua scripts: give their directory with --lua-dir (or luaDir: /abs/path), else they are skipped with a message',
  },
  harvest: harvestSysbench,
  units: { split: splitSysbench, harvest: harvestMytoolsUnit },
  run: {
    tools: (b) => [b.sysbench, 'vmstat', 'iostat'],
    plan: (spec) => planSysbench(spec.benchmark, spec.dbms),
    execute: executeSysbench,
  },
  archive: {
    recognises: isSysbenchSummary,
    import: perDirectory(importSysbenchSummaries),
    help: 'qps.abs.<tag>.tsv (+ .csv), qps.rel.<tag>.*, o.met.<tag> (met.<tag>.txt): one run per column; tables of a folder that disagree are runs of their own [harness summary]',
  },
  notImported: (name) => (/^sb\./.test(name) ? RAW_OUTPUT : undefined),
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
    testExamples: ['point-query', 'read-only_range=10'],
  },
};

// The Insert Benchmark: what the commands need of this folder (collectors/lib/benchmark-folder.ts).
import { RAW_OUTPUT, type BenchmarkFolder } from '../../collectors/lib/benchmark-folder.ts';
import { decodeLabel } from '../../collectors/lib/labels.ts';
import { fileName } from '../../collectors/lib/raw-tree.ts';
import { executeInsertBenchmark } from './execute.ts';
import { harvestInsertBenchmark } from './harvest.ts';
import { harvestSummaries, isSummaryFile, ROWS_PREFIX } from './harvest-summaries.ts';
import { planInsertBenchmark } from './plan.ts';

export const folder: BenchmarkFolder<'insert-benchmark'> = {
  name: 'insert-benchmark',
  help: {
    harvest:
      "mytools ibench result directories <rows>m.<build>.c<config>/ with one directory per step (l.i0 l.x l.i1 l.i2 qr100.L1 ...: o.res, o.ib, o.vm, o.io, o.rt, o.rate), and the harness's summaries (o.sum.t.*, mrg.*)",
    run: 'iibench (mytools iibench.py), python, clients, tablePerClient, rows: { load, write }, querySeconds, rates: [inserts/s per client of the query steps], deletes, monitorSeconds',
  },
  harvest: harvestInsertBenchmark,
  run: {
    tools: (b) => [b.python, 'vmstat', 'iostat'],
    plan: (spec) => planInsertBenchmark(spec.benchmark, spec.dbms),
    execute: executeInsertBenchmark,
  },
  archive: {
    // The summary tables themselves; harvestSummaries lists the harness's other report files as skipped.
    recognises: (path) => /^(o\.sum\.[ct]\.|mrg\.|rel\.)/.test(fileName(path)),
    import: (input, entries, opts) => ({ ...harvestSummaries({ name: input, entries }, opts), warnings: [] }),
    help: 'o.sum.t.<tag>, mrg.<step> (as harvest reads them) [harness summary]',
  },
  notImported: (name) =>
    isSummaryFile(name)
      ? 'a mytools report file: not a table of results'
      : /^o\.(res|ib)\./.test(name)
        ? RAW_OUTPUT
        : undefined,
  published: {
    // The harness writes `c` + config name, and the summaries' tags start with the rows (`20m.`).
    decodeLabel: (label) => decodeLabel(label.replace(ROWS_PREFIX, ''), { configHasCPrefix: true }),
    workload: () => ({ kind: 'insert-benchmark' }),
    params: () => undefined,
    testExamples: ['l.i1', 'qr100.L1'],
  },
};

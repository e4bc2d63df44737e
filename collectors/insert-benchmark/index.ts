// The Insert Benchmark: what the commands need of this folder (collectors/lib/benchmark-folder.ts).
import type { BenchmarkFolder } from '../lib/benchmark-folder.ts';
import { fileName } from '../lib/raw-tree.ts';
import { executeInsertBenchmark } from './execute.ts';
import { harvestInsertBenchmark } from './harvest.ts';
import { harvestSummaries } from './harvest-summaries.ts';
import { planInsertBenchmark } from './plan.ts';

export const insertBenchmark: BenchmarkFolder<'insert-benchmark'> = {
  name: 'insert-benchmark',
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
  },
};

// The Insert Benchmark: what the commands need of this folder (collectors/lib/benchmark-folder.ts).
import type { BenchmarkFolder } from '../../collectors/lib/benchmark-folder.ts';
import { decodeLabel } from '../../collectors/lib/labels.ts';
import { fileName } from '../../collectors/lib/raw-tree.ts';
import { executeInsertBenchmark } from './execute.ts';
import { harvestInsertBenchmark } from './harvest.ts';
import { harvestSummaries, ROWS_PREFIX } from './harvest-summaries.ts';
import { planInsertBenchmark } from './plan.ts';

export const folder: BenchmarkFolder<'insert-benchmark'> = {
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
  published: {
    // The harness writes `c` + config name, and the summaries' tags start with the rows (`20m.`).
    decodeLabel: (label) => decodeLabel(label.replace(ROWS_PREFIX, ''), { configHasCPrefix: true }),
    workload: () => ({ kind: 'insert-benchmark' }),
    params: () => undefined,
  },
};

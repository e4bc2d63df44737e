// The compare view's table (src/scripts/compare.ts draws it in the browser): the chosen runs of a benchmark's
// compare index against a base, from the comparison engine, as reports make theirs: the tests in the benchmark's
// groups (warm-ups and the table load left out), each run's cells against the base. Pure, so a test can ask what
// the view shows for any pair of runs.
import type { CompareIndex } from './compare-index.ts';
import { compareIndexData, compareTable, THRESHOLDS, type BenchmarkDescriptor, type Table } from '../engine/index.ts';

/** The benchmark's descriptor from the index's data (the browser loads no benchmark's code). */
export function indexDescriptor(index: CompareIndex): BenchmarkDescriptor {
  const at = new Map(index.tests.map((t, i) => [t, i]));
  const d = index.descriptor;
  return {
    name: index.benchmark,
    relativeName: d.relativeName,
    headline: (test) => index.metrics[at.get(test) ?? -1],
    metrics: d.metrics,
    groups: d.groups,
    groupOf: (test) => d.group[at.get(test) ?? -1] ?? undefined,
    isWarmup: (test) => d.warmup[at.get(test) ?? -1] ?? false,
    order: (tests) => tests,
    tablePerGroup: false,
    runsAsRows: false,
    costTables: [],
    extraTables: [],
  };
}

/** The table of `others` against `base` (the table's first column), rows in the index's order. */
export function compareViewTable(
  index: CompareIndex,
  base: CompareIndex['runs'][number],
  others: CompareIndex['runs'],
): Table {
  const d = indexDescriptor(index);
  const position = new Map(index.tests.map((t, i) => [t, i]));
  const runs = new Map([base, ...others].map((r) => [r.id, compareIndexData(index, r)]));
  return compareTable(
    {
      descriptor: d,
      columns: [base, ...others].map((r) => ({ key: r.id, run: r.id, label: r.label })),
      rows: index.tests.filter((t) => !d.isWarmup(t) && d.groupOf(t) !== undefined),
      metric: (test) => index.metrics[position.get(test)!],
      thresholds: THRESHOLDS,
    },
    (id) => runs.get(id),
  );
}

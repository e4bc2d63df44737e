// The compare view's table (src/scripts/compare.ts draws it in the browser): the chosen runs of a benchmark's
// compare index against a base, from the comparison engine, as reports make theirs: the tests in the benchmark's
// groups (warm-ups and the table load left out), each run's cells against the base. The view shows only the
// tests the chosen runs have against the base, and says why a run has nothing to show against it (a post's
// relative values against another base, a base without numbers of its own, no test in common). Pure, so a test
// can ask what the view shows for any runs.
import type { CompareIndex } from './compare-index.ts';
import { compareIndexData, compareTable, THRESHOLDS, type BenchmarkDescriptor, type Table } from '../engine/index.ts';

type IndexRun = CompareIndex['runs'][number];

/** The benchmark's descriptor from the index's data (the browser loads no benchmark's code). */
function indexDescriptor(index: CompareIndex): BenchmarkDescriptor {
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

/**
 * The table of `others` against `base` (the table's first column), rows in the index's order: every test of the
 * benchmark's groups, or those of `tests`.
 */
export function compareViewTable(index: CompareIndex, base: IndexRun, others: IndexRun[], tests?: string[]): Table {
  const d = indexDescriptor(index);
  const position = new Map(index.tests.map((t, i) => [t, i]));
  const runs = new Map([base, ...others].map((r) => [r.id, compareIndexData(index, r)]));
  const wanted = tests && new Set(tests);
  return compareTable(
    {
      descriptor: d,
      columns: [base, ...others].map((r) => ({ key: r.id, run: r.id, label: r.label })),
      rows: index.tests.filter((t) => !d.isWarmup(t) && d.groupOf(t) !== undefined && (!wanted || wanted.has(t))),
      metric: (test) => index.metrics[position.get(test)!],
      thresholds: THRESHOLDS,
    },
    (id) => runs.get(id),
  );
}

/** Why a run has no value against the base, and the runs it could be read against instead. */
interface NotCompared {
  run: IndexRun;
  reason: string;
  /** Ids of runs of the index that would give it values as the base. */
  bases: string[];
}

export interface CompareView {
  /** The base and the runs that have values against it; rows: the tests one of them has a value for. */
  table: Table;
  shown: IndexRun[];
  notCompared: NotCompared[];
  /** Tests of the chosen runs left out: none of the shown runs has a value for them against the base. */
  leftOut: string[];
}

const hasNumbers = (r: IndexRun) => r.values.some((v) => v !== null);
const hasTest = (r: IndexRun, i: number) =>
  r.values[i] !== null || (r.relative ?? []).some((t) => t.values[i] !== null && t.values[i] !== undefined);

/** What the view shows for `others` against `base`. */
export function compareView(index: CompareIndex, base: IndexRun, others: IndexRun[]): CompareView {
  const all = compareViewTable(index, base, others);
  const withCells = others.map((_, j) => all.rows.some((row) => row.cells[j + 1]!.text !== ''));
  const shown = others.filter((_, j) => withCells[j]);
  const notCompared = others.filter((_, j) => !withCells[j]).map((r) => whyNot(index, base, r));
  const rows = all.rows
    .filter((row) => others.some((_, j) => withCells[j] && row.cells[j + 1]!.text !== ''))
    .map((row) => row.key);
  const shownTests = new Set(rows);
  const grouped = new Set(all.rows.map((row) => row.key));
  const leftOut = index.tests.filter(
    (t, i) => grouped.has(t) && !shownTests.has(t) && [base, ...others].some((r) => hasTest(r, i)),
  );
  return { table: compareViewTable(index, base, shown, rows), shown, notCompared, leftOut };
}

function whyNot(index: CompareIndex, base: IndexRun, run: IndexRun): NotCompared {
  const known = new Set(index.runs.map((r) => r.id));
  const postBases = (run.relative ?? []).map((t) => t.baseRun).filter((id) => known.has(id) && id !== base.id);
  if (!hasNumbers(run) && (run.relative ?? []).length > 0)
    return {
      run,
      reason: `${run.label} has no numbers of its own: a post printed its values relative to ${(run.relative ?? []).map((t) => t.base).join(' and ')}, not to ${base.label}, and values relative to different runs cannot be compared.`,
      bases: postBases,
    };
  if (!hasNumbers(run))
    return { run, reason: `${run.label} has no numbers (every test failed, or none was measured).`, bases: [] };
  if (!hasNumbers(base)) {
    const printedAgainst = index.runs.filter((r) => r.relative?.some((t) => t.baseRun === base.id)).map((r) => r.label);
    const against = (base.relative ?? []).map((t) => t.base);
    const post = [
      printedAgainst.length && `its post printed ${printedAgainst.join(', ')} relative to it`,
      against.length && `its post printed it relative to ${against.join(' and ')}`,
    ].filter(Boolean);
    return {
      run,
      reason: `The base ${base.label} has no numbers of its own (it comes from a post's relative table${post.length ? `: ${post.join('; ')}` : ''}), so no measured value can be divided by it. Choose a base with numbers to compare ${run.label}.`,
      bases: [],
    };
  }
  return {
    run,
    reason: `${run.label} and the base ${base.label} have no test in common with a value in both.`,
    bases: [],
  };
}

// A comparison table: runs + a section spec (its columns, the first the base; its rows; the metric) -> one
// table of cells (cell.ts), grouped as the benchmark's descriptor groups its tests. Report tables and charts,
// their CSV, the prose's placeholders, the compare view, `benchsite diff` and history all render such tables.
import { compareCell, type Cell } from './cell.ts';
import {
  groupsOf,
  metricOf,
  type BenchmarkDescriptor,
  type GroupDescriptor,
  type MetricDescriptor,
} from './descriptor.ts';
import { formatRelative } from './format.ts';
import type { RunData } from './run-data.ts';
import type { Thresholds } from './verdict.ts';

export interface ColumnSpec {
  /** Unique in the table: the run id, or the run id and a variant (`<id>#sp0`). */
  key: string;
  run: string;
  label: string;
  /** Key of the column this one is relative to; by default the table's base (the first column). */
  base?: string;
  /** The run's test for a row, when a row is not a test name of every run (HammerDB's stored-procedure variants). */
  test?: (row: string) => string | undefined;
  /** A base of its own (the first column always is): HammerDB's base run has one per stored-procedure variant. */
  isBase?: boolean;
}

export interface TableSpec {
  descriptor: BenchmarkDescriptor;
  /** The first column is the base (and any marked `isBase`). */
  columns: ColumnSpec[];
  /** Row keys in order: test names (or what each column's `test` maps to one). */
  rows: string[];
  /** The metric of a row: a name, or by row; by default the test's headline metric (descriptor.headline). */
  metric?: string | ((row: string) => string | undefined);
  thresholds: Thresholds;
  /** Decimals of relative values when a report asks for others than the metric's. */
  digits?: number;
}

interface Column extends ColumnSpec {
  isBase: boolean;
}

interface Row {
  key: string;
  /** The metric compared in this row (undefined when no run has a number for it: published relative). */
  metric?: string;
  /** The group of the row's test (descriptor.groupOf), `all` when the benchmark has none. */
  group?: string;
  cells: Cell[];
}

export interface Table {
  columns: Column[];
  rows: Row[];
  /** The descriptor's groups that have rows here, in its order, each with its rows' keys. */
  groups: Array<GroupDescriptor & { rows: string[] }>;
}

/** The metric of a row: the headline of the base's test, else of the first column that has one. */
function headlineOf(spec: TableSpec, runs: Array<RunData | undefined>, row: string): string | undefined {
  for (let j = 0; j < spec.columns.length; j++) {
    const run = runs[j];
    const test = testOf(spec.columns[j]!, row);
    if (!run || test === undefined) continue;
    const m = spec.descriptor.headline(test, (x) => run.value(test, x) !== undefined);
    if (m) return m;
  }
  return undefined;
}

const testOf = (c: ColumnSpec, row: string) => (c.test ? c.test(row) : row);

/** The descriptor's first metric, for rows no run has a number for (their cells hold what a post printed). */
const fallbackMetric = (d: BenchmarkDescriptor): MetricDescriptor =>
  Object.values(d.metrics)[0] ?? metricOf(d, 'value');

export function compareTable(spec: TableSpec, runOf: (id: string) => RunData | undefined): Table {
  const d = spec.descriptor;
  const runs = spec.columns.map((c) => runOf(c.run));
  const columns: Column[] = spec.columns.map((c, j) => ({ ...c, isBase: j === 0 || !!c.isBase }));
  const baseIndex = (c: ColumnSpec, j: number) =>
    columns[j]!.isBase ? -1 : c.base === undefined ? 0 : spec.columns.findIndex((x) => x.key === c.base);
  const rows: Row[] = spec.rows.map((row) => {
    const metric =
      typeof spec.metric === 'string' ? spec.metric : spec.metric ? spec.metric(row) : headlineOf(spec, runs, row);
    const m = metric ? metricOf(d, metric) : fallbackMetric(d);
    const cells = spec.columns.map((c, j): Cell => {
      const run = runs[j];
      const test = testOf(c, row);
      if (!run || test === undefined) return { valueText: '', text: '', verdict: 'neutral' };
      const b = baseIndex(c, j);
      const opts = { metric: m, thresholds: spec.thresholds, digits: spec.digits };
      if (b < 0) return compareCell(run, test, run, { ...opts, isBase: true });
      const base = runs[b];
      const baseTest = testOf(spec.columns[b]!, row);
      return compareCell(run, test, base, opts, baseTest ?? test);
    });
    // A base without numbers of its own (a post's relative table) is 1 wherever a column is relative to it.
    const base = cells[0];
    if (
      base &&
      base.text === '' &&
      spec.columns.some((o, k) => baseIndex(o, k) === 0 && cells[k]!.relative !== undefined)
    ) {
      base.relative = 1;
      base.text = formatRelative(1, spec.digits ?? m.relativeDigits);
    }
    const group = d.groupOf(testOf(spec.columns[0]!, row) ?? row) ?? undefined;
    return { key: row, ...(metric && { metric }), ...(group && { group }), cells };
  });
  const groups = groupsOf(d)
    .map((g) => ({ ...g, rows: rows.filter((r) => (r.group ?? 'all') === g.id).map((r) => r.key) }))
    .filter((g) => g.rows.length > 0);
  return { columns, rows, groups };
}

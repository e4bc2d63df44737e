// The model of a report's comparisons that the relative tables, their CSV and the `{{ }}` placeholders of the
// prose all read: per section, columns (each with its base: the section's, or the previous column of a version
// ladder), the tests in the post's order, and per cell what the comparison engine (src/engine/) made of it.
// Published-relative runs (a post's relative table, no absolute number) take part through the table they hold
// against that base. Pure: the site loads the runs, this and the engine compute.
import type { BenchmarkName, Report, Run } from '../schemas/index.ts';
import { toCsv } from './export-rows.ts';
import { sectionThresholds } from './section-runs.ts';
import {
  compareTable,
  runData,
  summarizeTable,
  type BenchmarkDescriptor,
  type Cell,
  type ColumnSpec,
  type RunData,
  type Summary,
} from '../engine/index.ts';
import { descriptorOf, findDescriptor, reportOptionsOf } from '../../benchmarks/index.ts';

export interface ModelRun {
  id: string;
  run: Run;
}

/** How relative cells are coloured: the palette only (the rule is one: verdict.ts of the engine). */
type ColourRule = 'red-green' | 'yellow-blue';

export interface ModelSectionInput {
  title?: string;
  base: string;
  runs: string[];
  labels?: Record<string, string>;
  /** Each run relative to the one listed before it (the first to `base`): a version ladder. */
  ladder?: boolean;
  /** Tests (or names of `testGroups`) to show, in this order. */
  tests?: string[];
}

export interface ReportModelInput {
  benchmark: BenchmarkName;
  runs: ModelRun[];
  sections: ModelSectionInput[];
  labels?: Record<string, string>;
  /** Named groups of tests ("write-heavy": [l.i0, l.i1, l.i2]), for `tests` and the placeholders. */
  testGroups?: Record<string, string[]>;
  /** Default of each section's `tests`. */
  tests?: string[];
  excludeTests?: string[];
  includeWarmups?: boolean;
  colours?: ColourRule;
  thresholds?: { regression?: number; improvement?: number };
  /** Decimals of relative values when the report asks for others than the metric's (HammerDB's relativeDigits). */
  digits?: number;
  /** Where the report is, for an error naming it. */
  where?: string;
}

interface ModelColumn {
  id: string;
  label: string;
  isBase: boolean;
  /** Run id this column is relative to (undefined for the section's base). */
  base?: string;
  /** The run's provenance source (`raw`, `harness-summary`, `published-table`, `published-relative`). */
  source: string;
}

interface ModelRow {
  test: string;
  /** Name of the metric compared (`qps`, `scan_krows_per_s`, `inserts_per_s`, `nopm` ...). */
  metric?: string;
  cells: Cell[];
}

export interface ModelSection {
  /** 1-based, in frontmatter order. */
  number: number;
  title?: string;
  base: ModelColumn;
  columns: ModelColumn[];
  ladder: boolean;
  rows: ModelRow[];
  /** Group name -> the section's tests in it: `all`, the benchmark's groups, the report's testGroups. */
  groups: Record<string, string[]>;
  /** Groups the section's tables are split into, in order (`all` when the benchmark has one table). */
  tableGroups: Array<{ name: string; title: string; tests: string[] }>;
  /** Per compared column and benchmark group (reads and writes apart): the engine's one summary algorithm. */
  summaries: Summary[];
  /** The benchmark's groups the summaries are by, with their titles. */
  summaryGroups: Array<{ name: string; title: string }>;
}

export interface ReportModel {
  benchmark: BenchmarkName;
  descriptor: BenchmarkDescriptor;
  sections: ModelSection[];
  colours: ColourRule;
  thresholds: { regression: number; improvement: number };
  digits: number;
  /** Absolute results of every run: id -> test -> metric -> value (for `value(..., metric=...)`). */
  results: Record<string, Record<string, Record<string, number>>>;
  /** Each run as the engine reads it. */
  data: Map<string, RunData>;
  /** What the report asked for that the runs do not have (unknown tests in `tests`). */
  problems: string[];
}

/**
 * Column name of a run when the report gives none: the post's name of a published column, else the short label,
 * and a repeat's number as its id ends (`~2`), so a run and its repeat are told apart.
 */
function defaultLabel(run: Run): string {
  if (run.provenance.source === 'published-relative' && run.dbms.label) return run.dbms.label;
  return `${run.label.replace(/^x\./, '').replace(/\.pk[01]$/, '')}${run.repeat ? `~${run.repeat}` : ''}`;
}

/** The tests a section shows: the ones it names (groups expanded), else every test of its runs the tables show. */
function sectionTests(
  input: ReportModelInput,
  d: BenchmarkDescriptor,
  s: ModelSectionInput,
  all: string[],
  problem: (text: string) => void,
): string[] {
  const wanted = s.tests ?? input.tests;
  if (!wanted) {
    const shown = all.filter(
      (t) => !input.excludeTests?.includes(t) && (input.includeWarmups || !d.isWarmup(t)) && d.groupOf(t) !== undefined,
    );
    if (!d.tablePerGroup) return shown;
    // The posts list tests group by group (sysbench: point, range, range with aggregation, writes).
    const rank = (t: string) => d.groups.findIndex((g) => g.id === d.groupOf(t));
    return shown
      .map((t, i) => ({ t, i }))
      .sort((a, b) => rank(a.t) - rank(b.t) || a.i - b.i)
      .map((x) => x.t);
  }
  const tests: string[] = [];
  for (const name of wanted) {
    const group = input.testGroups && Object.hasOwn(input.testGroups, name) ? input.testGroups[name] : undefined;
    for (const t of group ?? [name]) {
      if (!all.includes(t))
        problem(
          `no run of the section has the test "${t}"${group ? ` (of test group "${name}")` : ''}; its tests: ${all.join(', ')}`,
        );
      else if (!tests.includes(t)) tests.push(t);
    }
  }
  return tests;
}

export function buildReportModel(input: ReportModelInput): ReportModel {
  const d = descriptorOf(input.benchmark, input.where);
  const thresholds = sectionThresholds(input.thresholds);
  const colours = input.colours ?? 'red-green';
  const byId = new Map(input.runs.map((r) => [r.id, r.run]));
  const data = new Map(input.runs.map((r) => [r.id, runData(r.id, r.run)]));
  const problems: string[] = [];

  const results: ReportModel['results'] = Object.create(null);
  for (const { id, run } of input.runs) {
    // No prototype: a test named __proto__ would otherwise write into Object.prototype.
    const perTest: Record<string, Record<string, number>> = Object.create(null);
    for (const r of run.results) (perTest[r.test] ??= Object.create(null))[r.metric] = r.value;
    results[id] = perTest;
  }
  // A run's tests: those with a headline number, or those a post printed relative values for.
  const testsOf = (id: string): string[] => {
    const run = byId.get(id)!;
    if (run.provenance.source === 'published-relative')
      return [...new Set((run.relative ?? []).flatMap((t) => t.values.map((v) => v.test)))];
    const has = data.get(id)!;
    return run.tests
      .filter((t) => {
        const m = d.headline(t.name, (x) => has.value(t.name, x) !== undefined);
        return m !== undefined;
      })
      .map((t) => t.name);
  };

  const sections = input.sections.map((s, si): ModelSection => {
    const labels = { ...input.labels, ...s.labels };
    const label = (id: string) => labels[id] ?? defaultLabel(byId.get(id)!);
    const ids = [s.base, ...s.runs.filter((id) => id !== s.base)];
    const specs: ColumnSpec[] = ids.map((id, i) => ({
      key: id,
      run: id,
      label: label(id),
      ...(i > 0 && s.ladder && { base: ids[i - 1] }),
    }));
    const columns: ModelColumn[] = ids.map((id, i) => ({
      id,
      label: label(id),
      isBase: i === 0,
      base: i === 0 ? undefined : s.ladder ? ids[i - 1] : s.base,
      source: byId.get(id)!.provenance.source,
    }));
    const all = [...new Set(ids.flatMap(testsOf))];
    const tests = sectionTests(input, d, s, all, (text) => problems.push(`section ${si + 1}: ${text}`));
    const table = compareTable({ descriptor: d, columns: specs, rows: tests, thresholds, digits: input.digits }, (id) =>
      data.get(id),
    );
    const rows: ModelRow[] = table.rows.map((r) => ({
      test: r.key,
      ...(r.metric && { metric: r.metric }),
      cells: r.cells,
    }));

    const groups: Record<string, string[]> = Object.create(null);
    groups.all = tests;
    for (const g of table.groups) groups[g.id] = g.rows;
    for (const [name, list] of Object.entries(input.testGroups ?? {}))
      groups[name] = list.filter((t) => tests.includes(t));
    const tableGroups =
      d.tablePerGroup && table.groups.length
        ? table.groups.map((g) => ({ name: g.id, title: g.title, tests: g.rows }))
        : [{ name: 'all', title: 'All tests', tests }];

    return {
      number: si + 1,
      ...(s.title ? { title: s.title } : {}),
      base: columns[0]!,
      columns,
      ladder: !!s.ladder,
      rows,
      groups,
      tableGroups,
      summaries: summarizeTable(table),
      summaryGroups: table.groups.map((g) => ({ name: g.id, title: g.title })),
    };
  });

  return {
    benchmark: input.benchmark,
    descriptor: d,
    sections,
    colours,
    thresholds,
    digits: input.digits ?? Object.values(d.metrics)[0]?.relativeDigits ?? 2,
    results,
    data,
    problems,
  };
}

/** The model of a report's frontmatter (its sections, or its one `base` + `runs`) over the runs it names. */
export function modelFromReport(
  report: Report,
  sections: ModelSectionInput[],
  runs: ModelRun[],
  where?: string,
): ReportModel {
  return buildReportModel({
    benchmark: report.benchmark,
    runs,
    sections,
    labels: report.labels,
    thresholds: report.thresholds,
    includeWarmups: report.includeWarmups,
    excludeTests: report.excludeTests,
    testGroups: report.testGroups,
    tests: report.tests,
    colours: report.colours,
    // A benchmark's report options may set the decimals of its relative values (HammerDB's relativeDigits).
    digits: reportOptionsOf(report)?.relativeDigits as number | undefined,
    where,
  });
}

/**
 * Whether a section is shown as the posts' relative tables: when the report asks for it, or when a run of the
 * section has only a post's relative values (the benchmark's own tables need absolute numbers).
 */
export function isRelativeSection(report: Pick<Report, 'view' | 'benchmark'>, section: ModelSection): boolean {
  return (
    report.view === 'relative' ||
    !findDescriptor(report.benchmark)?.ownView ||
    section.columns.some((c) => c.source === 'published-relative')
  );
}

/** The CSV of a relative section: every cell of its tables as the page prints it, from the same model. */
export function relativeSectionCsv(section: ModelSection): string {
  const rows = section.tableGroups.flatMap((g) =>
    g.tests.flatMap((test) => {
      const row = section.rows.find((r) => r.test === test)!;
      return section.columns
        .map((c, j) => ({ c, cell: row.cells[j]! }))
        .filter(({ c }) => !c.isBase)
        .map(({ c, cell }) => ({
          group: g.name,
          test,
          column: c.label,
          run: c.id,
          base: c.base!,
          relative: cell.text,
          printed: cell.published ? 1 : 0,
          value: cell.value ?? '',
          metric: row.metric ?? '',
          base_value: cell.baseValue ?? '',
        }));
    }),
  );
  return toCsv(rows, [
    'group',
    'test',
    'column',
    'run',
    'base',
    'relative',
    'printed',
    'value',
    'metric',
    'base_value',
  ]);
}

/**
 * The tests a benchmark's own tables leave out: the report's `excludeTests`, and when the section (or the report)
 * names its `tests`, every other test of its runs. (Those tables keep their own order and groups.)
 */
export function excludedTests(
  report: Pick<Report, 'excludeTests' | 'tests' | 'testGroups'>,
  section: { tests?: string[] },
  allTests: string[],
): string[] | undefined {
  const wanted = section.tests ?? report.tests;
  if (!wanted) return report.excludeTests;
  const keep = new Set(
    wanted.flatMap((n) => (report.testGroups && Object.hasOwn(report.testGroups, n) ? report.testGroups[n]! : [n])),
  );
  return [...new Set([...(report.excludeTests ?? []), ...allTests.filter((t) => !keep.has(t))])];
}

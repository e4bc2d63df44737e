// The one model of a report's comparisons that the relative tables, their CSV and the `{{ }}` placeholders of
// the prose all read: per section, columns (each with its base: the section's, or the previous column of a
// version ladder), the tests in the post's order, and per cell the absolute headline value and the value
// relative to the column's base. Published-relative runs (a post's relative table, no absolute number) take
// part through the table they hold against that base. Pure: the site loads the runs, this computes.
import type { BenchmarkName, Report, Run } from '../schemas/index.ts';
import { toCsv } from './export-rows.ts';
import { primaryMetric } from '../benchmarks/index.ts';
import { basisPoints } from './relative.ts';
import { THRESHOLDS, verdict, type Verdict } from './verdict.ts';
import { SYSBENCH_GROUPS, isWarmupTest, sysbenchGroup } from './sysbench-groups.ts';

export interface ModelRun {
  id: string;
  run: Run;
}

/** How relative cells are coloured. */
export type ColourRule = 'red-green' | 'yellow-blue';

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
  /** Decimals of relative values as the tables print them (default 2). */
  digits?: number;
}

export interface ModelColumn {
  id: string;
  label: string;
  isBase: boolean;
  /** Run id this column is relative to (undefined for the section's base). */
  base?: string;
  /** The run's provenance source (`raw`, `harness-summary`, `published-table`, `published-relative`). */
  source: string;
}

export type ModelVerdict = Verdict;

export interface ModelCell {
  /** The headline value (QPS, inserts/s, NOPM ...); none for published-relative runs. */
  value?: number;
  /** value / value of the column's base, or the post's printed relative value. */
  relative?: number;
  /** The relative value is as a post printed it (published relative), not computed. */
  printed?: boolean;
  verdict: ModelVerdict;
}

export interface ModelRow {
  test: string;
  /** Name of the metric `value` is (`qps`, `scan_krows_per_s`, `inserts_per_s`, `nopm` ...). */
  metric?: string;
  cells: ModelCell[];
}

export interface ModelSummary {
  column: string;
  group: string;
  /** Tests with a relative value in the group. */
  count: number;
  regressions: number;
  improvements: number;
  largestRegression?: { test: string; bp: number };
  medianRegressionBp?: number;
  largestImprovement?: { test: string; bp: number };
  medianImprovementBp?: number;
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
  /** Groups the section's tables and summaries are split into, in order (`all` when there are none). */
  tableGroups: Array<{ name: string; title: string; tests: string[] }>;
  summaries: ModelSummary[];
}

export interface ReportModel {
  benchmark: BenchmarkName;
  sections: ModelSection[];
  colours: ColourRule;
  thresholds: { regression: number; improvement: number };
  digits: number;
  /** Absolute results of every run: id -> test -> metric -> value (for `value(..., metric=...)`). */
  results: Record<string, Record<string, Record<string, number>>>;
  /** What the report asked for that the runs do not have (unknown tests in `tests`). */
  problems: string[];
}

/** Column name of a run when the report gives none: the post's name of a published column, else the short label. */
export function defaultLabel(run: Run): string {
  if (run.provenance.source === 'published-relative' && run.dbms.label) return run.dbms.label;
  return run.label.replace(/^x\./, '').replace(/\.pk[01]$/, '');
}

/**
 * Colour of a relative value under a report's rule (verdict.ts), compared at the printed decimals. red-green
 * (newer posts): at or below the regression threshold red, at or above the improvement threshold green, grey
 * between. yellow-blue (older posts): strictly below yellow, strictly above blue.
 */
export function colourVerdict(
  relative: number | undefined,
  rule: ColourRule,
  t: { regression: number; improvement: number },
  digits = 2,
): ModelVerdict {
  return verdict(relative, t, false, digits, rule === 'yellow-blue');
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Regressions and improvements of one column over some tests, in basis points, as the posts summarise them. */
export function summarize(
  column: string,
  group: string,
  cells: Array<{ test: string; relative?: number }>,
  digits = 2,
): ModelSummary {
  // Basis points of the printed value, so a summary never disagrees with the table above it.
  const bp = (r: number) => Math.round(basisPoints(Math.round(r * 10 ** digits) / 10 ** digits) * 1e6) / 1e6;
  const known = cells.filter((c) => c.relative !== undefined).map((c) => ({ test: c.test, bp: bp(c.relative!) }));
  // A change that rounds to 0 basis points (0.999 at three decimals) is no change, as the posts count them.
  const down = known.filter((c) => Math.round(c.bp) < 0);
  const up = known.filter((c) => Math.round(c.bp) > 0);
  const pick = (xs: typeof known, better: (a: number, b: number) => boolean) =>
    xs.reduce((a, b) => (better(b.bp, a.bp) ? b : a));
  return {
    column,
    group,
    count: known.length,
    regressions: down.length,
    improvements: up.length,
    largestRegression: down.length ? pick(down, (a, b) => a < b) : undefined,
    medianRegressionBp: down.length ? median(down.map((c) => c.bp)) : undefined,
    largestImprovement: up.length ? pick(up, (a, b) => a > b) : undefined,
    medianImprovementBp: up.length ? median(up.map((c) => c.bp)) : undefined,
  };
}

/** What the summaries call the relative value: `rQPS` for sysbench (as the posts), else relative throughput. */
export function relativeName(benchmark: BenchmarkName): string {
  return benchmark === 'sysbench' ? 'rQPS' : benchmark === 'hammerdb-tprocc' ? 'relative NOPM' : 'relative throughput';
}

const bpText = (bp: number) => {
  const n = Math.round(Math.abs(bp));
  return `${n} basis point${n === 1 ? '' : 's'}`;
};

/**
 * A summary as the posts word it: "the largest regression is an rQPS drop of 38 basis points for point-query;
 * the median regression is 27 basis points", then the same for improvements.
 */
export function summaryText(s: ModelSummary, benchmark: BenchmarkName): string {
  const name = relativeName(benchmark);
  // By sound: "an rQPS drop" (ar-QPS), "a relative ...".
  const article = /^([aeiou]|r[A-Z])/.test(name) ? 'an' : 'a';
  const parts: string[] = [];
  if (s.largestRegression) {
    parts.push(
      `the largest regression is ${article} ${name} drop of ${bpText(s.largestRegression.bp)} for ${s.largestRegression.test}`,
    );
    if (s.regressions > 1) parts.push(`the median regression is ${bpText(s.medianRegressionBp!)}`);
  }
  if (s.largestImprovement) {
    parts.push(
      `the largest improvement is ${article} ${name} gain of ${bpText(s.largestImprovement.bp)} for ${s.largestImprovement.test}`,
    );
    if (s.improvements > 1) parts.push(`the median improvement is ${bpText(s.medianImprovementBp!)}`);
  }
  if (!parts.length) return s.count ? `no change in ${name} on ${s.count} test${s.count === 1 ? '' : 's'}` : '';
  return parts.join('; ');
}

function testOrder(benchmark: BenchmarkName, tests: string[]): string[] {
  if (benchmark !== 'sysbench') return tests;
  // The posts list sysbench tests group by group: point, range, range with aggregation, writes.
  const rank = (t: string) => SYSBENCH_GROUPS.findIndex((g) => g.id === sysbenchGroup(t));
  return tests
    .map((t, i) => ({ t, i }))
    .sort((a, b) => rank(a.t) - rank(b.t) || a.i - b.i)
    .map((x) => x.t);
}

export function buildReportModel(input: ReportModelInput): ReportModel {
  const thresholds = {
    regression: input.thresholds?.regression ?? THRESHOLDS.regression,
    improvement: input.thresholds?.improvement ?? THRESHOLDS.improvement,
  };
  const colours = input.colours ?? 'red-green';
  const digits = input.digits ?? 2;
  const byId = new Map(input.runs.map((r) => [r.id, r.run]));
  const problems: string[] = [];

  const results: ReportModel['results'] = {};
  for (const { id, run } of input.runs) {
    // No prototype: a test named __proto__ would otherwise write into Object.prototype.
    const perTest: Record<string, Record<string, number>> = Object.create(null);
    for (const r of run.results) (perTest[r.test] ??= Object.create(null))[r.metric] = r.value;
    results[id] = perTest;
  }
  const headline = (id: string, test: string): { metric?: string; value?: number } => {
    const run = byId.get(id);
    if (!run) return {};
    const has = results[id]?.[test] ?? {};
    const metric = primaryMetric(input.benchmark, test, (m) => has[m] !== undefined);
    return metric ? { metric, value: has[metric] } : {};
  };
  const testsOf = (id: string): string[] => {
    const run = byId.get(id)!;
    if (run.provenance.source === 'published-relative')
      return [...new Set((run.relative ?? []).flatMap((t) => t.values.map((v) => v.test)))];
    return run.tests.filter((t) => headline(id, t.name).value !== undefined).map((t) => t.name);
  };
  const printed = (id: string, base: string, test: string) =>
    byId
      .get(id)
      ?.relative?.find((t) => t.baseRun === base)
      ?.values.find((v) => v.test === test)?.value;

  const sections = input.sections.map((s, si): ModelSection => {
    const labels = { ...input.labels, ...s.labels };
    const label = (id: string) => labels[id] ?? defaultLabel(byId.get(id)!);
    const ids = [s.base, ...s.runs.filter((id) => id !== s.base)];
    const columns: ModelColumn[] = ids.map((id, i) => ({
      id,
      label: label(id),
      isBase: i === 0,
      base: i === 0 ? undefined : s.ladder ? ids[i - 1] : s.base,
      source: byId.get(id)!.provenance.source,
    }));

    // Tests: the section's list (groups expanded), else every test of its runs, minus warm-ups and exclusions.
    let tests: string[];
    const all = [...new Set(ids.flatMap(testsOf))];
    const wanted = s.tests ?? input.tests;
    if (wanted) {
      tests = [];
      for (const name of wanted) {
        const expanded = input.testGroups?.[name] ?? [name];
        for (const t of expanded) {
          if (!all.includes(t)) {
            problems.push(
              `section ${si + 1}: no run of the section has the test "${t}"${expanded.length > 1 || input.testGroups?.[name] ? ` (of test group "${name}")` : ''}; its tests: ${all.join(', ')}`,
            );
          } else if (!tests.includes(t)) tests.push(t);
        }
      }
    } else {
      tests = testOrder(
        input.benchmark,
        all.filter(
          (t) =>
            !input.excludeTests?.includes(t) &&
            (input.includeWarmups || !isWarmupTest(t)) &&
            (input.benchmark !== 'sysbench' || sysbenchGroup(t) !== undefined),
        ),
      );
    }

    const rows: ModelRow[] = tests.map((test) => {
      const metric = headline(s.base, test).metric ?? ids.map((id) => headline(id, test).metric).find(Boolean);
      const cells = columns.map((c): ModelCell => {
        const { value } = headline(c.id, test);
        if (c.isBase) {
          // The base is 1 wherever some column of the section has a value against it.
          const any = columns.some((o) => o.base === c.id && (printed(o.id, c.id, test) ?? headline(o.id, test).value));
          return { value, relative: value !== undefined || any ? 1 : undefined, verdict: 'neutral' };
        }
        const baseValue = headline(c.base!, test).value;
        let relative: number | undefined;
        let fromPost = false;
        if (value !== undefined && baseValue !== undefined && baseValue !== 0) relative = value / baseValue;
        else if (printed(c.id, c.base!, test) !== undefined) {
          relative = printed(c.id, c.base!, test);
          fromPost = true;
        }
        return {
          value,
          relative,
          ...(fromPost ? { printed: true } : {}),
          verdict: colourVerdict(relative, colours, thresholds, digits),
        };
      });
      return { test, ...(metric ? { metric } : {}), cells };
    });

    const groups: Record<string, string[]> = { all: tests };
    let tableGroups: ModelSection['tableGroups'] = [];
    if (input.benchmark === 'sysbench') {
      for (const g of SYSBENCH_GROUPS) {
        const list = tests.filter((t) => sysbenchGroup(t) === g.id);
        groups[g.id] = list;
        if (list.length) tableGroups.push({ name: g.id, title: g.title, tests: list });
      }
    }
    for (const [name, list] of Object.entries(input.testGroups ?? {}))
      groups[name] = list.filter((t) => tests.includes(t));
    if (!tableGroups.length) tableGroups = [{ name: 'all', title: 'All tests', tests }];

    const summaries = columns
      .filter((c) => !c.isBase)
      .flatMap((c) => {
        const j = columns.indexOf(c);
        return tableGroups.map((g) =>
          summarize(
            c.id,
            g.name,
            g.tests.map((t) => ({ test: t, relative: rows.find((r) => r.test === t)!.cells[j]!.relative })),
            digits,
          ),
        );
      });

    return {
      number: si + 1,
      ...(s.title ? { title: s.title } : {}),
      base: columns[0]!,
      columns,
      ladder: !!s.ladder,
      rows,
      groups,
      tableGroups,
      summaries,
    };
  });

  return { benchmark: input.benchmark, sections, colours, thresholds, digits, results, problems };
}

/** The model of a report's frontmatter (its sections, or its one `base` + `runs`) over the runs it names. */
export function modelFromReport(
  report: Pick<
    Report,
    | 'benchmark'
    | 'labels'
    | 'thresholds'
    | 'includeWarmups'
    | 'excludeTests'
    | 'hammerdb'
    | 'testGroups'
    | 'tests'
    | 'colours'
  >,
  sections: ModelSectionInput[],
  runs: ModelRun[],
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
    digits: report.benchmark === 'hammerdb-tprocc' ? (report.hammerdb?.relativeDigits ?? 3) : 2,
  });
}

/**
 * Whether a section is shown as the posts' relative tables: when the report asks for it, or when a run of the
 * section has only a post's relative values (the benchmark's own tables need absolute numbers).
 */
export function isRelativeSection(report: Pick<Report, 'view'>, section: ModelSection): boolean {
  return report.view === 'relative' || section.columns.some((c) => c.source === 'published-relative');
}

/** The CSV of a relative section: every cell of its tables, from the same model the page shows. */
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
          relative: cell.relative ?? '',
          printed: cell.printed ? 1 : 0,
          value: cell.value ?? '',
          metric: row.metric ?? '',
        }));
    }),
  );
  return toCsv(rows, ['group', 'test', 'column', 'run', 'base', 'relative', 'printed', 'value', 'metric']);
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
  const keep = new Set(wanted.flatMap((n) => report.testGroups?.[n] ?? [n]));
  return [...new Set([...(report.excludeTests ?? []), ...allTests.filter((t) => !keep.has(t))])];
}

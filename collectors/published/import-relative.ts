// Relative-only tables typed in from a post (CSV) -> runs whose provenance is `published-relative`: each run
// keeps the post's values relative to a named base and never holds an absolute number, because none can be
// recovered from them. Pure: the command reads the files and writes the runs.
//
// CSV columns: `label` (or `column`): the column as the post names it; `test`: benchsite's test name (each
// benchmark's folder gives examples: `published.testExamples`); `value` (or `relative`): the relative
// value as printed. Each CSV is one table with one base (its `--base`); the base must be a column of the tables
// of the import, its own cells (listed or not) being 1. One run per column label: a column that appears in
// several tables (against several bases) is one run with one relative table per base.
import type { BenchmarkName, Meta, RelativeTable, Test } from '../../src/schemas/index.ts';
import { benchmarkOf } from '../../benchmarks/index.ts';
import { runId } from '../../src/runs/run-id.ts';
import { archiveDate, archiveRun, fullLabel } from '../lib/archive-run.ts';
import type { HarvestedRun } from '../lib/harvested.ts';
import { parseNumber } from '../lib/numbers.ts';
import { decimalsOf } from '../lib/printed-ratio.ts';
import type { RawEntry } from '../lib/raw-tree.ts';
import { BENCHMARK_FOLDERS, folderOf } from '../benchmarks.ts';
import { parseCsv } from './csv.ts';
import { postMetaProblems } from './post-meta.ts';
import { InputError } from '../lib/input-error.ts';

/** Test names of each benchmark, for the error of a test none has: `sysbench: point-query, ...; ...`. */
const TEST_EXAMPLES = BENCHMARK_FOLDERS.map((f) => `${f.name}: ${f.published.testExamples.join(', ')}`).join('; ');

/** One table of the import: the CSV and the base its values are relative to. */
export interface RelativeCsv {
  /** The file's path as given (kept as the raw file's name). */
  name: string;
  data: Uint8Array;
  /** `--base`: the base column's name as the CSV's label column writes it. */
  base: string;
}

/** What a relative table is, by its columns (for a CSV of no format `benchsite import` reads). */
export const RELATIVE_TABLE = 'a relative table (label, test, value)';

/** Whether a CSV header is a relative table's: a label (or column), a test and a value (or relative) column. */
export function isRelativeHeader(header: string[]): boolean {
  return (
    (header.includes('label') || header.includes('column')) &&
    header.includes('test') &&
    (header.includes('value') || header.includes('relative'))
  );
}

interface Cell {
  label: string;
  test: string;
  value: number;
  printed: string;
  line: number;
}

interface Table {
  csv: RelativeCsv;
  cells: Cell[];
  digits: number;
}

/** Which benchmark a test name belongs to, as benchsite names tests. */
function benchmarkOfTest(test: string): BenchmarkName | undefined {
  return BENCHMARK_FOLDERS.find((f) => benchmarkOf(f.name).vocabulary.isTestName(test))?.name;
}

/** Runs of the tables; throws one Error listing every problem, each with file and line. */
export function importRelativeTables(csvs: RelativeCsv[], meta: Meta, metaName?: string): HarvestedRun[] {
  const problems = postMetaProblems(meta, metaName);
  const tables: Table[] = [];
  for (const csv of csvs) {
    try {
      tables.push(readTable(csv));
    } catch (e) {
      problems.push((e as Error).message);
    }
  }
  if (problems.length) throw new InputError(problems.join('\n'));

  const labels = [...new Set(tables.flatMap((t) => t.cells.map((c) => c.label)))];
  const benchmarks = new Set<BenchmarkName>();
  for (const t of tables) {
    if (!labels.includes(t.csv.base))
      problems.push(
        `${t.csv.name}:1: --base ${JSON.stringify(t.csv.base)} is not a column of the tables of this import (${labels.join(', ')}). Name the base column as the CSV writes it, and list its cells (1) in its table when no other table has it.`,
      );
    for (const c of t.cells) {
      const b = benchmarkOfTest(c.test);
      if (!b)
        problems.push(
          `${t.csv.name}:${c.line}: test ${JSON.stringify(c.test)} is no benchmark's test as benchsite names them (${TEST_EXAMPLES})`,
        );
      else benchmarks.add(b);
      if (c.label === t.csv.base && Math.abs(c.value - 1) > 0.5 * 10 ** -t.digits)
        problems.push(
          `${t.csv.name}:${c.line}: the base ${c.label} has ${c.printed} for ${c.test}; a base's own cells are 1. Check --base.`,
        );
    }
  }
  if (benchmarks.size > 1)
    problems.push(
      `${tables.map((t) => t.csv.name).join(', ')}: the tests mix ${[...benchmarks].join(' and ')}; import each benchmark's tables on their own`,
    );
  if (problems.length) throw new InputError(problems.join('\n'));
  const benchmark = [...benchmarks][0]!;
  const folder = folderOf(benchmark);
  const workload = (tests: Test[]) => folder.published.workload(tests, meta, metaName);
  // Asked once before any run is built: a fact --meta lacks (sysbench threads) is one error, not one per run.
  workload([]);
  const { date } = archiveDate(meta, metaName ?? '--meta');
  const idOf = (label: string) =>
    runId({ benchmark, host: { name: meta.host!.name! }, date, label: fullLabel(label, meta) });

  return labels.map((label) => {
    const own = tables.filter((t) => t.csv.base !== label && t.cells.some((c) => c.label === label));
    const baseOf = tables.filter((t) => t.csv.base === label);
    const relative: RelativeTable[] = own.map((t) => ({
      base: t.csv.base,
      baseRun: idOf(t.csv.base),
      digits: t.digits,
      file: t.csv.name,
      values: t.cells.filter((c) => c.label === label).map((c) => ({ test: c.test, value: c.value })),
    }));
    const mine = (t: Table) => t.cells.filter((c) => baseOf.includes(t) || c.label === label);
    const testNames = [...new Set([...own, ...baseOf].flatMap((t) => mine(t).map((c) => c.test)))];
    const files = [...own, ...baseOf];
    const tests: Test[] = testNames.map((name) => ({
      name,
      status: 'ok',
      ...withParams(folder.published.params(name)),
      rawFiles: files.filter((t) => mine(t).some((c) => c.test === name)).map((t) => t.csv.name),
    }));
    const notes: string[] = [];
    if (own.length)
      notes.push(
        `values relative to ${own.map((t) => `${t.csv.base} (${t.digits} decimals, ${t.csv.name})`).join(' and ')}, as printed in the post; the post gives no absolute value, so this run has none`,
      );
    if (baseOf.length) {
      const others = [...new Set(baseOf.flatMap((t) => t.cells.map((c) => c.label)).filter((l) => l !== label))];
      notes.push(
        `the base of the relative values of ${others.join(', ')} in ${baseOf.map((t) => t.csv.name).join(', ')}; the post gives no absolute value for it`,
      );
    }
    const full = fullLabel(label, meta);
    const h = archiveRun(
      {
        benchmark,
        label: full,
        shortName: label,
        decoded: folder.published.decodeLabel(full),
        workload: workload(tests),
        tests,
        results: [],
        relative,
        source: 'published-relative',
        format: 'published-relative-csv',
        input: files.map((t) => t.csv.name).join(', '),
        raw: files.map((t): RawEntry => ({ path: t.csv.name, data: t.csv.data })),
        notes,
      },
      meta,
      metaName,
    );
    h.run.provenance.published = { ...h.run.provenance.published!, file: files.map((t) => t.csv.name).join(', ') };
    return h;
  });
}

function readTable(csv: RelativeCsv): Table {
  const { header, rows } = parseCsv(new TextDecoder().decode(csv.data), csv.name);
  if (!isRelativeHeader(header))
    throw new InputError(
      `${csv.name}:1: a relative table needs the columns label (or column), test and value (or relative); the header is ${header.join(',')}`,
    );
  const labelKey = header.includes('label') ? 'label' : 'column';
  const valueKey = header.includes('value') ? 'value' : 'relative';
  const cells: Cell[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const label = row.cells[labelKey]!;
    const test = row.cells.test!;
    const printed = row.cells[valueKey]!;
    if (!label || !test) throw new InputError(`${csv.name}:${row.line}: ${label ? 'test' : labelKey} is empty`);
    const value = parseNumber(printed);
    if (value === undefined || value < 0)
      throw new InputError(
        `${csv.name}:${row.line}: ${valueKey}: ${JSON.stringify(printed)} is not a relative value (a number like 0.95)`,
      );
    const key = `${label}\u0000${test}`;
    if (seen.has(key))
      throw new InputError(`${csv.name}:${row.line}: ${label} ${test} is already on line ${seen.get(key)}`);
    seen.set(key, row.line);
    cells.push({ label, test, value, printed, line: row.line });
  }
  if (cells.length === 0) throw new InputError(`${csv.name}: no rows after the header`);
  return { csv, cells, digits: Math.max(...cells.map((c) => decimalsOf(c.printed))) };
}

function withParams(params: Test['params']): Pick<Test, 'params'> {
  return params ? { params } : {};
}

// The Insert Benchmark harness's summary tables, read by their header line (docs/formats/insert-benchmark.md 1.7, 1.8):
// `o.sum.t.<dir>` / `o.sum.c.<dir>` (etl.sh: one line per step, no step names, tag last) and `mrg.<step>` /
// `rel.<step>` (mrg3.sh / sum_met.awk: one line per DBMS, `-` lines separate groups).
// Cells stay text: `NA`, empty cells and `inf` are kept as printed.
import { InputError } from '../../collectors/lib/input-error.ts';

/** A file without a summary's header line: named like one, but something else. */
export class NotASummary extends InputError {}

export interface SummaryTable {
  /** Column names of the header line, e.g. ips qps rps ... p99 tag. */
  columns: string[];
  /** Data lines in file order, by column name. */
  rows: Array<Record<string, string>>;
  /** Index of the group (0-based) of each row: mrg/rel files separate groups with a `-` line. */
  groups: number[];
}

/**
 * Characters of the largest summary table read: the harness writes a few KB (one line of about 200 characters
 * per step or DBMS); a campaign of hundreds of DBMS stays far below this.
 */
export const MAX_SUMMARY_CHARS = 4 << 20;

/** The line without blanks and CRs at its end, in one pass (a regular expression would retry from every blank). */
function trimLineEnd(line: string): string {
  let end = line.length;
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\r')) end--;
  return line.slice(0, end);
}

/**
 * Parse a tab- or comma-separated summary table, in time linear in its length. Throws when the first line is not
 * a header with a `tag` column, and refuses a text over MAX_SUMMARY_CHARS.
 */
export function parseSummaryTable(text: string, file = 'summary'): SummaryTable {
  if (text.length > MAX_SUMMARY_CHARS)
    throw new InputError({
      file,
      what: `${text.length.toLocaleString('en-US')} characters, where the harness writes a few KB per summary table (benchsite reads up to ${MAX_SUMMARY_CHARS.toLocaleString('en-US')})`,
      todo: 'Give the summary table as the harness wrote it, or remove the file from the input',
    });
  // Blanks at a line's end (an editor, a copy through Windows) are not cells; tabs are.
  const all = text
    .replace(/^\uFEFF/, '')
    .split('\n')
    .map(trimLineEnd);
  while (all.length && all[all.length - 1] === '') all.pop();
  const sep = (all[0] ?? '').includes('\t') ? '\t' : ',';
  const columns = (all[0] ?? '').split(sep);
  if (columns[columns.length - 1] !== 'tag') {
    throw new NotASummary(
      `${file}: the first line is not a summary header ending in "tag": ${JSON.stringify((all[0] ?? '').slice(0, 80))}`,
    );
  }
  const rows: SummaryTable['rows'] = [];
  const groups: number[] = [];
  let group = 0;
  for (let n = 1; n < all.length; n++) {
    const line = all[n]!;
    if (line.trim() === '-') {
      group++;
      continue;
    }
    const cells = line.split(sep).map((c) => c.trim());
    // A line cut short or with a cell too many would give every later column the next one's number.
    if (cells.length !== columns.length)
      throw new InputError({
        file,
        where: n + 1,
        what: `${cells.length} cells where the header has ${columns.length}: the columns do not line up (is the file cut short or edited?)`,
        todo: 'Give the summary as the harness wrote it',
      });
    // The tag names the run a line belongs to: a line without one (cut inside its last cell) belongs to none.
    if (!cells[cells.length - 1])
      throw new InputError({
        file,
        where: n + 1,
        what: 'the line has no tag (its last cell, the DBMS it is about): is the file cut short?',
        todo: 'Give the summary as the harness wrote it',
      });
    rows.push(Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? ''])));
    groups.push(group);
  }
  return { columns, rows, groups };
}

/** A cell as a number; undefined for `NA`, empty, `inf`, `nan`. One way to match each digit: linear time. */
export function cellNumber(cell: string | undefined): number | undefined {
  if (cell === undefined || !/^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(cell.trim())) return undefined;
  return Number(cell);
}

/**
 * Step names of the lines of an o.sum.t file, which has none (etl.sh prints the steps in a fixed order):
 * the current order of 10 lines, or the 15 lines of the Jan 2021 etl.sh (l.i0 l.x l.i1, then two loops at
 * each of 100 200 400 600 800 1000 inserts/s, named q<rate>.<loop> as the 2021 reports and mrg files name them).
 */
export function summaryStepNames(lineCount: number): string[] | undefined {
  if (lineCount === CURRENT_STEPS.length) return CURRENT_STEPS;
  if (lineCount === JAN2021_STEPS.length) return JAN2021_STEPS;
  return undefined;
}

const CURRENT_STEPS = [
  'l.i0',
  'l.x',
  'l.i1',
  'l.i2',
  'qr100.L1',
  'qp100.L2',
  'qr500.L3',
  'qp500.L4',
  'qr1000.L5',
  'qp1000.L6',
];
const JAN2021_STEPS = [
  'l.i0',
  'l.x',
  'l.i1',
  ...[100, 200, 400, 600, 800, 1000].flatMap((r) => [`q${r}.1`, `q${r}.2`]),
];

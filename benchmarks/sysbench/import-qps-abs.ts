// The sysbench summary tables of the mytools harness (sum_qps_csv.sh), parsed as printed. Pure.
//
// qps.abs.<tag>.tsv:                        qps.rel.<tag>.tsv:
//   col-1 : x.my5651_rel_o2nofp.z12a_c8r32.pk1    Relative to: x.my5651_rel_o2nofp.z12a_c8r32.pk1
//   col-2 : ...                                 col-1 : x.my5744_rel_o2nofp.z12a_c8r32.pk1
//   (blank)                                     (blank)
//   col-1<TAB>col-2 ...                         col-1 ...
//   4533<TAB>3927 ...<TAB>hot-points_range=100  0.87 ...<TAB>hot-points_range=100
// The .csv copies have no header: `hot-points_range=100,4533,3927,...`, the test first; only the .tsv names
// the columns. Values are QPS (%.0f of sb.r.qps), Krows/s for scan; relative cells are %.2f of col-k / base.
import { numberedLines, parseNumber } from '../../collectors/lib/numbers.ts';
import { InputError } from '../../collectors/lib/input-error.ts';

/** One row of a summary table: a test and one cell per column. */
export interface QpsRow {
  /** 1-based line in the file. */
  line: number;
  /** The test as the table prints it, e.g. `point-query_range=100`. */
  test: string;
  /** Cells as printed, one per column. */
  cells: string[];
  values: number[];
}

export interface QpsTable {
  file: string;
  /** The base column's label (`Relative to:`), for qps.rel only. */
  base?: string;
  /** Labels of the columns in order (`col-1 : <label>` ...). */
  columns: string[];
  rows: QpsRow[];
}

const COL = /^col-(\d+) : (.+)$/;

/** A summary .tsv (qps.abs or qps.rel). Throws with file and line for anything not shaped as above. */
export function parseQpsTsv(text: string, file: string): QpsTable {
  const lines = text.replace(/\r/g, '').split('\n');
  let i = 0;
  let base: string | undefined;
  const rel = /^Relative to: (.+)$/.exec(lines[0] ?? '');
  if (rel) {
    base = rel[1]!.trim();
    i = 1;
  }
  const columns: string[] = [];
  for (; i < lines.length; i++) {
    const m = COL.exec(lines[i]!);
    if (!m) break;
    if (Number(m[1]) !== columns.length + 1)
      throw new InputError(
        `${file}:${i + 1}: "col-${m[1]}" follows col-${columns.length}; the column lines must count up from col-1`,
      );
    columns.push(m[2]!.trim());
  }
  if (columns.length === 0)
    throw new InputError(`${file}:${i + 1}: no "col-1 : <label>" line; a qps summary .tsv names its columns first`);
  while (i < lines.length && lines[i]!.trim() === '') i++;
  const header = lines[i]?.split('\t') ?? [];
  if (i >= lines.length || !/^col-1$/.test(header[0] ?? ''))
    throw new InputError(
      `${file}:${i + 1}: the file ends before the "col-1<TAB>col-2 ..." header line: is it truncated?`,
    );
  if (header.length !== columns.length)
    throw new InputError(
      `${file}:${i + 1}: the header line has ${header.length} columns, the col-N lines name ${columns.length}`,
    );
  const rows: QpsRow[] = [];
  for (i++; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const f = line.split('\t');
    rows.push(row(file, i + 1, f.at(-1)!, f.slice(0, -1), columns.length));
  }
  if (rows.length === 0) throw new InputError(`${file}: no test rows after the header line: is it truncated?`);
  return { file, base, columns, rows };
}

/** A summary .csv: one row per test, test first; its columns are the ones its .tsv names (`width` of them). */
export function parseQpsCsv(text: string, file: string, width: number): QpsRow[] {
  const rows = numberedLines(text).map(({ line, text: t }) => {
    const f = t.split(',');
    return row(file, line, f[0]!, f.slice(1), width);
  });
  if (rows.length === 0) throw new InputError(`${file}: empty; a qps summary .csv has one line per test`);
  return rows;
}

function row(file: string, line: number, test: string, cells: string[], width: number): QpsRow {
  if (!/_range=\d+$/.test(test))
    throw new InputError(
      `${file}:${line}: ${JSON.stringify(test)} is not a test name like point-query_range=100: is the line cut short or the file truncated?`,
    );
  if (cells.length !== width)
    throw new InputError(
      `${file}:${line}: ${cells.length} values for ${test}, the table has ${width} columns: is the line cut short or the file truncated?`,
    );
  const values = cells.map((c, k) => {
    const v = parseNumber(c);
    if (v === undefined)
      throw new InputError(`${file}:${line}: column ${k + 1} of ${test}: ${JSON.stringify(c)} is not a number`);
    return v;
  });
  return { line, test: test.trim(), cells: cells.map((c) => c.trim()), values };
}

/** `point-query_range=100` -> the test type and range of the mytools file names. */
export function splitTestLabel(test: string): { testType: string; range: number } {
  const m = /^(.+)_range=(\d+)$/.exec(test)!;
  return { testType: m[1]!, range: Number(m[2]) };
}

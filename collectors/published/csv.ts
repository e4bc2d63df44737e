// CSV text (RFC 4180: commas, double quotes, CRLF or LF) -> rows keyed by header, with their line numbers for
// error messages. Pure.
import { InputError } from '../lib/input-error.ts';

/** One CSV of an import: its file name and bytes. */
export interface PublishedCsv {
  name: string;
  data: Uint8Array;
}

export interface CsvRow {
  /** 1-based line of the row in the file. */
  line: number;
  cells: Record<string, string>;
}

export interface Csv {
  header: string[];
  rows: CsvRow[];
}

/** Split one record; quoted cells may hold commas and doubled quotes (no line breaks inside cells). */
function splitRecord(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cell);
      cell = '';
    } else cell += ch;
  }
  out.push(cell);
  return out.map((c) => c.trim());
}

/** Parse a CSV with a header line. Throws with the file name and line when a row has the wrong number of cells. */
export function parseCsv(text: string, name: string): Csv {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first < 0) throw new InputError(`${name}: the file is empty; a CSV with a header line is expected`);
  const header = splitRecord(lines[first]!);
  const rows: CsvRow[] = [];
  const problems: string[] = [];
  for (let i = first + 1; i < lines.length; i++) {
    if (lines[i]!.trim() === '') continue;
    const cells = splitRecord(lines[i]!);
    if (cells.length !== header.length) {
      problems.push(
        `${name}:${i + 1}: ${cells.length} cells, the header has ${header.length}. Check for a missing or extra comma.`,
      );
      continue;
    }
    rows.push({ line: i + 1, cells: Object.fromEntries(header.map((h, j) => [h, cells[j]!])) });
  }
  if (problems.length) throw new InputError(problems.join('\n'));
  return { header, rows };
}

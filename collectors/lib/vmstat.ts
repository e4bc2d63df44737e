// vmstat text (procps) -> numeric rows, plus the exact sums the mytools harness computes (formats.md 4.2, 4.4).
import { awkNumber, fields, lines } from './numbers.ts';

export interface Vmstat {
  /** Column names from the last header line seen, e.g. r b swpd free ... us sy id wa st [gu]. */
  columns: string[];
  /** Every data line in file order, the since-boot line first. */
  rows: number[][];
  /** Header lines (`procs ...` and column-name lines) in the file, repeats included. */
  headerLines: number;
  /**
   * What `grep -v swpd | awk 'NR>1 { cs+=$12; cpu+=$13+$14; c+=1 }'` computes: the since-boot line and every
   * repeated `procs` line count as samples, the latter as zeros.
   */
  harness: { samples: number; csSum: number; cpuSum: number };
}

const NUMERIC = /^-?\d+$/;

/** Parse vmstat output. Never throws: unknown lines are skipped. */
export function parseVmstat(text: string): Vmstat {
  let columns: string[] = [];
  const rows: number[][] = [];
  let headerLines = 0;
  const harness = { samples: 0, csSum: 0, cpuSum: 0 };
  let afterFirst = false; // awk NR>1 on the lines that survive `grep -v swpd`
  for (const line of lines(text)) {
    const f = fields(line);
    const isColumnNames = line.includes('swpd');
    if (!isColumnNames) {
      if (afterFirst) {
        harness.samples += 1;
        harness.csSum += awkNumber(f[11]);
        harness.cpuSum += awkNumber(f[12]) + awkNumber(f[13]);
      }
      afterFirst = true;
    }
    if (isColumnNames) {
      columns = f;
      headerLines += 1;
    } else if (f[0] === 'procs') {
      headerLines += 1;
    } else if (f.length >= 16 && f.every((x) => NUMERIC.test(x))) {
      rows.push(f.map(Number));
    }
  }
  if (columns.length === 0 && rows.length > 0) columns = DEFAULT_COLUMNS.slice(0, rows[0]!.length);
  return { columns, rows, headerLines, harness };
}

const DEFAULT_COLUMNS = ['r', 'b', 'swpd', 'free', 'buff', 'cache', 'si', 'so', 'bi', 'bo', 'in', 'cs', 'us', 'sy', 'id', 'wa', 'st', 'gu'];

/** Column index by name, or -1. */
export function vmstatColumn(v: Vmstat, name: string): number {
  return v.columns.indexOf(name);
}

// vmstat text (procps) -> numeric rows, plus the exact sums the mytools harness computes (docs/formats/vmstat-iostat.md 4.2, 4.4).
import { scanNumberBytes } from './numbers.ts';
import { textBytes } from './text-bytes.ts';

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

const DEFAULT_COLUMNS = [
  'r',
  'b',
  'swpd',
  'free',
  'buff',
  'cache',
  'si',
  'so',
  'bi',
  'bo',
  'in',
  'cs',
  'us',
  'sy',
  'id',
  'wa',
  'st',
  'gu',
];

/** awk's value of a field: NaN (a word) counts as 0. */
const awkValue = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? 0 : x);

/** Whether no value is NaN (a word); with `counts`, whether all are integers >= 0. A loop: it runs on every line. */
function allCounts(nums: number[], counts: boolean): boolean {
  for (let i = 0; i < nums.length; i++) {
    const x = nums[i]!;
    if (counts ? !(Number.isInteger(x) && x >= 0) : Number.isNaN(x)) return false;
  }
  return true;
}

/**
 * Parse vmstat output: its text, or the bytes of a file (as text-bytes.ts reads them; no string of the whole
 * file is made). Never throws: unknown lines are skipped.
 */
export function parseVmstat(input: string | Uint8Array): Vmstat {
  const text = textBytes(input);
  let columns: string[] = [];
  const rows: number[][] = [];
  let headerLines = 0;
  const harness = { samples: 0, csSum: 0, cpuSum: 0 };
  let afterFirst = false; // awk NR>1 on the lines that survive `grep -v swpd`
  const nums: number[] = [];
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf(10, start);
    if (end < 0) end = text.length;
    const next = end + 1;
    scanNumberBytes(text, start, end, nums);
    // Only a line with words can be a header; data lines are all numbers.
    const words = nums.length === 0 || !allCounts(nums, false);
    const line = words ? text.toString('utf8', start, end) : '';
    if (words && line.includes('swpd')) {
      columns = line.trim().split(/\s+/);
      headerLines++;
    } else {
      if (afterFirst) {
        harness.samples += 1;
        harness.csSum += awkValue(nums[11]);
        harness.cpuSum += awkValue(nums[12]) + awkValue(nums[13]);
      }
      afterFirst = true;
      if (words) {
        if (line.trimStart().startsWith('procs')) headerLines++;
      } else if (nums.length >= 16 && allCounts(nums, true)) rows.push(nums.slice());
    }
    start = next;
  }
  if (columns.length === 0 && rows.length > 0) columns = DEFAULT_COLUMNS.slice(0, rows[0]!.length);
  return { columns, rows, headerLines, harness };
}

/** Column index by name, or -1. */
export function vmstatColumn(v: Vmstat, name: string): number {
  return v.columns.indexOf(name);
}

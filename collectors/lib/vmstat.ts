// vmstat text (procps) -> numeric rows, plus the exact sums the mytools harness computes (docs/formats/vmstat-iostat.md 4.2, 4.4).
import { numberScratch, scanNumberBytes } from './numbers.ts';
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

/** Where readRows started and stopped, and whether a line that counts as a sample was read before. */
interface RowsRead {
  start: number;
  afterFirst: boolean;
}

/**
 * The data lines (all numbers) from `at.start` on, up to the first line with a word or none (where `at.start` is
 * left): their rows, and their samples as the harness counts them. A function of its own so that V8 optimizes
 * this loop, the hot one, alone, not the whole parser (compiled again for each file, as rare lines turned up).
 */
function readRows(text: Buffer, at: RowsRead, rows: number[][], harness: Vmstat['harness'], nums: number[]): void {
  let start = at.start;
  while (start < text.length) {
    let end = text.indexOf(10, start);
    if (end < 0) end = text.length;
    scanNumberBytes(text, start, end, nums);
    if (nums.length === 0 || !allCounts(nums, false)) break;
    if (at.afterFirst) {
      harness.samples += 1;
      harness.csSum += awkValue(nums[11]);
      harness.cpuSum += awkValue(nums[12]) + awkValue(nums[13]);
    }
    at.afterFirst = true;
    if (nums.length >= 16 && allCounts(nums, true)) rows.push(nums.slice());
    start = end + 1;
  }
  at.start = start;
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
  const at: RowsRead = { start: 0, afterFirst: false }; // afterFirst: awk NR>1 on the lines that survive `grep -v swpd`
  const nums = numberScratch();
  while (at.start < text.length) {
    readRows(text, at, rows, harness, nums);
    const start = at.start;
    if (start >= text.length) break;
    // A line with words (or none): a header, or a line the harness counts as a sample of zeros.
    let end = text.indexOf(10, start);
    if (end < 0) end = text.length;
    const line = text.toString('utf8', start, end);
    if (line.includes('swpd')) {
      columns = line.trim().split(/\s+/);
      headerLines++;
    } else {
      if (at.afterFirst) {
        scanNumberBytes(text, start, end, nums);
        harness.samples += 1;
        harness.csSum += awkValue(nums[11]);
        harness.cpuSum += awkValue(nums[12]) + awkValue(nums[13]);
      }
      at.afterFirst = true;
      if (line.trimStart().startsWith('procs')) headerLines++;
    }
    at.start = end + 1;
  }
  if (columns.length === 0 && rows.length > 0) columns = DEFAULT_COLUMNS.slice(0, rows[0]!.length);
  return { columns, rows, headerLines, harness };
}

/** Column index by name, or -1. */
export function vmstatColumn(v: Vmstat, name: string): number {
  return v.columns.indexOf(name);
}

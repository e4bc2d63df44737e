// How the comparison engine prints numbers: one function for relative values and one for absolute values, each
// read from the metric's descriptor (its digits), so a table, its CSV, a sentence of the prose and the compare
// view print a value alike. Relative values print as C printf does (`%.2f`: the mytools harness prints its
// tables with awk), and the verdict is then decided on that text (verdict.ts).
import { printfFixed } from '../lib/c-printf.ts';

/** How a metric's numbers print. */
export interface NumberFormat {
  /** Decimals of its relative values (value / base value): 2 in the posts' tables, 3 for HammerDB's NOPM. */
  relativeDigits: number;
  /** Decimals of its absolute values, printed as C printf; none: the general format (formatGeneral). */
  valueDigits?: number;
  /**
   * The harness divides the values as it printed them (the Insert Benchmark's sum_met.awk divides the integers of
   * its tables), so a relative value is computed from the printed values, not the exact ones.
   */
  relativeOfPrinted?: boolean;
  /**
   * sum_met.awk's texts where a ratio has no number: `NA` when one of the two values is missing (a run that did
   * not run the test, or failed it, stays empty), `1` when both are 0, `inf` when only the base is 0. Without it
   * those cells are empty.
   */
  awkTexts?: boolean;
}

/** A relative value as printed: C printf `%.<digits>f`. */
export function formatRelative(relative: number, digits: number): string {
  return printfFixed(relative, digits);
}

/**
 * The general format of an absolute value: integers from 100 on, two decimals from 1, three significant digits
 * below (what the site's tables have always printed for QPS, NOPM, CPU per query ...).
 */
export function formatGeneral(x: number | undefined): string {
  if (x === undefined) return '';
  const a = Math.abs(x);
  if (a >= 100) return Math.round(x).toString();
  if (a >= 1) return x.toFixed(2);
  if (a === 0) return '0';
  return x.toPrecision(3);
}

/** An absolute value as its metric prints it. */
export function formatValue(value: number | undefined, format: Pick<NumberFormat, 'valueDigits'>): string {
  if (value === undefined) return '';
  return format.valueDigits === undefined ? formatGeneral(value) : printfFixed(value, format.valueDigits);
}

/** A change of 0.01 in a relative value is one basis point (the posts' definition). */
function basisPoints(relative: number): number {
  return (relative - 1) * 100;
}

/** Basis points of a relative value as printed (`1.07` -> 7), so a summary never disagrees with its table. */
export function printedBasisPoints(text: string): number | undefined {
  const n = Number(text);
  if (text === '' || !Number.isFinite(n)) return undefined;
  // (1.07 - 1) * 100 is 7.000000000000006 in binary: rounded to the millionth, it is the 7 the table shows.
  return Math.round(basisPoints(n) * 1e6) / 1e6;
}

/** `+3`, `−12`, `0`: basis points as the posts print them (a minus sign, not a hyphen). */
export function formatBp(bp: number): string {
  const r = Math.round(bp);
  return r > 0 ? `+${r}` : r < 0 ? `\u2212${-r}` : '0';
}

/** A 95 % interval of a relative value, at three decimals (one more than the table): `0.951 to 1.012`. */
export function formatInterval(i: { low: number; high: number }): string {
  const f = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : x > 0 ? '∞' : '-∞');
  return `${f(i.low)} to ${f(i.high)}`;
}

// The relative tables of the mytools summaries (qps.rel, the relative block of o.met, sum.res .rel.csv) print
// other / base with awk's printf. The checks here recompute a printed cell from the absolute values and print
// it the same way, so "agrees" means equal to the printed precision. Pure.
import { printfFixed } from './numbers.ts';

/** Decimals of a printed number: `0.95` -> 2, `1` -> 0. */
export function decimalsOf(printed: string): number {
  const dot = printed.indexOf('.');
  return dot < 0 ? 0 : printed.length - dot - 1;
}

/**
 * other / base printed at the precision of `printed`, with the summaries' conventions for zeros (sum_met.sh):
 * `1` when both are 0, `inf` when only the base is.
 */
export function printedRatio(printed: string, other: number, base: number): string {
  if (base === 0) return other === 0 ? '1' : 'inf';
  return printfFixed(other / base, decimalsOf(printed));
}

/** Whether a printed relative cell equals other / base to its printed precision. */
export function ratioAgrees(printed: string, other: number, base: number): boolean {
  const p = printed.trim();
  if (base === 0) return other === 0 ? Number(p) === 1 : p === 'inf';
  return printedRatio(p, other, base) === p;
}

// Relative values of the Insert Benchmark tables: value / value of the first row (the base), with the
// special cases of the harness's sum_met.awk, so our tables and its rel.* files agree cell for cell.
import * as aq from 'arquero';
import { printfFixed } from './c-printf.ts';

export interface RelativeValue {
  /** value / base; undefined when it is not a number (NA or a zero base). */
  relative?: number;
  /** As sum_met.awk prints it: `NA` when either is missing, `1` when both are 0, `inf` when only the base is 0, else `%.2f`. */
  text: string;
}

export function relativeValue(value: number | undefined, base: number | undefined): RelativeValue {
  if (value === undefined || base === undefined) return { text: 'NA' };
  if (value === 0 && base === 0) return { relative: 1, text: '1' };
  if (base === 0) return { text: 'inf' };
  const relative = value / base;
  return { relative, text: printfFixed(relative, 2) };
}

export interface CellValue {
  run: string;
  step: string;
  value?: number;
}

/** Every cell relative to the base run's cell of the same step (arquero join on the step). */
export function relativeToBase(cells: CellValue[], baseRun: string): Array<CellValue & RelativeValue> {
  if (cells.length === 0) return [];
  const table = aq.from(cells.map((c) => ({ run: c.run, step: c.step, value: c.value ?? null })));
  const base = table
    .filter(aq.escape((d: { run: string }) => d.run === baseRun))
    .select('step', 'value')
    .rename({ value: 'base' });
  const joined = table.join_left(base, 'step').objects() as Array<{
    run: string;
    step: string;
    value: number | null;
    base: number | null;
  }>;
  return joined.map((d) => ({
    run: d.run,
    step: d.step,
    value: d.value ?? undefined,
    ...relativeValue(d.value ?? undefined, d.base ?? undefined),
  }));
}

// The colouring of the absolute throughput table of the mytools report (chart_all.sh): per column, the top
// and bottom quarter of the range between the smallest and the largest value. The largest ignores DBMSs that
// failed the step's insert-rate SLA; no bottom quarter when the smallest is at least 80 % of the largest.
import * as aq from 'arquero';
import { printfFixed } from '../../../src/lib/c-printf.ts';

export type Quartile = 'top' | 'bottom';

export interface QuartileInput {
  /** The value as the table prints it (chart_all.sh compares the printed integers). */
  value?: number;
  /** The DBMS missed the background insert rate of this (query) step. */
  slaFailed?: boolean;
}

/** Thresholds of one column: at or above `top` is the top quarter, at or below `bottom` the bottom one. */
function quartileBounds(column: QuartileInput[]): { top?: number; bottom?: number } {
  const rows = column.filter((c) => c.value !== undefined).map((c) => ({ value: c.value!, counts: !c.slaFailed }));
  if (rows.length === 0) return {};
  const stats = aq
    .from(rows)
    .rollup({ min: 'd => op.min(d.value)', max: 'd => op.max(d.counts ? d.value : 0)' })
    .object() as { min: number; max: number };
  // bc's `scale=0; (0.25 * gap)/1.0` truncates.
  const quarter = Math.trunc(0.25 * (stats.max - stats.min));
  const noBottom = Number(printfFixed(stats.min * 1000, 0)) >= Number(printfFixed(stats.max * 0.8 * 1000, 0));
  return { top: stats.max - quarter, bottom: noBottom ? undefined : stats.min + quarter };
}

/** The quartile of every cell of a column (undefined for the middle half and for missing values). */
export function columnQuartiles(column: QuartileInput[]): Array<Quartile | undefined> {
  const b = quartileBounds(column);
  return column.map((c) => {
    if (c.value === undefined) return undefined;
    if (b.bottom !== undefined && c.value <= b.bottom) return 'bottom';
    if (b.top !== undefined && c.value >= b.top) return 'top';
    return undefined;
  });
}

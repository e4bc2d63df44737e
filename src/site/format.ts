// Number formatting for pages: the comparison engine's (src/engine/format.ts), so every page prints a value alike.
import { formatGeneral } from '../engine/format.ts';

/** Absolute values: integers for rates above 100, otherwise up to 3 significant decimals. */
export const fmtValue = formatGeneral;

export function fmtDate(d: Date | string): string {
  return (typeof d === 'string' ? d : d.toISOString()).slice(0, 10);
}

/** `1 run`, `3 runs`. */
export const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

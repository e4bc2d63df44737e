// The unit of a scan rate in the mytools summaries, decided from the data. run.sh has printed it three ways
// (bench/sysbench.lua/run.sh history): the `scan` row of sb.r.qps, hence of qps.abs, as `%.3f` millions of rows
// per second from 2021-01 to 2025-03-13, then `%.0f` thousands; the `o/s` of sb.met, hence of o.met, as rows
// per second before 2024-07-24, thousands since. Nothing here assumes a date: the printing of a qps.abs row
// says its unit, and the power of 1000 between an o.met rate and the same rate in qps.abs says the o.met's. Pure.

export type ScanUnit = 'Mrows/s' | 'Krows/s' | 'rows/s';

/** Krows/s per unit. */
export const KROWS_PER: Record<ScanUnit, number> = { 'Mrows/s': 1000, 'Krows/s': 1, 'rows/s': 0.001 };

/** The harness printed 0 for a thread count above the number of tables (a scan it did not run). */
export const NOT_RUN = 'the harness prints 0 for a scan it did not run (more threads than tables)';

/**
 * The unit of a qps.abs scan row from how its cells are printed: every measured cell with three decimals is
 * `%.3f` Mrows/s; every cell a whole number is `%.0f` Krows/s; anything else cannot be decided from the row.
 */
export function qpsScanUnit(cells: string[]): ScanUnit | undefined {
  const measured = cells.filter((c) => c !== '0');
  if (measured.length && measured.every((c) => /^\d+\.\d{3}$/.test(c))) return 'Mrows/s';
  if (cells.length && cells.every((c) => /^\d+$/.test(c))) return 'Krows/s';
  return undefined;
}

/**
 * The unit of an o.met `o/s` of a scan, from the same scan's rate in qps.abs (`krows`, Krows/s, printed in
 * `qpsUnit`): the power of 1000 that makes them agree to the precision both were printed with. Undefined when
 * none does (not the same measurement).
 */
export function metScanUnit(os: number, krows: number, qpsUnit: ScanUnit): ScanUnit | undefined {
  return (['Krows/s', 'rows/s', 'Mrows/s'] as const).find((u) => sameRate(os * KROWS_PER[u], krows, u, qpsUnit));
}

/**
 * Two rates in Krows/s, each printed to a whole unit of its own (`%.0f` of rows/s or Krows/s, `%.3f` of
 * Mrows/s, which is a whole Krow), within their printing plus 1 %: run.sh computes both from one measurement.
 */
function sameRate(a: number, b: number, ua: ScanUnit, ub: ScanUnit): boolean {
  const printed = (u: ScanUnit) => 0.5 * (u === 'Mrows/s' ? 1 : KROWS_PER[u]);
  return Math.abs(a - b) <= printed(ua) + printed(ub) + 0.01 * Math.max(Math.abs(a), Math.abs(b));
}

/** A number times a power of 1000 without binary noise (0.000009 × 1000 is 0.009, not 0.009000000000000001). */
export function scaled(v: number, by: number): number {
  return Number((v * by).toPrecision(12));
}

// Number formatting for tables: what the posts print.

/** Relative values with two decimals, as in the posts' tables. */
export const fmtRelative = (x: number | undefined) => (x === undefined ? '' : x.toFixed(2));

/** Absolute values: integers for rates above 100, otherwise up to 3 significant decimals. */
export function fmtValue(x: number | undefined): string {
  if (x === undefined) return '';
  const a = Math.abs(x);
  if (a >= 100) return Math.round(x).toString();
  if (a >= 1) return x.toFixed(2);
  if (a === 0) return '0';
  return x.toPrecision(3);
}

export function fmtDate(d: Date | string): string {
  return (typeof d === 'string' ? d : d.toISOString()).slice(0, 10);
}

/** A 95 % interval of a relative value, at three decimals (one more than the table), `0.951 to 1.012`. */
export function fmtInterval(i: { low: number; high: number }): string {
  const f = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : x > 0 ? '∞' : '-∞');
  return `${f(i.low)} to ${f(i.high)}`;
}

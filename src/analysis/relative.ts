// Relative values against a named base: value(run) / value(base), per test. The base is always explicit.
// Arquero compiles expression functions from their source text, which a bundler may rewrite: closures are
// passed through aq.escape() and aggregate expressions as strings.
import * as aq from 'arquero';

export interface ValueRow {
  run: string;
  test: string;
  value: number;
}

export interface RelativeRow extends ValueRow {
  /** The base run's value for the same test. */
  baseValue: number;
  /** value / baseValue; undefined when the base value is 0. */
  relative?: number;
}

/** Every row of `rows` whose test the base also has, with its value relative to the base run's. */
export function relativeTo(rows: ValueRow[], baseRun: string): RelativeRow[] {
  if (rows.length === 0) return [];
  const table = aq.from(rows);
  const base = table
    .filter(aq.escape((d: ValueRow) => d.run === baseRun))
    .select('test', 'value')
    .rename({ value: 'baseValue' });
  return table
    .join(base, 'test')
    .derive({
      relative: aq.escape((d: { value: number; baseValue: number }) =>
        d.baseValue === 0 ? undefined : d.value / d.baseValue,
      ),
    })
    .objects() as RelativeRow[];
}

/** A change of 0.01 in relative value is one basis point (the posts' definition): (relative - 1) x 100. */
export function basisPoints(relative: number): number {
  return (relative - 1) * 100;
}

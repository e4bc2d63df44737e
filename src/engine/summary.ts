// Group summaries as the posts write them by hand ("the largest regression is an rQPS drop of 38 basis points
// for point-query; the median regression is 27 basis points"): one algorithm, over the printed values of one
// column and one group of a table, so a sentence never disagrees with the table above it and never pools read
// and write tests (a table's groups never mix them: descriptor.ts).
import type { Cell } from './cell.ts';
import type { Direction } from './verdict.ts';
import { printedBasisPoints } from './format.ts';
import type { Table } from './table.ts';

export interface Summary {
  /** The column's key. */
  column: string;
  group: string;
  /** Tests with a relative value in the group. */
  count: number;
  /** Median change over those tests, in basis points of the printed values. */
  medianBp?: number;
  regressions: number;
  improvements: number;
  largestRegression?: { test: string; bp: number };
  medianRegressionBp?: number;
  largestImprovement?: { test: string; bp: number };
  medianImprovementBp?: number;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/**
 * The summary of one column over some cells: every change that prints as at least one basis point counts as a
 * regression or an improvement (as the posts count them; the colours use the thresholds). For a metric where
 * lower is better (costs), a rise is the regression.
 */
export function summarizeCells(
  column: string,
  group: string,
  cells: Array<{ test: string; cell: Pick<Cell, 'text'> }>,
  direction: Direction = 'higher',
): Summary {
  const known = cells.flatMap(({ test, cell }) => {
    const bp = printedBasisPoints(cell.text);
    return bp === undefined ? [] : [{ test, bp }];
  });
  const worse = (bp: number) => (direction === 'higher' ? Math.round(bp) < 0 : Math.round(bp) > 0);
  const better = (bp: number) => (direction === 'higher' ? Math.round(bp) > 0 : Math.round(bp) < 0);
  const down = known.filter((c) => worse(c.bp));
  const up = known.filter((c) => better(c.bp));
  const largest = (xs: typeof known) => xs.reduce((a, b) => (Math.abs(b.bp) > Math.abs(a.bp) ? b : a));
  return {
    column,
    group,
    count: known.length,
    ...(known.length && { medianBp: median(known.map((c) => c.bp)) }),
    regressions: down.length,
    improvements: up.length,
    ...(down.length && { largestRegression: largest(down), medianRegressionBp: median(down.map((c) => c.bp)) }),
    ...(up.length && { largestImprovement: largest(up), medianImprovementBp: median(up.map((c) => c.bp)) }),
  };
}

/** One summary per compared column and group of a table (the base left out), in column then group order. */
export function summarizeTable(table: Table, direction: Direction = 'higher'): Summary[] {
  return table.columns.flatMap((c, j) =>
    c.isBase
      ? []
      : table.groups.map((g) =>
          summarizeCells(
            c.key,
            g.id,
            g.rows.map((key) => ({ test: key, cell: table.rows.find((r) => r.key === key)!.cells[j]! })),
            direction,
          ),
        ),
  );
}

const bpText = (bp: number) => {
  const n = Math.round(Math.abs(bp));
  return `${n} basis point${n === 1 ? '' : 's'}`;
};

/**
 * A summary in the posts' words: "the largest regression is an rQPS drop of 38 basis points for point-query;
 * the median regression is 27 basis points", then the same for improvements. `name` is what the benchmark
 * calls its relative values (descriptor.relativeName); `label` names a test (a HammerDB point's `vu=1, wh=100`).
 */
export function summaryText(s: Summary, name: string, label: (test: string) => string = (t) => t): string {
  // By sound: "an rQPS drop" (ar-QPS), "a relative ...".
  const article = /^([aeiou]|r[A-Z])/.test(name) ? 'an' : 'a';
  const parts: string[] = [];
  if (s.largestRegression) {
    parts.push(
      `the largest regression is ${article} ${name} drop of ${bpText(s.largestRegression.bp)} for ${label(s.largestRegression.test)}`,
    );
    if (s.regressions > 1) parts.push(`the median regression is ${bpText(s.medianRegressionBp!)}`);
  }
  if (s.largestImprovement) {
    parts.push(
      `the largest improvement is ${article} ${name} gain of ${bpText(s.largestImprovement.bp)} for ${label(s.largestImprovement.test)}`,
    );
    if (s.improvements > 1) parts.push(`the median improvement is ${bpText(s.medianImprovementBp!)}`);
  }
  if (!parts.length) return s.count ? `no change in ${name} on ${s.count} test${s.count === 1 ? '' : 's'}` : '';
  return parts.join('; ');
}

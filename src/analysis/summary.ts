// Per-group summaries of relative values in basis points, as the posts write them by hand:
// median, largest and smallest change, naming the tests.
import * as aq from 'arquero';
import { basisPoints, type RelativeRow } from './relative.ts';

export interface ChangeSummary {
  run: string;
  /** Tests summarised. */
  count: number;
  /** Median change in basis points. */
  medianBp: number;
  largest: { test: string; bp: number };
  smallest: { test: string; bp: number };
}

/** One summary per compared run (the base excluded) over the rows given. */
export function summarizeChanges(rows: RelativeRow[], baseRun: string): ChangeSummary[] {
  const compared = rows.filter((r) => r.run !== baseRun && r.relative !== undefined);
  if (compared.length === 0) return [];
  const medians = aq
    .from(compared.map((r) => ({ run: r.run, bp: basisPoints(r.relative!) })))
    .groupby('run')
    .rollup({ medianBp: 'd => op.median(d.bp)', count: 'd => op.count()' })
    .objects() as Array<{ run: string; medianBp: number; count: number }>;
  const runOrder = [...new Set(compared.map((r) => r.run))];
  return runOrder.map((run) => {
    const mine = compared.filter((r) => r.run === run);
    const largest = mine.reduce((a, b) => (b.relative! > a.relative! ? b : a));
    const smallest = mine.reduce((a, b) => (b.relative! < a.relative! ? b : a));
    const m = medians.find((x) => x.run === run)!;
    return {
      run,
      count: m.count,
      medianBp: m.medianBp,
      largest: { test: largest.test, bp: basisPoints(largest.relative!) },
      smallest: { test: smallest.test, bp: basisPoints(smallest.relative!) },
    };
  });
}

/** `+3`, `-12`, `0`: basis points as the posts print them. */
export function formatBp(bp: number): string {
  const r = Math.round(bp);
  return r > 0 ? `+${r}` : r < 0 ? `\u2212${-r}` : '0';
}

// The columns and extra charts of a run page, per benchmark: each benchmark's vocabulary gives them
// (benchmarks/<name>/vocabulary.ts), this is the page's view of them by benchmark name.
import { BENCHMARKS } from '../../benchmarks/index.ts';
import type { KeyMetric, SeriesChart } from '../../benchmarks/shapes.ts';

export type { KeyMetric, SeriesChart };

export const KEY_METRICS: Record<string, KeyMetric[]> = Object.fromEntries(
  BENCHMARKS.map((b) => [b.name, b.vocabulary.runPage.keyMetrics]),
);

/** Extra per-interval charts of a run page, per benchmark; tests whose values are all 0 get no panel. */
export const SERIES_CHARTS: Record<string, SeriesChart[]> = Object.fromEntries(
  BENCHMARKS.flatMap((b) => {
    const charts = (b.vocabulary.runPage as { seriesCharts?: SeriesChart[] }).seriesCharts;
    return charts ? [[b.name, charts]] : [];
  }),
);

// The columns and extra charts of a run page, per benchmark: each benchmark's vocabulary gives them
// (src/benchmarks/), this is the page's view of them by benchmark name.
import { VOCABULARIES } from '../benchmarks/index.ts';
import type { KeyMetric, SeriesChart } from '../benchmarks/shapes.ts';

export type { KeyMetric, SeriesChart };

export const KEY_METRICS: Record<string, KeyMetric[]> = Object.fromEntries(
  Object.entries(VOCABULARIES).map(([name, v]) => [name, v.runPage.keyMetrics]),
);

/** Extra per-interval charts of a run page, per benchmark; tests whose values are all 0 get no panel. */
export const SERIES_CHARTS: Record<string, SeriesChart[]> = Object.fromEntries(
  Object.entries(VOCABULARIES).flatMap(([name, v]) => (v.runPage.seriesCharts ? [[name, v.runPage.seriesCharts]] : [])),
);

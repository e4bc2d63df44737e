// One panel per test of a per-interval series column (e.g. QPS, or CPU busy %), over seconds from the start.
import type { TopLevelSpec } from 'vega-lite';

export interface SeriesPoint {
  test: string;
  t: number;
  value: number;
}

export function seriesSmallMultiplesSpec(
  points: SeriesPoint[],
  opts: { title: string; yTitle: string; tests: string[] },
): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: opts.title, anchor: 'start' },
    data: { values: points },
    facet: { field: 'test', type: 'nominal', sort: opts.tests, title: null, header: { labelFontSize: 11 } },
    columns: 4,
    spec: {
      width: 150,
      height: 70,
      mark: { type: 'line', strokeWidth: 1.2 },
      encoding: {
        x: { field: 't', type: 'quantitative', title: 'seconds' },
        y: { field: 'value', type: 'quantitative', title: opts.yTitle, scale: { zero: true } },
      },
    },
    resolve: { scale: { y: 'independent' } },
    config: { font: 'system-ui, sans-serif', axis: { labelFontSize: 9, titleFontSize: 9 } },
  };
}

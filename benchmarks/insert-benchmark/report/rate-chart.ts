// The per-second op rate of each step (inserts/s for load and write steps, queries/s for query steps), one
// panel per step with one line per DBMS: the "insert or query rate over time" of the Insert Benchmark reports.
import type { TopLevelSpec } from 'vega-lite';
import { seriesColourConfig } from '../../../src/charts/series-colours.ts';
import type { ChartPoint } from './model.ts';

export function ibenchRatePerSecondSpec(
  points: ChartPoint[],
  opts: { steps: Array<{ name: string; title: string }>; runs: string[] },
): TopLevelSpec {
  const title = new Map(opts.steps.map((s) => [s.name, s.title]));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    data: { values: points.map((p) => ({ ...p, panel: title.get(p.step) ?? p.step })) },
    facet: {
      field: 'panel',
      type: 'nominal',
      sort: opts.steps.map((s) => s.title),
      title: null,
      header: { labelFontSize: 11, labelAnchor: 'start' },
    },
    columns: 4,
    spec: {
      width: 150,
      height: 80,
      mark: { type: 'line', strokeWidth: 1.2 },
      encoding: {
        x: { field: 't', type: 'quantitative', title: 'seconds', axis: { tickCount: 4 } },
        y: {
          field: 'value',
          type: 'quantitative',
          title: 'per second',
          scale: { zero: true },
          axis: { format: '~s', tickCount: 3 },
        },
        color: { field: 'run', type: 'nominal', sort: opts.runs, title: null, legend: { orient: 'top' } },
      },
    },
    resolve: { scale: { y: 'independent' } },
    // No grid lines and few ticks: the SVG of 8 panels stays small enough to inline.
    config: {
      ...seriesColourConfig,
      font: 'system-ui, sans-serif',
      aria: false,
      axis: { labelFontSize: 9, titleFontSize: 9, grid: false },
      view: { stroke: '#ddd' },
    },
  };
}

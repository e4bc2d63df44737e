// Bar chart of relative values per test, one bar per compared run, with the base at 1.0 marked.
import type { TopLevelSpec } from 'vega-lite';
import { seriesColourConfig } from './series-colours.ts';

export interface RelativeBar {
  test: string;
  run: string;
  relative: number;
}

export function relativeBarsSpec(
  bars: RelativeBar[],
  opts: {
    title: string;
    baseLabel: string;
    thresholds: { regression: number; improvement: number };
    valueTitle?: string;
    /** Start of the value axis (default 0); bars below it are cut at the axis. */
    axisMin?: number;
    /** End of the value axis (default: the largest value, rounded up to a tenth). */
    axisMax?: number;
  },
): TopLevelSpec {
  const tests = [...new Set(bars.map((b) => b.test))];
  const runs = [...new Set(bars.map((b) => b.run))];
  const max = opts.axisMax ?? Math.ceil(Math.max(1.1, ...bars.map((b) => b.relative)) * 10) / 10;
  const min = opts.axisMin ?? 0;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: opts.title, subtitle: `relative to ${opts.baseLabel} (1.0 = same as the base)`, anchor: 'start' },
    width: 520,
    height: { step: Math.max(10, 22 / runs.length) },
    data: { values: bars },
    layer: [
      {
        mark: { type: 'bar', clip: true },
        encoding: {
          y: { field: 'test', type: 'nominal', sort: tests, title: null },
          yOffset: { field: 'run', type: 'nominal', sort: runs },
          x: {
            field: 'relative',
            type: 'quantitative',
            title: opts.valueTitle ?? 'relative QPS',
            scale: { domain: [min, max], zero: min === 0 },
          },
          color: { field: 'run', type: 'nominal', sort: runs, title: null, legend: { orient: 'bottom' } },
        },
      },
      {
        data: { values: [{ x: 1 }] },
        mark: { type: 'rule', color: '#333', strokeDash: [4, 3] },
        encoding: { x: { field: 'x', type: 'quantitative' } },
      },
    ],
    config: {
      ...seriesColourConfig,
      font: 'system-ui, sans-serif',
      view: { stroke: null },
      axis: { labelLimit: 220 },
    },
  };
}

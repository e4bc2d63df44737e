// Bar chart of relative values per test, one bar per compared run, with the base at 1.0 marked.
import type { TopLevelSpec } from 'vega-lite';

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
  },
): TopLevelSpec {
  const tests = [...new Set(bars.map((b) => b.test))];
  const runs = [...new Set(bars.map((b) => b.run))];
  const max = Math.max(1.1, ...bars.map((b) => b.relative));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: opts.title, subtitle: `relative to ${opts.baseLabel} (1.0 = same as the base)`, anchor: 'start' },
    width: 520,
    height: { step: Math.max(10, 22 / runs.length) },
    data: { values: bars },
    layer: [
      {
        mark: { type: 'bar' },
        encoding: {
          y: { field: 'test', type: 'nominal', sort: tests, title: null },
          yOffset: { field: 'run', type: 'nominal', sort: runs },
          x: {
            field: 'relative',
            type: 'quantitative',
            title: opts.valueTitle ?? 'relative QPS',
            scale: { domain: [0, Math.ceil(max * 10) / 10] },
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
    config: { font: 'system-ui, sans-serif', view: { stroke: null }, axis: { labelLimit: 220 } },
  };
}

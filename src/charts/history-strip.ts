// Relative value per version: one dot per test, a line through the median, so a regression across
// many tests stands out without 40 lines.
import type { TopLevelSpec } from 'vega-lite';
import { seriesColourConfig } from './series-colours.ts';

export function historyStripSpec(
  points: Array<{ version: string; test: string; relative: number }>,
  opts: { versions: string[]; baseLabel: string },
): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: `Relative to ${opts.baseLabel}, by version`,
      subtitle: 'one dot per test; the line is the median',
      anchor: 'start',
    },
    width: 420,
    height: 200,
    data: { values: points },
    layer: [
      {
        mark: { type: 'point', opacity: 0.5, size: 20 },
        encoding: {
          x: { field: 'version', type: 'ordinal', sort: opts.versions, title: 'version' },
          y: { field: 'relative', type: 'quantitative', title: 'relative', scale: { zero: false } },
        },
      },
      {
        mark: { type: 'line', point: true, color: '#333' },
        encoding: {
          x: { field: 'version', type: 'ordinal', sort: opts.versions },
          y: { aggregate: 'median', field: 'relative', type: 'quantitative' },
        },
      },
      {
        data: { values: [{ y: 1 }] },
        mark: { type: 'rule', strokeDash: [4, 3], color: '#888' },
        encoding: { y: { field: 'y', type: 'quantitative' } },
      },
    ],
    config: {
      ...seriesColourConfig,
      font: 'system-ui, sans-serif',
      view: { stroke: null },
    },
  };
}

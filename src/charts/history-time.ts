// Every run of a ladder on a time axis: each test relative to the ladder's first run, one dot per test, a line
// through the median of each run, and the host's annotations as dated rules. Repeats of one version show as
// dots at their own dates, so their spread is visible.
import type { TopLevelSpec } from 'vega-lite';
import { seriesColourConfig } from './series-colours.ts';

export function historyTimeSpec(
  points: Array<{ date: string; version: string; test: string; relative: number }>,
  annotations: Array<{ date: string; text: string }>,
  opts: { baseLabel: string },
): TopLevelSpec {
  const layers: NonNullable<Extract<TopLevelSpec, { layer: unknown }>['layer']> = [
    {
      mark: { type: 'point', opacity: 0.5, size: 20 },
      encoding: {
        x: { field: 'date', type: 'temporal', title: 'date of the run' },
        y: { field: 'relative', type: 'quantitative', title: 'relative', scale: { zero: false } },
        color: { field: 'version', type: 'nominal', title: 'version' },
      },
    },
    {
      mark: { type: 'line', point: true, color: '#333' },
      encoding: {
        x: { field: 'date', type: 'temporal' },
        y: { aggregate: 'median', field: 'relative', type: 'quantitative' },
      },
    },
    {
      data: { values: [{ y: 1 }] },
      mark: { type: 'rule', strokeDash: [4, 3], color: '#888' },
      encoding: { y: { field: 'y', type: 'quantitative' } },
    },
  ];
  if (annotations.length) {
    const values = annotations.map((a, i) => ({ date: a.date, n: `${i + 1}` }));
    layers.push(
      {
        data: { values },
        mark: { type: 'rule', color: '#b35900', strokeWidth: 1.5 },
        encoding: { x: { field: 'date', type: 'temporal' } },
      },
      {
        data: { values },
        mark: { type: 'text', color: '#b35900', dy: -6, align: 'left', dx: 3, baseline: 'bottom', fontWeight: 'bold' },
        encoding: { x: { field: 'date', type: 'temporal' }, y: { value: 0 }, text: { field: 'n' } },
      },
    );
  }
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: `Relative to ${opts.baseLabel}, by date of the run`,
      subtitle: annotations.length
        ? 'one dot per test and run; the line is the median; numbered rules are the annotations below'
        : 'one dot per test and run; the line is the median',
      anchor: 'start',
    },
    width: 420,
    height: 200,
    data: { values: points },
    layer: layers,
    config: {
      ...seriesColourConfig,
      font: 'system-ui, sans-serif',
      view: { stroke: null },
    },
  } as TopLevelSpec;
}

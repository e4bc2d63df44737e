// The colours of a chart's series (runs, versions), in order. None has the hue of a verdict colour of the tables
// (site.css: red, green, yellow, blue and orange mark regressions and improvements), so a series never reads as
// a verdict; they are told apart by hue and lightness. tests/unit/src/charts/series-colours.test.ts checks both.
export const SERIES_COLOURS = [
  '#6a3d9a', // purple
  '#178a78', // teal
  '#c2378f', // magenta
  '#4a5259', // slate
  '#9b7fd1', // lavender
  '#1f1f1f', // near black
  '#5fb8a8', // light teal
  '#8e5a86', // mauve
] as const;

/** The vega-lite config that gives a chart's colour scale these colours (and single marks the first). */
export const seriesColourConfig = { range: { category: [...SERIES_COLOURS] }, mark: { color: SERIES_COLOURS[0] } };

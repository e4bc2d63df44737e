// The time-series charts of a run page, from its series: its benchmark's (its vocabulary's runPage.seriesCharts:
// sysbench's QPS, HammerDB's tpm, ...), then CPU busy (vmstat), one small panel per test. Pure: the build draws them from the
// checked series.json of each run page it renders (src/site/run-charts.ts), on its worker threads; the page
// cache keeps them until series.json or this code changes.
import type { Run, SeriesFile } from '../schemas/index.ts';
import { SERIES_CHARTS } from '../analysis/key-metrics.ts';
import { downsample } from '../analysis/downsample.ts';
import { sparklinesSvg, type SparkPanel } from './sparklines.ts';

type Getter = (names: string[]) => (row: Array<number | null>) => number | null;

function panels(run: Run, series: SeriesFile, name: string, column: string | Getter): SparkPanel[] {
  const out: SparkPanel[] = [];
  for (const t of run.tests) {
    const s = series.tests[t.name]?.find((x) => x.name === name);
    if (!s) continue;
    const names = s.columns.map((c) => c.name);
    const at = typeof column === 'string' ? names.indexOf(column) : -1;
    const get = typeof column === 'string' ? (r: Array<number | null>) => r[at] ?? null : column(names);
    const step = s.intervalSeconds ?? 1;
    const rows = downsample(s.rows, 120);
    const factor = s.rows.length / rows.length;
    // A series with its own time column (seconds from its start) is placed by it.
    const tColumn = s.columns.findIndex((c) => c.name === 't' && c.unit === 's');
    const points: Array<[number, number]> = [];
    rows.forEach((r, i) => {
      const v = get(r);
      const at = tColumn >= 0 ? r[tColumn] : undefined;
      if (v !== null && v !== undefined) points.push([Math.round(at ?? i * factor * step), v]);
    });
    if (points.length) out.push({ title: t.name, points });
  }
  return out;
}

/** The charts as HTML: one <figure> per chart. Empty when the run has no series. */
export function runChartsHtml(run: Run, series: SeriesFile): string {
  const figures: string[] = [];
  const chart = (p: SparkPanel[], title: string, unit: string) => {
    if (p.length) figures.push(`<figure class="chart">${sparklinesSvg(p, { title, unit })}</figure>`);
  };
  // A test whose values are all 0 (e.g. no deletes in a step) gets no panel; a row without a value has no point.
  for (const c of SERIES_CHARTS[run.benchmark] ?? []) {
    const scale = c.scale ?? 1;
    chart(
      // Each column's index found once per series, not once per row.
      panels(run, series, c.series, (names) => {
        const at = names.indexOf(c.column);
        return (r) => {
          const v = r[at];
          return v === null || v === undefined ? null : v * scale;
        };
      }).filter((p) => p.points.some(([, v]) => v !== 0)),
      c.title,
      c.yTitle,
    );
  }
  chart(
    panels(run, series, 'vmstat', (names) => {
      const us = names.indexOf('us');
      const sy = names.indexOf('sy');
      return (r) => (r[us] ?? 0) + (r[sy] ?? 0);
    }),
    'CPU busy over time (vmstat us+sy)',
    '%',
  );
  return figures.join('\n');
}

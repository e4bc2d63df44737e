// Every run of a ladder on a time axis: each test relative to the ladder's first run, one dot per test, a line
// through the median of each run, and the host's annotations as dated rules. Repeats of one version show as
// dots at their own dates, so their spread is visible. Runs of one date (a post's runs all carry its date) are
// set side by side around it, a few pixels apart in the ladder's order, so they never fall on one line.
import type { TopLevelSpec } from 'vega-lite';
import { seriesColourConfig } from './series-colours.ts';

const WIDTH = 420;
/** Pixels between runs of one date, at most. */
const STEP = 12;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * Each run's offset in pixels from its date on the axis: runs of one date `STEP` apart around it in the order
 * given, closer when the dates' span (annotations included) leaves less room between two dates.
 */
export function spreadOffsets(
  runs: Array<{ run: string; date: string }>,
  otherDates: string[] = [],
): Map<string, number> {
  const byDate = new Map<string, string[]>();
  for (const r of runs) {
    const list = byDate.get(r.date) ?? [];
    if (!list.includes(r.run)) list.push(r.run);
    byDate.set(r.date, list);
  }
  const days = [...new Set([...byDate.keys(), ...otherDates])].map(dayOf).sort((a, b) => a - b);
  const span = days.at(-1)! - days[0]!;
  const most = Math.max(...[...byDate.values()].map((l) => l.length));
  // The narrowest gap between two dates, in pixels of a chart WIDTH wide.
  const gap = Math.min(...days.slice(1).map((d, i) => ((d - days[i]!) / span) * WIDTH));
  const step = Math.min(STEP, (WIDTH * 0.9) / most, (0.8 * gap) / most);
  const at = new Map<string, number>();
  for (const list of byDate.values()) list.forEach((run, k) => at.set(run, (k - (list.length - 1) / 2) * step));
  return at;
}

export interface TimePoint {
  run: string;
  date: string;
  /** What the dot's colour stands for: the run's version (and config where a ladder has several). */
  series: string;
  test: string;
  relative: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export function historyTimeSpec(
  points: TimePoint[],
  annotations: Array<{ date: string; text: string }>,
  opts: { baseLabel: string; series?: string[] },
): TopLevelSpec {
  const off = spreadOffsets(
    points,
    annotations.map((a) => a.date),
  );
  const runs = [...new Set(points.map((p) => p.run))];
  const values = points.map((p) => ({
    date: p.date,
    series: p.series,
    test: p.test,
    relative: p.relative,
    off: off.get(p.run)!,
  }));
  // The median of each run, in the order of the time axis (then of the ladder, as the offsets are).
  const medians = runs
    .map((run) => {
      const mine = points.filter((p) => p.run === run);
      return { date: mine[0]!.date, off: off.get(run)!, relative: median(mine.map((p) => p.relative)) };
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.off - b.off)
    .map((m, seq) => ({ ...m, seq }));
  const spread = Math.max(0, ...[...off.values()].map(Math.abs));
  const dates = [...new Set(points.map((p) => p.date))].sort();
  const x = {
    field: 'date',
    type: 'temporal',
    title: 'date of the run',
    // Dates are days (UTC), whatever the time zone of the build; room for the runs set beside the first and last.
    scale: { type: 'utc', padding: Math.ceil(spread) + 8 },
    // A label at each date of a run when there are few, else vega's own ticks; always as dates.
    axis: {
      labelExpr: "utcFormat(datum.value, '%Y-%m-%d')",
      labelOverlap: true,
      ...(dates.length <= 6 && { values: dates.map((d) => Date.parse(`${d}T00:00:00Z`)) }),
    },
  } as const;
  const shifted = { xOffset: { expr: 'datum.off' } };
  const layers: NonNullable<Extract<TopLevelSpec, { layer: unknown }>['layer']> = [
    {
      mark: { type: 'point', opacity: 0.5, size: 20, ...shifted },
      encoding: {
        x,
        y: { field: 'relative', type: 'quantitative', title: 'relative', scale: { zero: false } },
        color: { field: 'series', type: 'nominal', title: 'version', ...(opts.series && { sort: opts.series }) },
      },
    },
    {
      data: { values: medians },
      mark: { type: 'line', color: '#333', point: { color: '#333', ...shifted }, ...shifted },
      encoding: {
        x: { field: 'date', type: 'temporal' },
        y: { field: 'relative', type: 'quantitative' },
        order: { field: 'seq', type: 'quantitative' },
      },
    },
    {
      data: { values: [{ y: 1 }] },
      mark: { type: 'rule', strokeDash: [4, 3], color: '#888' },
      encoding: { y: { field: 'y', type: 'quantitative' } },
    },
  ];
  if (annotations.length) {
    const rules = annotations.map((a, i) => ({ date: a.date, n: `${i + 1}` }));
    layers.push(
      {
        data: { values: rules },
        mark: { type: 'rule', color: '#b35900', strokeWidth: 1.5 },
        encoding: { x: { field: 'date', type: 'temporal' } },
      },
      {
        data: { values: rules },
        mark: { type: 'text', color: '#b35900', dy: -6, align: 'left', dx: 3, baseline: 'bottom', fontWeight: 'bold' },
        encoding: { x: { field: 'date', type: 'temporal' }, y: { value: 0 }, text: { field: 'n' } },
      },
    );
  }
  const sideBySide = runs.length > dates.length;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: `Relative to ${opts.baseLabel}, by date of the run`,
      subtitle: [
        'one dot per test and run; the line is the median of each run',
        sideBySide && 'runs of one date are set side by side around it',
        annotations.length && 'numbered rules are the annotations below',
      ]
        .filter(Boolean)
        .join('; '),
      anchor: 'start',
    },
    width: WIDTH,
    height: 200,
    data: { values },
    layer: layers,
    config: {
      ...seriesColourConfig,
      font: 'system-ui, sans-serif',
      view: { stroke: null },
    },
  } as TopLevelSpec;
}

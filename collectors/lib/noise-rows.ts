// The noise of each run's primary throughput figure, exported beside it: `<metric>_ci95_low`, `<metric>_ci95_high`
// and `<metric>_ci95_batches` (src/engine/noise.ts says how they are computed). Added by the run writer to
// every run that has the interval series, whatever wrote it (harvest, import, run).
import type { ResultRow, Run, Series, SeriesFile } from '../../src/schemas/index.ts';
import { batchMeansInterval, centredOn, noiseMetricNames } from '../../src/engine/noise.ts';
import { vocabularyOf } from '../../benchmarks/index.ts';
import type { NoiseSource } from '../../benchmarks/shapes.ts';

/** One column of the series named `name`. */
function column(series: Series[], name: string, col: string): (number | null)[] | undefined {
  const s = series.find((x) => x.name === name);
  const j = s?.columns.findIndex((c) => c.name === col) ?? -1;
  return s && j >= 0 ? s.rows.map((r) => r[j] ?? null) : undefined;
}

/**
 * The column summed over every client's series (`<series><N>`), second by second, while every client still
 * reports (the Insert Benchmark's clients each print their own interval lines).
 */
function perClientSum(series: Series[], name: string, col: string): number[] | undefined {
  const clients = series.filter((s) => s.name.startsWith(name) && /^\d+$/.test(s.name.slice(name.length)));
  const cols = clients.map((s) => column([s], s.name, col));
  if (!cols.length || cols.some((c) => !c)) return undefined;
  const n = Math.min(...cols.map((c) => c!.length));
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    let sum = 0;
    for (const c of cols) {
      const v = c![i];
      if (typeof v !== 'number') return out;
      sum += v;
    }
    out.push(sum);
  }
  return out;
}

/** The per-interval values of a figure, as its benchmark's vocabulary says where they are. */
function valuesOf(src: NoiseSource, series: Series[]): (number | null)[] | undefined {
  const xs = src.perClient ? perClientSum(series, src.series, src.column) : column(series, src.series, src.column);
  if (!xs || !src.onlyWhere) return xs;
  const keep = column(series, src.series, src.onlyWhere);
  return keep ? xs.filter((_, i) => keep[i] === 1) : undefined;
}

/**
 * Interval rows for every test of `run` that has the figure and its series. The interval is centred on the
 * run's own figure (total over elapsed time, the same mean the series estimates); its width is the series'.
 * For an insert-benchmark query step, `inserts_per_s` is the background rate and gets its interval too.
 */
export function noiseRows(run: Run, series: SeriesFile): ResultRow[] {
  const rows: ResultRow[] = [];
  const value = new Map(run.results.map((r) => [`${r.test}\u0000${r.metric}`, r]));
  for (const [test, list] of Object.entries(series.tests)) {
    for (const src of vocabularyOf(run.workload).noise ?? []) {
      const figure = value.get(`${test}\u0000${src.metric}`);
      if (!figure) continue;
      const names = noiseMetricNames(src.metric);
      if (value.has(`${test}\u0000${names.low}`)) continue;
      let xs = valuesOf(src, list);
      if (!xs) continue;
      let scale = 1;
      if (src.scaledFrom) {
        const counted = value.get(`${test}\u0000${src.scaledFrom}`)?.value;
        if (!counted) continue;
        scale = figure.value / counted;
      }
      if (scale !== 1) xs = xs.map((x) => (x === null ? null : x * scale));
      const ci = batchMeansInterval(xs);
      if (!ci) continue;
      const at = centredOn(figure.value, ci);
      rows.push(
        { test, metric: names.low, value: at.low, unit: figure.unit },
        { test, metric: names.high, value: at.high, unit: figure.unit },
        { test, metric: names.batches, value: ci.batches, unit: 'batches' },
      );
    }
  }
  return rows;
}

/** The run with its interval rows added after each figure's own rows (a run that has them is returned as is). */
export function withNoiseRows(run: Run, series: SeriesFile): Run {
  const extra = noiseRows(run, series);
  if (!extra.length) return run;
  return { ...run, results: [...run.results, ...extra] };
}

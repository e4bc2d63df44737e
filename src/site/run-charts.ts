// A run page's charts, drawn from its series.json when the page is rendered: the series are checked as
// `benchsite validate` checks them (the series schema, and against the run's tests) and drawn by
// src/charts/run-charts.ts, so nothing but numbers and names from a checked file reaches the page, and every
// name is escaped there. A run without series has no charts.
import type { Run } from '../schemas/index.ts';
import type { Problem } from '../runs/problems.ts';
import { checkSeries } from '../runs/validate-run-folder.ts';
import { runChartsHtml } from '../charts/run-charts.ts';

/** The charts' HTML ('' without series), or the problems of series.json. `bytes`: the file, when read already. */
export async function runCharts(
  runDir: string,
  run: Run,
  bytes?: Buffer,
): Promise<{ html: string; problems: Problem[] }> {
  const { series, problems } = await checkSeries(runDir, run, bytes);
  return { html: series ? runChartsHtml(run, series) : '', problems };
}

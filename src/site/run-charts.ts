// A run page's charts: charts.html as harvest drew it when it is current (same chart version, same
// series.json bytes), else drawn now from series.json. Reading the small file instead of parsing the series
// is what keeps run pages cheap at thousands of runs.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Run, SeriesFile } from '../schemas/index.ts';
import { chartsStamp, runChartsHtml } from '../charts/run-charts.ts';

export async function runCharts(runsDir: string, id: string, run: Run): Promise<string> {
  let seriesBytes: Buffer;
  try {
    seriesBytes = await readFile(join(runsDir, id, 'series.json'));
  } catch {
    return ''; // no series
  }
  const stamp = chartsStamp(seriesBytes);
  try {
    const html = await readFile(join(runsDir, id, 'charts.html'), 'utf8');
    if (html.startsWith(stamp)) return html.slice(stamp.length);
  } catch {
    // not drawn at harvest (an older harvest): draw now
  }
  return runChartsHtml(run, JSON.parse(seriesBytes.toString('utf8')) as SeriesFile);
}

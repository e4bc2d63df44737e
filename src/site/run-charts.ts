// A run page's charts: charts.html as harvest drew it when it is current (same chart version, same
// series.json size), else drawn now from series.json. Reading the small file instead of parsing the series
// is what keeps run pages cheap at thousands of runs.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Run, SeriesFile } from '../schemas/index.ts';
import { chartsStamp, runChartsHtml } from '../charts/run-charts.ts';

export async function runCharts(runsDir: string, id: string, run: Run): Promise<string> {
  let size: number;
  try {
    size = (await stat(join(runsDir, id, 'series.json'))).size;
  } catch {
    return ''; // no series
  }
  const stamp = chartsStamp(size);
  try {
    const html = await readFile(join(runsDir, id, 'charts.html'), 'utf8');
    if (html.startsWith(stamp)) return html.slice(stamp.length);
  } catch {
    // not drawn at harvest (an older harvest): draw now
  }
  return runChartsHtml(run, JSON.parse(await readFile(join(runsDir, id, 'series.json'), 'utf8')) as SeriesFile);
}

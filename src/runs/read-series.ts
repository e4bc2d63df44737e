// series.json beside a run.json, for the charts of a run page.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { SeriesFile } from '../schemas/index.ts';
import { parseSeriesFile } from './parse-series-file.ts';

export async function readSeries(runsRoot: string, id: string): Promise<SeriesFile | undefined> {
  try {
    const text = await readFile(join(resolve(runsRoot), id, 'series.json'), 'utf8');
    const parsed = parseSeriesFile(JSON.parse(text));
    if (!parsed.success) throw parsed.error;
    return parsed.data;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`content/runs/${id}/series.json: ${(e as Error).message}. Run \`npx benchsite validate\`.`);
  }
}

// series.json beside a run.json, for the charts of a run page.
import { join, resolve } from 'node:path';
import type { SeriesFile } from '../schemas/index.ts';
import { parseSeriesFile } from './parse-series-file.ts';
import { readContentFile } from './validate-files.ts';

export async function readSeries(runsRoot: string, id: string): Promise<SeriesFile | undefined> {
  const read = await readContentFile(join(resolve(runsRoot), id, 'series.json'));
  if ('missing' in read) return undefined;
  try {
    if ('problem' in read) throw new Error(read.problem.message);
    const parsed = parseSeriesFile(JSON.parse(read.bytes.toString('utf8')));
    if (!parsed.success) throw parsed.error;
    return parsed.data;
  } catch (e) {
    throw new Error(`content/runs/${id}/series.json: ${(e as Error).message}. Run \`npx benchsite validate\`.`, {
      cause: e,
    });
  }
}

// Reading runs from a content directory: for the CLI (validate, export) and the site's content loader.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Run } from '../schemas/index.ts';
import { problem, type Problem } from './problems.ts';
import { validateRunText, validateSeriesText } from './validate-run.ts';

/** Every `run.json` below `dir`, as paths, sorted. */
export async function findRunFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(d: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(d, { withFileTypes: true });
    } catch {
      return;
    }
    // Directories at once: the thread pool reads several, which matters at 10,000 runs.
    await Promise.all(
      entries.map((e) => {
        const full = join(d, e.name);
        if (e.isDirectory()) return walk(full);
        if (e.name === 'run.json') out.push(full);
        return undefined;
      }),
    );
  }
  await walk(dir);
  return out.sort();
}

/** The run id of a run.json path: its directory relative to the runs root. */
export function idOf(root: string, file: string): string {
  return relative(root, file).split(sep).slice(0, -1).join('/');
}

export interface LoadedRun {
  id: string;
  file: string;
  run: Run;
}

/** Read and validate every run below `root`. `withSeries` also checks each series.json. */
export async function loadRuns(
  root: string,
  opts: { withSeries?: boolean } = {},
): Promise<{ runs: LoadedRun[]; problems: Problem[] }> {
  const runs: LoadedRun[] = [];
  const problems: Problem[] = [];
  for (const file of await findRunFiles(root)) {
    const id = idOf(root, file);
    const text = await readFile(file, 'utf8');
    const checked = validateRunText(file, text, id);
    problems.push(...checked.problems);
    if (!checked.run) continue;
    if (opts.withSeries && checked.run.tests.some((t) => t.series?.length)) {
      const seriesFile = join(file, '..', 'series.json');
      let seriesText: string | undefined;
      try {
        seriesText = await readFile(seriesFile, 'utf8');
      } catch {
        problems.push(
          problem(
            seriesFile,
            '(file)',
            'missing, but run.json names series',
            'Re-run benchsite harvest to regenerate it',
          ),
        );
      }
      if (seriesText !== undefined) problems.push(...validateSeriesText(seriesFile, seriesText, checked.run).problems);
    }
    runs.push({ id, file, run: checked.run });
  }
  return { runs, problems };
}

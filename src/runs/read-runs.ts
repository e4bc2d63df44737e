// Reading runs from a content directory: for the CLI (validate, export) and the site's content loader.
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Run } from '../schemas/index.ts';
import type { Problem } from './problems.ts';
import { checkRunJson } from './validate-run-folder.ts';

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

/** Read and validate every run.json below `root` (as `benchsite validate` does). */
export async function loadRuns(root: string): Promise<{ runs: LoadedRun[]; problems: Problem[] }> {
  const runs: LoadedRun[] = [];
  const problems: Problem[] = [];
  for (const file of await findRunFiles(root)) {
    const id = idOf(root, file);
    const checked = await checkRunJson(file, id);
    problems.push(...checked.problems);
    if (!checked.run) continue;
    runs.push({ id, file, run: checked.run });
  }
  return { runs, problems };
}

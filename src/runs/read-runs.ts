// Reading runs from a content directory: for the CLI (validate, export) and the site's run store.
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Run } from '../schemas/index.ts';
import type { Problem } from './problems.ts';
import { checkRunJson } from './validate-run-folder.ts';
import { WRITE_AREA } from './write-area.ts';

/** Every `run.json` below `dir`, as paths, sorted. */
export async function findRunFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  // Plain system calls: at 10,000 runs, half the CPU of reading each directory through the thread pool.
  function walk(d: string): void {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== WRITE_AREA) walk(full); // runs being written, not runs
      } else if (e.name === 'run.json') out.push(full);
    }
  }
  walk(dir);
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

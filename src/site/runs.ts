// Runs for pages: every run's summary from the run store (run-store.ts), and whole runs read from their files
// when a page shows them (a run page, a report), a few at a time.
import { join, resolve } from 'node:path';
import type { Run } from '../schemas/index.ts';
import { byId, type SiteRunSummary } from './summaries.ts';
import { readContentFile } from '../runs/validate-files.ts';
import { contentError } from '../runs/problems.ts';
import { runForSite } from '../runs/validate-run-folder.ts';
import { validateJob } from '../runs/validate-job.ts';
import { JobPool, poolSize } from '../runs/worker-pool.ts';
import { RUNS_DIR } from './content-dirs.ts';
import { planRunStore, publishedRunStore, startRunStore, type RunStore } from './run-store.ts';

export type { SiteRunSummary };

export interface SiteRun {
  id: string;
  run: Run;
}

let summaries: Promise<SiteRunSummary[]> | undefined;
/** Per run id, the stamp of the run.json bytes validated in this build. */
let validated: Map<string, string> | undefined;

/** The dev server's store: no build started one. */
async function ownStore(): Promise<RunStore> {
  const plan = await planRunStore(process.cwd(), resolve(RUNS_DIR));
  const size = poolSize(plan.jobs.length, 50);
  const pool = new JobPool(join(process.cwd(), 'src/site/run-page/build-worker.ts'), size < 2 ? 0 : size, {
    validate: validateJob,
  });
  const store = startRunStore(plan, pool);
  void store.runs.finally(() => pool.close()).catch(() => {});
  return store;
}

export function allRuns(): Promise<SiteRunSummary[]> {
  // Sorted by id: the pages that list runs (the compare data, history ladders) keep their input's order; the
  // rebuild without Astro sorts the same way.
  summaries ??= (async () => {
    const store = publishedRunStore(RUNS_DIR) ?? (await ownStore());
    const runs = await store.runs;
    validated = new Map([...runs].map(([id, r]) => [id, r.stamp]));
    return [...runs].map(([id, r]) => ({ id, summary: r.summary })).sort(byId);
  })();
  return summaries;
}

// The last few whole runs read: report pages and their CSV tables ask for the same runs in turn.
const recent = new Map<string, Promise<Run>>();

/**
 * The whole run: parsed when its bytes are those the run store validated in this build, else checked here
 * (runForSite), so it is checked with RunSchema once per build either way.
 */
export function loadRun(id: string): Promise<Run> {
  let run = recent.get(id);
  if (!run) {
    const file = join(RUNS_DIR, id, 'run.json');
    run = Promise.all([readContentFile(file), allRuns()]).then(([read]) => {
      const checked = runForSite(file, id, read, validated?.get(id));
      if ('problems' in checked)
        throw contentError(
          file,
          checked.problems.map((p) => p.text),
        );
      return checked.run;
    });
    recent.set(id, run);
    if (recent.size > 64) recent.delete(recent.keys().next().value!);
  }
  return run;
}

/** The whole runs a report names; a missing id stops the build with a message naming the report. */
export async function runsById(ids: string[], where: string): Promise<SiteRun[]> {
  const known = new Set((await allRuns()).map((r) => r.id));
  return Promise.all(
    ids.map(async (id) => {
      if (!known.has(id))
        throw contentError(where, [
          `${where}: no run with id "${id}" in content/runs. Check the id (its path under content/runs) or harvest the run.`,
        ]);
      return { id, run: await loadRun(id) };
    }),
  );
}

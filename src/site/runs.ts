// Runs for pages: every run's summary from the content collection, and whole runs read from their files
// when a page shows them (a run page, a report), a few at a time.
import { join } from 'node:path';
import { getCollection } from 'astro:content';
import type { Run } from '../schemas/index.ts';
import { byId, decodeSummary, type SiteRunSummary } from './summaries.ts';
import { readContentFile } from '../runs/validate-files.ts';
import { contentError } from '../runs/problems.ts';
import { runForSite } from '../runs/validate-run-folder.ts';
import { RUNS_DIR } from './content-dirs.ts';

export type { SiteRunSummary };

export interface SiteRun {
  id: string;
  run: Run;
}

let summaries: Promise<SiteRunSummary[]> | undefined;
/** Per run id, the stamp of the run.json bytes the content loader validated in this build. */
let validated: Map<string, string> | undefined;

export function allRuns(): Promise<SiteRunSummary[]> {
  // Kept as base64 of its JSON in the collection (runs/astro-loader.ts), made by summarizeRun from a validated run.
  // Sorted by id: the store's order depends on which worker validated a run first, and pages that list runs
  // (the compare data, history ladders) keep their input's order; the rebuild without Astro sorts the same way.
  summaries ??= getCollection('runs').then((entries) => {
    // The entry's digest is `<code digest>:<file stamp>` (astro-loader.ts).
    validated = new Map(
      entries.map((e) => {
        const digest = String(e.digest ?? '');
        return [e.id, digest.slice(digest.indexOf(':') + 1)];
      }),
    );
    return entries
      .map((e) => ({ id: e.id, summary: decodeSummary((e.data as { summary: string }).summary) }))
      .sort(byId);
  });
  return summaries;
}

// The last few whole runs read: report pages and their CSV tables ask for the same runs in turn.
const recent = new Map<string, Promise<Run>>();

/**
 * The whole run: parsed when its bytes are those the content loader validated in this build, else checked here
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
        throw new Error(
          `${where}: no run with id "${id}" in content/runs. Check the id (its path under content/runs) or harvest the run.`,
        );
      return { id, run: await loadRun(id) };
    }),
  );
}

// Run summaries as pages that list runs take them, without Astro: the rebuild without Astro (fast-build/)
// reads them from its state file, the Astro pages from the run store (runs.ts).
import type { RunSummary } from '../schemas/run-summary.ts';

export interface SiteRunSummary {
  id: string;
  summary: RunSummary;
}

/** The order of runs on every page that lists them: by id, as code points. */
export const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

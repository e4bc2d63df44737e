// The runs collection as plain data for pages.
import { getCollection } from 'astro:content';
import type { Run } from '../schemas/index.ts';

export interface SiteRun {
  id: string;
  run: Run;
}

let cache: Promise<SiteRun[]> | undefined;

export function allRuns(): Promise<SiteRun[]> {
  cache ??= getCollection('runs').then((entries) => entries.map((e) => ({ id: e.id, run: e.data as Run })));
  return cache;
}

/** The runs a report names; a missing id stops the build with a message naming the report. */
export async function runsById(ids: string[], where: string): Promise<SiteRun[]> {
  const all = new Map((await allRuns()).map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = all.get(id);
    if (!r) throw new Error(`${where}: no run with id "${id}" in content/runs. Check the id (its path under content/runs) or harvest the run.`);
    return r;
  });
}

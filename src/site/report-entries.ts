// The reports collection (content/reports/*.md) as every page reads it. A site without a report (a new one after
// `benchsite init`) does not ask Astro for it: getCollection then warned once per page that the collection "does
// not exist or is empty. Please check your content config file for errors", about fifty lines of a first build
// that had nothing wrong. The folder is read each time, so `npm run dev` sees a first report when it is added.
import { readdirSync } from 'node:fs';
import { getCollection, type CollectionEntry } from 'astro:content';
import { REPORTS_DIR } from './content-dirs.ts';

/** Whether the folder holds a file the collection's loader could read (`*.md`); a missing folder holds none. */
export function hasReportFiles(dir: string = REPORTS_DIR): boolean {
  try {
    return readdirSync(dir).some((name) => name.endsWith('.md'));
  } catch {
    return false;
  }
}

/** Every report, as getCollection('reports') gives them; none without asking Astro when there is no report file. */
export async function reportEntries(): Promise<Array<CollectionEntry<'reports'>>> {
  return hasReportFiles() ? getCollection('reports') : [];
}

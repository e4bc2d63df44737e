// Content collections: reports (content/reports/*.md). Runs are not a collection: the run store
// (site/run-store.ts) validates and summarizes them on worker threads while Astro starts, and the build renders
// their pages on the same threads (site/run-pages.ts).
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { ReportSchema } from './schemas/index.ts';
import { REPORTS_DIR } from './site/content-dirs.ts';

const reports = defineCollection({
  // The id is the file name without .md, so /reports/<file name>/ is stable and readable.
  loader: glob({ pattern: '*.md', base: REPORTS_DIR, generateId: ({ entry }) => entry.replace(/\.md$/, '') }),
  schema: ReportSchema,
});

export const collections = { reports };

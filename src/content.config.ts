// Content collections: runs (content/runs/**/run.json, ids = their paths) and reports (content/reports/*.md).
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { ReportSchema, RunSchema } from './schemas/index.ts';
import { runsLoader } from './runs/astro-loader.ts';
import { REPORTS_DIR, RUNS_DIR } from './site/content-dirs.ts';

const runs = defineCollection({
  loader: runsLoader(RUNS_DIR),
  schema: RunSchema,
});

const reports = defineCollection({
  // The id is the file name without .md, so /reports/<file name>/ is stable and readable.
  loader: glob({ pattern: '*.md', base: REPORTS_DIR, generateId: ({ entry }) => entry.replace(/\.md$/, '') }),
  schema: ReportSchema,
});

export const collections = { runs, reports };

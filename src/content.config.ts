// Content collections: runs (content/runs/**/run.json, ids = their paths) and reports (content/reports/*.md).
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { ReportSchema, RunSchema } from './schemas/index.ts';
import { runsLoader } from './runs/astro-loader.ts';

const runs = defineCollection({
  loader: runsLoader('content/runs'),
  schema: RunSchema,
});

const reports = defineCollection({
  // The id is the file name without .md, so /reports/<file name>/ is stable and readable.
  loader: glob({ pattern: '*.md', base: './content/reports', generateId: ({ entry }) => entry.replace(/\.md$/, '') }),
  schema: ReportSchema,
});

export const collections = { runs, reports };

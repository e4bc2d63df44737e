// Content collections: runs (content/runs/**/run.json, ids = their paths; each file validated with RunSchema,
// the collection keeps its summary, RunSummarySchema of src/schemas/run-summary.ts, as base64 of its JSON) and reports (content/reports/*.md).
import { defineCollection } from 'astro:content';
import { z } from 'zod';
import { glob } from 'astro/loaders';
import { ReportSchema } from './schemas/index.ts';
import { runsLoader } from './runs/astro-loader.ts';
import { REPORTS_DIR, RUNS_DIR } from './site/content-dirs.ts';

const runs = defineCollection({
  loader: runsLoader(RUNS_DIR),
  // Each entry is its run's summary (RunSummarySchema) as base64 of its JSON: see astro-loader.ts.
  schema: z.strictObject({ summary: z.string() }),
});

const reports = defineCollection({
  // The id is the file name without .md, so /reports/<file name>/ is stable and readable.
  loader: glob({ pattern: '*.md', base: REPORTS_DIR, generateId: ({ entry }) => entry.replace(/\.md$/, '') }),
  schema: ReportSchema,
});

export const collections = { runs, reports };

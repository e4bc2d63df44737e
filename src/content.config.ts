// Content collections: reports (content/reports/*.md). Runs are not a collection: the run store
// (site/run-store.ts) validates and summarizes them on worker threads while Astro starts, and the build renders
// their pages on the same threads (site/run-pages.ts).
import { defineCollection } from 'astro:content';
import { glob, type LoaderContext } from 'astro/loaders';
import { ReportSchema } from './schemas/index.ts';
import { REPORTS_DIR } from './site/content-dirs.ts';

/**
 * The loader's logger without its warning that no file matched: a new site (`benchsite init`) has an empty
 * reports folder, which is nothing to warn of. Its other messages (a missing folder, a file it cannot read) stay.
 */
function withoutNoFilesWarning(logger: LoaderContext['logger']): LoaderContext['logger'] {
  const quiet = Object.create(logger) as LoaderContext['logger'];
  quiet.warn = (message: string) => {
    if (!message.startsWith('No files found matching')) logger.warn(message);
  };
  return quiet;
}

// The id is the file name without .md, so /reports/<file name>/ is stable and readable.
const reportFiles = glob({ pattern: '*.md', base: REPORTS_DIR, generateId: ({ entry }) => entry.replace(/\.md$/, '') });

const reports = defineCollection({
  loader: {
    ...reportFiles,
    load: (context) => reportFiles.load({ ...context, logger: withoutNoFilesWarning(context.logger) }),
  },
  schema: ReportSchema,
});

export const collections = { reports };

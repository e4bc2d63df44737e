import { defineConfig } from 'astro/config';
import { rawArchives } from './src/site/raw-archives.ts';
import { runPages } from './src/site/run-pages.ts';

export default defineConfig({
  integrations: [runPages(), rawArchives()],
  // Report pages read their runs' files: render a few at once so reading one overlaps building another.
  build: { concurrency: 4 },
});

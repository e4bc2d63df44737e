import { defineConfig } from 'astro/config';
import { rawArchives } from './src/site/raw-archives.ts';

export default defineConfig({
  integrations: [rawArchives()],
  // Pages read their run files: render a few at once so reading one overlaps building another.
  build: { concurrency: 4 },
});

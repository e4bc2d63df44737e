import { defineConfig } from 'astro/config';
import { rawArchives } from './src/site/raw-archives.ts';

export default defineConfig({
  integrations: [rawArchives()],
});

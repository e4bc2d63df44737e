import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { defineConfig } from 'astro/config';
import { satteri } from '@astrojs/markdown-satteri';
import { contentFiles } from './src/site/content-files.ts';
import { markdownPlugins } from './src/site/markdown.ts';
import { outDirImports } from './src/site/outdir-imports.ts';
import { rawArchives } from './src/site/raw-archives.ts';
import { runPages } from './src/site/run-pages.ts';
import { searchIndex } from './src/site/search/index-site.ts';
import { CONTENT_DIR } from './src/site/content-dirs.ts';
import { readSiteConfig } from './src/runs/read-site-config.ts';

// content/site.yaml (a bad one stops the build in the contentFiles integration, with its problems).
const site = readSiteConfig(CONTENT_DIR).value;

export default defineConfig({
  // The path the site is served under: `npm run build -- --base /pr-7/` (Astro's flag wins), or BENCHSITE_BASE
  // for CI, where a preview of pull request 7 lives under /<repository>/pr-7/ of the same Pages site, or the
  // site config's `base`.
  base: process.env.BENCHSITE_BASE || site.base || undefined,
  site: site.url,
  // searchIndex last: it reads the pages the others write.
  integrations: [contentFiles(), outDirImports(), runPages(), rawArchives(), searchIndex()],
  // Astro keeps the content collections of the last build in its cache and keeps entries of files it no longer
  // sees: a site of another content folder (BENCHSITE_CONTENT, as tests build) gets a cache of its own.
  cacheDir: process.env.BENCHSITE_CONTENT
    ? `./node_modules/.astro/content-${createHash('sha1').update(resolve(process.env.BENCHSITE_CONTENT)).digest('hex').slice(0, 12)}`
    : undefined,
  // Report Markdown is content from anyone's pull request: text and allowed links only (src/site/markdown.ts).
  // No Shiki: the pages never highlighted code (satteri renders plain <pre>), and Astro warned on every build that
  // Shiki's inline styles do not fit the Content-Security-Policy.
  markdown: { processor: satteri(markdownPlugins), syntaxHighlight: false },
  // Every page carries a Content-Security-Policy <meta> (static hosts cannot send headers): scripts only from
  // the site itself or inline with the hash Astro computed, no plugins, no <base>. Inline style attributes stay
  // allowed: the build-time SVG charts use them, and a style attribute cannot run script.
  // style-src is 'self' with the hashes, Astro's own when no other source is named: naming 'self' made Astro warn
  // on every build that it does not apply to style-src-attr, which takes no address.
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "img-src 'self' https:",
      ],
      styleDirective: { resources: [{ resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  // Report pages read their runs' files: render a few at once so reading one overlaps building another.
  build: { concurrency: 4 },
});

// The file rules of content/ (src/runs/validate-files.ts: regular files with one name, no links, nothing
// stray in a run folder), checked before Astro reads any content, in a build and in the dev server: a link
// in content/ stops the site with the lines `benchsite validate` prints. So does a problem in
// content/annotations.yaml, content/config-families.yaml or content/site.yaml, or a report over the bounds of
// src/site/report-limits.ts.
import { resolve } from 'node:path';
import type { AstroIntegration } from 'astro';
import { contentError, shownText } from '../runs/problems.ts';
import { checkContentFiles } from '../runs/validate-files.ts';
import { readAnnotations, readConfigFamilies } from '../runs/read-history-files.ts';
import { readSiteConfig } from '../runs/read-site-config.ts';
import { checkReportFiles } from './report-limits.ts';
import { CONTENT_DIR, REPORTS_DIR } from './content-dirs.ts';

export function contentFiles(): AstroIntegration {
  return {
    name: 'benchsite-content-files',
    hooks: {
      'astro:config:setup': async () => {
        const problems = await checkContentFiles(resolve(CONTENT_DIR));
        if (!problems.length) {
          for (const r of [await readAnnotations(CONTENT_DIR), await readConfigFamilies(CONTENT_DIR)])
            problems.push(...r.problems);
          problems.push(...readSiteConfig(CONTENT_DIR).problems);
        }
        // Astro parses and renders every report itself: one too large or too deep stops the build first.
        if (!problems.length) problems.push(...(await checkReportFiles(REPORTS_DIR)));
        if (problems.length) throw contentError(`${CONTENT_DIR}/`, problems.map(shownText));
      },
    },
  };
}

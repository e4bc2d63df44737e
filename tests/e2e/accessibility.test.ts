// axe-core (the rules of WCAG 2.x A and AA) in Chromium on every kind of page, in the light and the dark scheme:
// no serious or critical violation. axe is run from its own file, evaluated in the page (the pages' policy
// allows no inline script, and a test must not loosen it).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { siteInBrowser } from '../helpers/site-in-browser.ts';

const site = siteInBrowser();
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const PAGES: Record<string, string> = {
  index: '/',
  report: '/reports/2026-02-16-mariadb-binlog-storage-engine-sysbench/',
  'report (Insert Benchmark)': '/reports/2026-11-22-postgres-mariadb-insert-benchmark-small-vm/',
  'report (HammerDB)': '/reports/2026-02-14-hammerdb-tproc-c-small-server-postgres/',
  'report steps': '/reports/2026-11-22-postgres-mariadb-insert-benchmark-small-vm/steps/',
  run: '/runs/sysbench/vm/20261122-x.pg1518.cy1.pk1/',
  'run (HammerDB)': '/runs/hammerdb-tprocc/vm/20261122-pg1520/',
  host: '/hosts/sysbench/pn53/',
  'history index': '/history/',
  history: '/history/hammerdb-tprocc/pn53/postgres/',
  'history (a post’s relative values)': '/history/sysbench/ser7/postgres/',
  compare:
    '/compare/?base=sysbench/vm/20261122-x.pg1518.cy1.pk1&runs=sysbench/vm/20261122-x.pg1518.cy2.pk1,sysbench/vm/20261122-x.ma101119.cy1.pk1',
  about: '/about/',
  tags: '/tags/',
  tag: '/tags/fsync/',
  archive: '/archive/',
  'archive month': '/archive/2026-04/',
  search: '/search/?q=binlog',
  'docs index': '/docs/',
  docs: '/docs/harvest/',
  'docs (format notes)': '/docs/formats/sysbench/',
};

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: Array<{ target: string[]; failureSummary: string }>;
}

describe('accessibility (axe-core)', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it.each(Object.entries(PAGES))(`%s: no serious or critical violation, ${scheme} scheme`, async (_, path) => {
      const { page, context } = await site.open(path);
      await page.emulateMedia({ colorScheme: scheme });
      if (path.startsWith('/search/')) await page.locator('.pagefind-ui__result-link').first().waitFor();
      if (path.startsWith('/compare/')) await page.locator('main table').first().waitFor();
      await page.evaluate(AXE);
      const violations = (await page.evaluate(async () => {
        const r = await (
          window as unknown as { axe: { run: (o: object) => Promise<{ violations: unknown[] }> } }
        ).axe.run({
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
          resultTypes: ['violations'],
        });
        return r.violations;
      })) as Violation[];
      const bad = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.id} (${v.impact}): ${v.help}: ${v.nodes.length} nodes, e.g. ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(' | ')}`,
        );
      expect(bad, path).toEqual([]);
      await context.close();
    });
  }
});

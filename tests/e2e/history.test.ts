// History follows a product: Postgres 12 to 18 on pn53 as one ladder (x10a and x10b, a family of
// content/config-families.yaml), with the host's annotation from content/annotations.yaml on the page and its
// chart, and on the host's run pages from its date on; history is linked from the navigation and the index.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { siteInBrowser } from '../helpers/site-in-browser.ts';

const site = siteInBrowser();
const annotations = parse(readFileSync(new URL('../../content/annotations.yaml', import.meta.url), 'utf8')) as Array<{
  date: string;
  host: string;
  text: string;
  product?: string;
}>;
const pn53 = annotations.find((a) => a.host === 'pn53' && a.product === 'postgres')!;

describe('history pages', () => {
  it('Postgres 12.22 to 18.1 on pn53 is one ladder, with the annotation of the host on the page and its chart', async () => {
    const { page, context, response } = await site.open('/history/hammerdb-tprocc/pn53/postgres/');
    expect(response?.status()).toBe(200);
    const section = page.locator('section', { has: page.locator('h2', { hasText: 'x10a (12 to 17), x10b (18)' }) });
    const heads = await section.locator('table.relative').first().locator('thead th a').allTextContents();
    expect(heads[0]).toBe('13.23 (x10a_c8r32)');
    expect(heads.at(-1)).toBe('18.1 (x10b_c8r32)');
    const note = page.locator('section.annotations li', { hasText: pn53.date });
    expect(await note.textContent()).toContain(pn53.text.slice(0, 40));
    // The time chart draws the annotation as a numbered rule and says so in its label.
    expect(await section.locator('figure.chart svg[aria-label*="annotation"]').count()).toBe(1);
    await context.close();
  });

  it('the run pages of that host show the annotation from its date on', async () => {
    const { page, context } = await site.open('/runs/hammerdb-tprocc/pn53/20260214-pg181_o2nofp.x10b_c8r32/');
    expect(await page.locator('section.annotations li').first().textContent()).toContain(pn53.date);
    await context.close();
  });

  it('history is linked from the navigation and the index', async () => {
    const { page, context } = await site.open('/');
    await page.locator('header.site nav a', { hasText: 'History' }).click();
    await page.waitForURL(/\/history\/$/);
    expect(await page.locator('a', { hasText: 'postgres on pn53' }).count()).toBeGreaterThan(0);
    await page.goBack();
    expect(await page.locator('#history + p a').getAttribute('href')).toMatch(/\/history\/$/);
    await context.close();
  });
});

// The documentation as pages of the site: reached from the footer, linked to each other as on GitHub (pages and
// their headings' ids), a link to a heading of another page lands on it.
import { describe, expect, it } from 'vitest';
import { siteInBrowser } from '../helpers/site-in-browser.ts';

const site = siteInBrowser();

describe('docs pages', () => {
  it('the footer leads to the index, whose links lead to each guide and its headings', async () => {
    const { page, context } = await site.open('/');
    await page.locator('footer.site a', { hasText: 'Docs' }).click();
    await page.waitForURL(/\/docs\/$/);
    expect(await page.locator('main h1').textContent()).toBe('benchsite documentation');
    await page.locator('main a', { hasText: 'Harvest raw results' }).click();
    await page.waitForURL(/\/docs\/harvest\/$/);
    expect(await page.locator('main h1').textContent()).toBe('Harvest raw results');
    expect(await page.title()).toContain('Harvest raw results (documentation)');
    // The meta file's heading has GitHub's id, and the reference of its fields is one click away.
    expect(await page.locator('h2#--meta-the-facts-the-files-do-not-carry').count()).toBe(1);
    await page.locator('main a[href$="/docs/content-files/#the-meta-file"]').first().click();
    await page.waitForURL(/\/docs\/content-files\/#the-meta-file$/);
    expect(await page.locator('h2#the-meta-file').textContent()).toContain('The meta file');
    // The breadcrumb goes back to the index.
    expect(await page.locator('nav[aria-label="breadcrumb"] a').getAttribute('href')).toMatch(/\/docs\/$/);
    await context.close();
  });

  it('every doc of the index is a page of the site', async () => {
    const { page, context } = await site.open('/docs/');
    const hrefs = await page
      .locator('main article a[href*="/docs/"]')
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThan(20);
    for (const href of new Set(hrefs.map((h) => h.split('#')[0]!))) {
      const r = await page.request.get(new URL(href, page.url()).toString());
      expect(r.status(), href).toBe(200);
    }
    await context.close();
  });
});

// Dark mode: the pages follow the reader's system setting (prefers-color-scheme), without JavaScript too; the
// header's toggle overrides it, is remembered across pages, and is not shown without JavaScript.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { siteInBrowser } from '../helpers/site-in-browser.ts';

const site = siteInBrowser();
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
const WHITE = 'rgb(255, 255, 255)';
const DARK = 'rgb(21, 25, 29)';

describe('dark mode', () => {
  it('follows the system setting without JavaScript, and shows no toggle then', async () => {
    for (const [scheme, want] of [
      ['dark', DARK],
      ['light', WHITE],
    ] as const) {
      const { page, context } = await site.open('/about/', { javaScriptEnabled: false });
      await page.emulateMedia({ colorScheme: scheme });
      expect(await background(page)).toBe(want);
      expect(await page.locator('#theme-toggle').isVisible()).toBe(false);
      await context.close();
    }
  });

  it('the toggle switches the scheme, says which is on, and the choice holds on the next page', async () => {
    const { page, context } = await site.open('/');
    await page.emulateMedia({ colorScheme: 'light' });
    const toggle = page.locator('#theme-toggle');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await background(page)).toBe(WHITE);
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await background(page)).toBe(DARK);
    await page.goto(`${site.url()}/reports/2026-02-16-mariadb-binlog-storage-engine-sysbench/`);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await background(page)).toBe(DARK);
    // A chart keeps its white ground in the dark scheme.
    expect(
      await page
        .locator('figure.chart svg')
        .first()
        .evaluate((e) => getComputedStyle(e).backgroundColor),
    ).toBe(WHITE);
    await page.locator('#theme-toggle').click();
    expect(await background(page)).toBe(WHITE);
    await context.close();
  });
});

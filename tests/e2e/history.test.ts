// History follows a product: Postgres 12 to 18 on pn53 as one ladder (x10a and x10b, a family of
// content/config-families.yaml), with the host's annotation from content/annotations.yaml on the page and its
// chart, and on the host's run pages from its date on; history is linked from the navigation and the index.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { siteInBrowser } from '../helpers/site-in-browser.ts';
import { cellNumber } from '../helpers/cell-text.ts';

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

describe('history of the runs posts published as relative values', () => {
  const printed = (id: string) =>
    new Map(
      (
        JSON.parse(readFileSync(new URL(`../../content/runs/${id}/run.json`, import.meta.url), 'utf8')) as {
          relative: Array<{ values: Array<{ test: string; value: number }> }>;
        }
      ).relative[0]!.values.map((v) => [v.test, v.value]),
    );

  it('Postgres 17.10 -> 19beta1 on ser7 (the 2026-06-09 post): a page, each value as printed, chained ones said so', async () => {
    const { page, context, response } = await site.open('/history/sysbench/ser7/postgres/');
    expect(response?.status()).toBe(200);
    const section = page.locator('section', { has: page.locator('h2', { hasText: 'Published 2026-06-09' }) });
    const table = section.locator('table.relative').first();
    expect(await table.locator('thead th').allTextContents()).toEqual(['18.4', '19beta1', 'test']);
    const v19 = printed('sysbench/ser7/20260609-pg19b1');
    for (const test of ['point-query', 'scan', 'read-only-count', 'update-index']) {
      const cell = table.locator(`tr[data-test="${test}"] td`).nth(1);
      expect(cellNumber(await cell.textContent()), test).toBe(v19.get(test)!.toFixed(2));
      expect(await cell.textContent()).toContain('†');
    }
    // Against the version before, 19beta1 is chained through 17.10, and the page says how.
    const chained = section.locator('table.relative').nth(1).locator('tr[data-test="scan"] td').nth(1);
    expect(await chained.textContent()).toMatch(/^≈1\.11†/);
    expect(await chained.getAttribute('title')).toContain('1.05 (19beta1 vs 17.10) ÷ 0.95 (18.4 vs 17.10)');
    expect(await section.locator('p.chain-ways').textContent()).toContain(
      '19beta1 against 18.4 = (19beta1 vs 17.10) ÷ (18.4 vs 17.10)',
    );
    // Both charts are drawn; the by-date one sets the post's three runs side by side.
    expect(await section.locator('figure.chart svg').count()).toBe(2);
    expect(await section.locator('figure.chart svg').nth(1).getAttribute('aria-label')).toContain('2026-06-09');
    await context.close();
  });

  it('the runs pages link it, and the index lists the posts’ histories: MariaDB binlog, the Insert Benchmark ladders', async () => {
    const { page, context } = await site.open('/runs/sysbench/ser7/20260609-pg19b1/');
    await page.locator('a', { hasText: 'postgres versions on ser7' }).click();
    await page.waitForURL(/\/history\/sysbench\/ser7\/postgres\/$/);
    await page.goto(`${site.url()}/history/`);
    for (const name of [
      'postgres on ser7',
      'mariadb on pn53',
      'postgres on 24-core',
      'postgres on 32-core',
      'mariadb on 32-core',
    ])
      expect(await page.locator('a', { hasText: name }).count(), name).toBeGreaterThan(0);
    for (const [path, heading] of [
      ['/history/sysbench/pn53/mariadb/', 'Published 2026-02-16 · against 12.3.0 (z12b_c8r32)'],
      ['/history/insert-benchmark/24-core/postgres/', 'Published 2026-01-22 · against 12.22 (x10a_c24r64)'],
      ['/history/insert-benchmark/pn53/mariadb/', 'Published 2026-02-17'],
    ]) {
      const res = await page.goto(`${site.url()}${path}`);
      expect(res?.status(), path).toBe(200);
      expect(await page.locator('h2', { hasText: heading }).count(), path).toBeGreaterThan(0);
    }
    await context.close();
  });
});

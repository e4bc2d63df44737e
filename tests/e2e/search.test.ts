// The search (Pagefind, src/site/search/): its index of reports and pages is in dist/pagefind/ after the build; the
// search page finds reports with it and runs, host pages and histories with the filter of runs over /data/runs/
// (src/scripts/find-runs.ts), offline in the browser; their filters narrow them (a version by its leading parts:
// 8.4 is not 18.4), and the index page's instant filter matches versions the same way.
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { buildSite } from '../helpers/build-site.ts';
import { siteInBrowser } from '../helpers/site-in-browser.ts';

const site = siteInBrowser();

interface Found {
  url: string;
  title: string;
  filters: Record<string, string[]>;
}

/**
 * Pagefind's own API on the search page: every result of a search, with its URL, title and filters. (A string,
 * so that the test runner does not rewrite its import() for Node.)
 */
function search(page: Page, term: string | null, filters: Record<string, string | string[]> = {}): Promise<Found[]> {
  return page.evaluate(`(async () => {
    const pagefind = await import(location.origin + '/pagefind/pagefind.js');
    const r = await pagefind.search(${JSON.stringify(term)}, { filters: ${JSON.stringify(filters)} });
    return Promise.all(r.results.map(async (x) => {
      const d = await x.data();
      return { url: d.url, title: d.meta.title, filters: d.filters };
    }));
  })()`);
}

/**
 * The filter of runs on the search page with its fields set (the others emptied): each run found, its link and
 * version, once its status says it searched.
 */
async function foundRuns(
  page: Page,
  fields: Record<string, string> = {},
): Promise<Array<{ href: string; version: string }>> {
  if (Object.keys(fields).length) {
    await page.evaluate(() => document.body.removeAttribute('data-find-ready'));
    for (const f of ['q', 'version', 'config']) await page.fill(`#find input[name="${f}"]`, fields[f] ?? '');
    for (const f of ['benchmark', 'host', 'product'])
      await page.selectOption(`#find select[name="${f}"]`, fields[f] ?? '');
  }
  await page.locator('body[data-find-ready="true"]').waitFor();
  return page.locator('#found tbody tr').evaluateAll((rows) =>
    rows.map((r) => ({
      href: r.querySelector('a')!.getAttribute('href')!,
      version: r.querySelectorAll('td')[5]!.textContent ?? '',
    })),
  );
}

describe('search', () => {
  it('the build writes the index to dist/pagefind/', () => {
    const dist = buildSite();
    expect(existsSync(join(dist, 'pagefind', 'pagefind.js'))).toBe(true);
    expect(existsSync(join(dist, 'pagefind', 'pagefind-ui.js'))).toBe(true);
  });

  it('the search page finds the reports about the binlog, linked from the navigation and by ?q=', async () => {
    const { page, context } = await site.open('/');
    await page.locator('header.site nav a', { hasText: 'Search' }).click();
    await page.waitForURL(/\/search\/$/);
    expect(await page.locator('#search-needs-js').count()).toBe(0);
    await page.goto(`${site.url()}/search/?q=binlog`);
    const links = page.locator('.pagefind-ui__result-link');
    await links.first().waitFor();
    const titles = await links.allTextContents();
    expect(titles).toEqual(
      expect.arrayContaining([
        'MariaDB innovation: binlog_storage_engine',
        'MariaDB innovation: binlog_storage_engine, small server, Insert Benchmark',
        'MariaDB innovation: binlog_storage_engine, 32-core server, Insert Benchmark',
      ]),
    );
    expect(await links.first().getAttribute('href')).toMatch(/^\/reports\/[^/]+\/$/);
    await context.close();
  });

  it('finds runs, host pages and histories with the filter below, from the same words', async () => {
    const { page, context } = await site.open('/search/?q=pg1518');
    const runs = await foundRuns(page);
    expect(runs.map((r) => r.href)).toContain('/runs/sysbench/vm/20261122-x.pg1518.cy1.pk1/');
    for (const r of runs) expect(r.version).toBe('15.18');
    // Words typed in the search box go to the filter too.
    await page.fill('input.pagefind-ui__search-input', 'pn53');
    await page.waitForFunction(
      () =>
        document.querySelector('#find input[name="q"]') instanceof HTMLInputElement &&
        (document.querySelector('#find input[name="q"]') as HTMLInputElement).value === 'pn53',
    );
    await page.locator('#found li[data-type="host"] a[href="/hosts/sysbench/pn53/"]').waitFor();
    await page.fill('#find input[name="q"]', '');
    await page.selectOption('#find select[name="product"]', 'postgres');
    await page.selectOption('#find select[name="host"]', 'pn53');
    await page.locator('#found li[data-type="history"] a[href="/history/hammerdb-tprocc/pn53/postgres/"]').waitFor();
    await context.close();
  });

  it('filters runs by version by its leading parts (8.4 is not 18.4) and by DBMS, reports by tag', async () => {
    const { page, context } = await site.open('/search/');
    const v84 = await foundRuns(page, { version: '8.4' });
    expect(v84.length).toBeGreaterThan(0);
    for (const r of v84) expect(r.version).toMatch(/^8\.4(\.\d+)?$/);
    const v184 = await foundRuns(page, { version: '18.4' });
    expect(v184.length).toBeGreaterThan(0);
    expect(v84.map((r) => r.href).filter((u) => v184.some((x) => x.href === u))).toEqual([]);
    const pg19 = await foundRuns(page, { product: 'postgres', version: '19' });
    expect(pg19.length).toBeGreaterThan(0);
    expect(pg19.every((r) => r.version === '19beta1')).toBe(true);
    const fsync = await search(page, null, { tag: 'fsync' });
    expect(fsync.map((r) => r.url).sort()).toEqual([
      '/reports/2026-02-16-mariadb-binlog-storage-engine-sysbench/',
      '/reports/2026-02-17-mariadb-binlog-storage-engine-insert-benchmark-small-server/',
      '/reports/2026-03-18-mariadb-binlog-storage-engine-insert-benchmark-32-core/',
    ]);
    for (const r of fsync) expect(r.filters.type).toEqual(['report']);
    await context.close();
  });

  it('without JavaScript, the search page says where else to look', async () => {
    const { page, context } = await site.open('/search/', { javaScriptEnabled: false });
    expect(await page.locator('#search-needs-js').textContent()).toContain('The search needs JavaScript');
    await context.close();
  });

  it("the index page's filter matches a version from its start: 8.4 finds 8.4.x and not 18.4", async () => {
    const { page, context } = await site.open('/');
    /** Set one field alone and wait for the new result: the version column of each run found. */
    const find = async (name: string, value: string) => {
      for (const f of ['q', 'version']) await page.fill(`#find input[name="${f}"]`, '');
      await page.fill(`#find input[name="${name}"]`, value);
      await page.waitForFunction(() => / of \d+ runs/.test(document.querySelector('#find-status')?.textContent ?? ''));
      return page.locator('#found tbody tr td:nth-child(6)').allTextContents();
    };
    const v84 = await find('version', '8.4');
    expect(v84.length).toBeGreaterThan(0);
    for (const v of v84) expect(v).toMatch(/^8\.4(\.|$)/);
    const q1710 = await find('q', '17.10');
    expect(q1710.length).toBeGreaterThan(0);
    for (const v of q1710) expect(v).toBe('17.10');
    await context.close();
  });
});

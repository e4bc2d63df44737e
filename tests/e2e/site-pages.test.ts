// The pages a reader finds their way by: every page carries the site's title and author (content/site.yaml),
// the about page, tags, the month archive and the Atom feed of the reports.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { siteInBrowser } from '../helpers/site-in-browser.ts';

const site = siteInBrowser();
const config = parse(readFileSync(new URL('../../content/site.yaml', import.meta.url), 'utf8')) as {
  title: string;
  author: string;
  url: string;
};
const reports = readdirSync(new URL('../../content/reports/', import.meta.url)).filter((f) => f.endsWith('.md'));

describe('site pages', () => {
  it('every kind of page shows the title and the author', async () => {
    for (const path of [
      '/',
      '/about/',
      '/tags/fsync/',
      '/archive/',
      '/history/',
      '/runs/sysbench/vm/20261122-x.pg1518.cy1.pk1/',
    ]) {
      const { page, context, response } = await site.open(path);
      expect(response?.status(), path).toBe(200);
      expect(await page.locator('header.site .brand').textContent(), path).toBe(config.title);
      expect(await page.title(), path).toContain(config.title);
      expect(await page.locator('footer.site').textContent(), path).toContain(`Results published by ${config.author}.`);
      await context.close();
    }
  });

  it('the about page renders the config text as Markdown, linked from the navigation', async () => {
    const { page, context } = await site.open('/');
    await page.locator('header.site nav a', { hasText: 'About' }).click();
    await page.waitForURL(/\/about\/$/);
    expect(await page.locator('main strong', { hasText: 'benchsite' }).count()).toBe(1);
    expect(await page.locator('main a[href="https://smalldatum.blogspot.com/"]').count()).toBe(1);
    await context.close();
  });

  it('a tag page lists its reports; a report links its tags', async () => {
    const { page, context } = await site.open('/reports/2026-02-16-mariadb-binlog-storage-engine-sysbench/');
    await page.locator('main .tags a', { hasText: 'fsync' }).first().click();
    await page.waitForURL(/\/tags\/fsync\/$/);
    const titles = await page.locator('main ul.reports > li > a').allTextContents();
    expect(titles).toEqual([
      'MariaDB innovation: binlog_storage_engine, 32-core server, Insert Benchmark',
      'MariaDB innovation: binlog_storage_engine, small server, Insert Benchmark',
      'MariaDB innovation: binlog_storage_engine',
    ]);
    expect(await page.locator('main p', { hasText: 'high fsync latency' }).count()).toBe(1);
    await context.close();
  });

  it('the archive has every report under its month, and a page per month', async () => {
    const { page, context } = await site.open('/archive/');
    expect(await page.locator('main ul.reports > li').count()).toBe(reports.length);
    await page.locator('main h2 a', { hasText: 'April 2026' }).click();
    await page.waitForURL(/\/archive\/2026-04\/$/);
    expect(await page.locator('main ul.reports > li').count()).toBe(
      reports.filter((f) => f.startsWith('2026-04-')).length,
    );
    expect(await page.locator('nav[aria-label="months"] a').allTextContents()).toEqual(['← March 2026', 'June 2026 →']);
    await context.close();
  });

  it('the feed is well-formed Atom listing every report with absolute links', async () => {
    const { page, context } = await site.open('/');
    const href = await page.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute('href');
    const feed = await page.evaluate(async (url) => {
      const text = await (await fetch(url)).text();
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      const ns = 'http://www.w3.org/2005/Atom';
      return {
        error: doc.getElementsByTagName('parsererror').length,
        root: `${doc.documentElement.namespaceURI} ${doc.documentElement.localName}`,
        entries: [...doc.getElementsByTagNameNS(ns, 'entry')].map((e) => ({
          title: e.getElementsByTagNameNS(ns, 'title')[0]?.textContent,
          link: e.getElementsByTagNameNS(ns, 'link')[0]?.getAttribute('href'),
        })),
      };
    }, href!);
    expect(feed.error).toBe(0);
    expect(feed.root).toBe('http://www.w3.org/2005/Atom feed');
    expect(feed.entries.length).toBe(reports.length);
    expect(feed.entries.length).toBeGreaterThanOrEqual(12);
    for (const e of feed.entries) expect(e.link).toMatch(new RegExp(`^${config.url}reports/[^/]+/$`));
    expect(feed.entries.map((e) => e.title)).toContain('MariaDB innovation: binlog_storage_engine');
    await context.close();
  });
});

// The built site in a real browser, with JavaScript on and off: the committed sysbench report names its
// base, shows relative values that match the raw files, and has its charts as inline SVG.
import { describe, expect, it } from 'vitest';
import { archiveText } from '../helpers/fixtures.ts';
import { siteInBrowser } from '../helpers/site-in-browser.ts';
import { cellNumber } from '../helpers/cell-text.ts';

const REPORT = '/reports/2026-11-22-postgres-mariadb-sysbench-small-vm/';
const ID = (label: string) => `sysbench/vm/20261122-${label}`;

/** QPS as the raw sysbench output of a test states it (`queries: N (X per sec.)`). */
function statedQps(label: string, test: string): number {
  const text = archiveText('realruns/sysbench.tar.gz', `sysbench/${label}/sb.o.${test}.pk1.dop1`);
  return Number(/queries:\s+\d+\s+\(([\d.]+) per sec\.\)/.exec(text)![1]);
}

// Three cells, each computed here from the fixture numbers.
const CHECKS = [
  { test: 'update-nonindex', file: 'update-nonindex.range100', label: 'x.pg1518.cy2.pk1' },
  { test: 'insert', file: 'insert.range100', label: 'x.ma101119.cy2.pk1' },
  { test: 'point-query', file: 'point-query.range100', label: 'x.ma101119.cy1.pk1' },
].map((c) => ({ ...c, expected: (statedQps(c.label, c.file) / statedQps('x.pg1518.cy1.pk1', c.file)).toFixed(2) }));

const site = siteInBrowser();

describe.each([true, false])('sysbench report, JavaScript enabled: %s', (javaScriptEnabled) => {
  it('names the base, shows the relative values of the raw files, and has chart SVGs', async () => {
    const { page, context, response } = await site.open(REPORT, { javaScriptEnabled });
    expect(response?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toContain('Postgres 15 and MariaDB 10.11');
    expect((await page.locator('.base-name').first().textContent())?.trim()).toBe('pg15 sync');
    expect(await page.locator('caption', { hasText: 'relative to pg15 sync' }).count()).toBeGreaterThanOrEqual(4);
    for (const c of CHECKS) {
      const table = page.locator('table.relative', { has: page.locator(`tr[data-test="${c.test}"]`) }).first();
      const column = await table
        .locator('thead th')
        .evaluateAll((ths, id) => ths.findIndex((th) => th.getAttribute('data-run') === id), ID(c.label));
      expect(column, `${c.label} has a column`).toBeGreaterThanOrEqual(0);
      const cell = table.locator(`tr[data-test="${c.test}"] > *`).nth(column);
      expect(cellNumber(await cell.textContent()), `${c.test} ${c.label}`).toBe(c.expected);
    }
    const charts = page.locator('figure.chart svg[role="img"]');
    expect(await charts.count()).toBe(4);
    expect(await charts.first().getAttribute('aria-label')).toContain('relative to pg15 sync');
    expect(await page.locator('figure.chart svg path, figure.chart svg rect').count()).toBeGreaterThan(20);
    await context.close();
  });
});

describe('pages linked from the report', () => {
  it('the base run page lists its tests and the raw archive', async () => {
    const { page, context } = await site.open(REPORT, { javaScriptEnabled: false });
    await page.locator('.base-note a').first().click();
    expect(page.url()).toBe(`${site.url()}/runs/${ID('x.pg1518.cy1.pk1')}/`);
    const qps = await page.locator('tr[data-test="point-query"] td[data-metric="qps"]').textContent();
    expect(qps).toBe(String(Math.round(statedQps('x.pg1518.cy1.pk1', 'point-query.range100'))));
    const raw = await page.request.get(`${site.url()}/runs/${ID('x.pg1518.cy1.pk1')}/raw.tar.gz`);
    expect(raw.status()).toBe(200);
    const csv = await page.request.get(`${site.url()}${REPORT}relative-qps.csv`);
    expect(await csv.text()).toContain('group,test,metric,run,label,value,base');
    await context.close();
  });
});

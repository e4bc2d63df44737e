// The interactive compare view: runs listed, a base and runs chosen from the address, values relative to the
// base as the raw files give them; without JavaScript it says so and links to the data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright';
import { archiveText } from '../helpers/fixtures.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { buildSite } from '../helpers/build-site.ts';
import { serveDir } from '../helpers/static-server.ts';

const ID = (label: string) => `sysbench/vm/20261122-${label}`;
const qps = (label: string, test: string) => Number(/queries:\s+\d+\s+\(([\d.]+) per sec\.\)/.exec(archiveText('realruns/sysbench.tar.gz', `sysbench/${label}/sb.o.${test}.pk1.dop1`))![1]);

let browser: Browser;
let server: Awaited<ReturnType<typeof serveDir>>;
beforeAll(async () => {
  server = await serveDir(buildSite());
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('compare view', () => {
  it('shows the chosen runs relative to the chosen base', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/compare/?benchmark=sysbench&base=${ID('x.pg1518.cy1.pk1')}&runs=${ID('x.ma101119.cy2.pk1')}`);
    await page.locator('body[data-compare-ready="true"]').waitFor();
    expect(await page.locator('#runs tbody tr').count()).toBeGreaterThanOrEqual(4);
    const caption = await page.locator('#result caption').textContent();
    expect(caption).toContain('Relative to x.pg1518.cy1.pk1');
    const cell = page.locator('#result tr', { has: page.locator('th', { hasText: /^update-index$/ }) }).locator('td').first();
    expect(await cell.textContent()).toBe((qps('x.ma101119.cy2.pk1', 'update-index.range100') / qps('x.pg1518.cy1.pk1', 'update-index.range100')).toFixed(2));
    // Ticking another run adds a column and keeps the choice in the address.
    await page.locator(`#runs input[type=checkbox][data-id="${ID('x.pg1518.cy2.pk1')}"]`).check();
    expect(await page.locator('#result thead th').count()).toBe(3);
    expect(decodeURIComponent(page.url())).toContain(`runs=${ID('x.ma101119.cy2.pk1')},${ID('x.pg1518.cy2.pk1')}`);
    await page.close();
  });

  it('without JavaScript says it needs it and links to the data', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/compare/`);
    expect(await page.locator('noscript, .warning').first().textContent()).toContain('needs JavaScript');
    const data = await page.request.get(`${server.url}/data/sysbench.json`);
    expect((await data.json()).runs).toHaveLength(4);
    await context.close();
  });
});

// The interactive compare view: runs listed, a base and runs chosen from the address, values relative to the
// base as the raw files give them; without JavaScript it says so and links to the data.
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { archiveText } from '../helpers/fixtures.ts';
import { siteInBrowser } from '../helpers/site-in-browser.ts';
import { cellMarker, cellNumber } from '../helpers/cell-text.ts';

const ID = (label: string) => `sysbench/vm/20261122-${label}`;
const qps = (label: string, test: string) =>
  Number(
    /queries:\s+\d+\s+\(([\d.]+) per sec\.\)/.exec(
      archiveText('realruns/sysbench.tar.gz', `sysbench/${label}/sb.o.${test}.pk1.dop1`),
    )![1],
  );

const site = siteInBrowser();
/** Run directories of a benchmark under content/runs/<benchmark>/<host>/. */
const committedRuns = (benchmark: string) => {
  const root = new URL(`../../content/runs/${benchmark}/`, import.meta.url);
  return readdirSync(root).reduce((n, host) => n + readdirSync(new URL(`${host}/`, root)).length, 0);
};

describe('compare view', () => {
  it('shows the chosen runs relative to the chosen base', async () => {
    const { page, context } = await site.open(
      `/compare/?benchmark=sysbench&base=${ID('x.pg1518.cy1.pk1')}&runs=${ID('x.ma101119.cy2.pk1')}`,
    );
    await page.locator('body[data-compare-ready="true"]').waitFor();
    expect(await page.locator('#runs tbody tr').count()).toBeGreaterThanOrEqual(4);
    const caption = await page.locator('#result caption').textContent();
    expect(caption).toContain('Relative to x.pg1518.cy1.pk1');
    const cell = page
      .locator('#result tr', { has: page.locator('th', { hasText: /^update-index$/ }) })
      .locator('td')
      .first();
    expect(cellNumber(await cell.textContent())).toBe(
      (qps('x.ma101119.cy2.pk1', 'update-index.range100') / qps('x.pg1518.cy1.pk1', 'update-index.range100')).toFixed(
        2,
      ),
    );
    // Coloured as reports colour it, and marked without colour.
    expect(cellMarker(await cell.textContent())).toBe('improvement');
    expect(await cell.getAttribute('class')).toContain('improvement');
    // Ticking another run adds a column and keeps the choice in the address.
    await page.locator(`#runs input[type=checkbox][data-id="${ID('x.pg1518.cy2.pk1')}"]`).check();
    expect(await page.locator('#result table.relative thead th').count()).toBe(3);
    expect(decodeURIComponent(page.url())).toContain(`runs=${ID('x.ma101119.cy2.pk1')},${ID('x.pg1518.cy2.pk1')}`);
    await context.close();
  });

  it('shows a published-relative run only against its own base, as the post printed it', async () => {
    const base = 'sysbench/pn53/20260410-my8408.z12a_c8r32';
    const z13b = 'sysbench/pn53/20260410-my9700.z13b_c8r32';
    const { page, context } = await site.open(`/compare/?benchmark=sysbench&base=${base}&runs=${z13b}`);
    await page.locator('body[data-compare-ready="true"]').waitFor();
    expect(await page.locator('#result caption').textContent()).toContain('as a post printed it (published relative');
    const row = page.locator('#result tr', { has: page.locator('th', { hasText: /^point-query$/ }) });
    const text = await row.locator('td').first().textContent();
    expect(text).toMatch(/^0\.93†/);
    expect(cellNumber(text)).toBe('0.93');
    expect(cellMarker(text)).toBe('regression');
    await context.close();
  });

  it('without JavaScript says it needs it and links to the data', async () => {
    const { page, context } = await site.open('/compare/', { javaScriptEnabled: false });
    expect(await page.locator('noscript, .warning').first().textContent()).toContain('needs JavaScript');
    // One file per benchmark and host, each host the run index lists.
    const index = await (await page.request.get(`${site.url()}/data/runs/index.json`)).json();
    const hosts = (index.groups as Array<{ benchmark: string; host: string }>).filter(
      (g) => g.benchmark === 'sysbench',
    );
    expect(hosts.length).toBeGreaterThan(2);
    let runs = 0;
    for (const g of hosts) {
      const data = await (await page.request.get(`${site.url()}/data/compare/sysbench/${g.host}.json`)).json();
      expect(data.runs.every((r: { host: string }) => r.host === g.host)).toBe(true);
      runs += data.runs.length;
    }
    expect(runs).toBe(committedRuns('sysbench'));
    await context.close();
  });

  it('loads the runs of the host picked, and keeps the runs the address names listed', async () => {
    const { page, context } = await site.open('/compare/?benchmark=sysbench');
    await page.locator('body[data-compare-ready="true"]').waitFor();
    const hostRuns = (host: string) =>
      readdirSync(new URL(`../../content/runs/sysbench/${host}/`, import.meta.url)).length;
    const first = await page.locator('select[name=host]').inputValue();
    expect(await page.locator('#runs tbody tr').count()).toBe(hostRuns(first));
    await page.locator('select[name=host]').selectOption('vm');
    await page.waitForURL(/host=vm/);
    await expect.poll(() => page.locator('#runs tbody tr').count()).toBe(hostRuns('vm'));
    // A base on vm and a run on pn53: both hosts' runs are listed, the view compares across them.
    const other = 'sysbench/pn53/20260410-my8408.z12a_c8r32';
    await page.goto(`${site.url()}/compare/?base=${ID('x.pg1518.cy1.pk1')}&runs=${other}`);
    await page.locator('body[data-compare-ready="true"]').waitFor();
    expect(await page.locator('select[name=host]').inputValue()).toBe('vm');
    expect(await page.locator('#runs tbody tr').count()).toBe(hostRuns('vm') + hostRuns('pn53'));
    expect(await page.locator('#unknown-ids').count()).toBe(0);
    expect(await page.locator('#runs tbody tr').nth(1).locator('input[type=checkbox]').isChecked()).toBe(true);
    await context.close();
  });
});

describe('compare view: a complete, shareable view', () => {
  const base = ID('x.pg1518.cy1.pk1');
  const runs = [ID('x.pg1518.cy2.pk1'), ID('x.ma101119.cy1.pk1')];

  it('a permalink with readable ids restores the same view on reload, columns in the order chosen', async () => {
    const { page, context } = await site.open(`/compare/?base=${base}&runs=${runs.join(',')}`);
    await page.locator('body[data-compare-ready="true"]').waitFor();
    const table = () => page.locator('#result table.compare.relative').innerHTML();
    const first = await table();
    expect(await page.locator('#result table.relative thead th a').allTextContents()).toEqual([
      'x.pg1518.cy2.pk1',
      'x.ma101119.cy1.pk1',
    ]);
    // The address keeps the ids as they are: slashes and commas, no percent-encoding.
    expect(page.url()).toContain(`base=${base}&runs=${runs.join(',')}`);
    expect(page.url()).not.toMatch(/%2F|%2C/i);
    expect(await page.locator('#permalink').getAttribute('href')).toContain(`base=${base}&runs=${runs.join(',')}`);
    await page.reload();
    await page.locator('body[data-compare-ready="true"]').waitFor();
    expect(await table()).toBe(first);
    // As reports show it: grouped tests with a basis-point summary per group, warm-ups and the load left out.
    expect(await page.locator('#result tr.group th').allTextContents()).toContain('Point queries');
    expect(await page.locator('#result tr.summary').count()).toBeGreaterThan(0);
    expect(await page.locator('#result tr[data-test="point-query.warm"]').count()).toBe(0);
    expect(await page.locator('#result tr[data-test="point-query"]').count()).toBe(1);
    expect(await page.locator('#result table.absolute tbody tr').count()).toBeGreaterThan(5);
    expect(await page.locator('#result figure.compare-chart svg rect').count()).toBeGreaterThan(5);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#view-csv').click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe(
      'group,test,metric,run,label,value,base,base_value,relative,ci95_low,ci95_high,within_noise,not_comparable',
    );
    expect(lines.filter((l) => l.includes(',point-query,qps,'))).toHaveLength(2);
    await context.close();
  });

  it('prints the decimals reports print: three for HammerDB relative NOPM', async () => {
    const base = 'hammerdb-tprocc/pn53/20260214-pg1222_o2nofp.x10a_c8r32';
    const run = 'hammerdb-tprocc/pn53/20260214-pg181_o2nofp.x10b_c8r32';
    const { page, context } = await site.open(`/compare/?base=${base}&runs=${run}`);
    await page.locator('body[data-compare-ready="true"]').waitFor();
    const cells = await page.locator('#result table.relative tbody td.num:not(.bp)').allTextContents();
    const shown = cells.map(cellNumber).filter((c) => c !== '');
    expect(shown.length).toBeGreaterThan(0);
    for (const c of shown) expect(c).toMatch(/^\d+\.\d{3}$/);
    await context.close();
  });

  it('an id that names no run says so', async () => {
    const bogus = 'sysbench/vm/20261122-no.such.run';
    const { page, context } = await site.open(`/compare/?base=${base}&runs=${bogus},${runs[0]}`);
    await page.locator('body[data-compare-ready="true"]').waitFor();
    expect(await page.locator('#unknown-ids').textContent()).toBe(
      `No sysbench run with the id ${bogus}: the address names a run that does not exist (a typo, or a run since removed).`,
    );
    expect(await page.locator('#result table.relative thead th a').allTextContents()).toEqual(['x.pg1518.cy2.pk1']);
    await context.close();
  });
});

describe('compare view: only what the runs have, why not, at 400 px', () => {
  const base = ID('x.pg1518.cy1.pk1');
  const runs = [ID('x.pg1518.cy2.pk1'), ID('x.ma101119.cy1.pk1')];

  it('at 400 px wide: the picker first, nothing off-screen, names wrap in their cells, a value axis on the chart', async () => {
    const { page, context } = await site.open(`/compare/?base=${base}&runs=${runs.join(',')}`);
    await page.setViewportSize({ width: 400, height: 800 });
    await page.locator('body[data-compare-ready="true"]').waitFor();
    // The picker comes before the result, the runs the address names at its top.
    expect(
      await page.evaluate(
        () =>
          document.getElementById('runs')!.compareDocumentPosition(document.getElementById('result')!) &
          Node.DOCUMENT_POSITION_FOLLOWING,
      ),
    ).toBeTruthy();
    expect(await page.locator('#runs tbody tr').first().locator('input[type=radio]').isChecked()).toBe(true);
    // Nothing wider than the screen, and no cell's text runs out of its cell.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    const box = await page.locator('#result table.relative').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(400);
    const overflowing = await page.$$eval('#result table.relative th, #result table.relative td, #runs td', (cells) =>
      cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent),
    );
    expect(overflowing).toEqual([]);
    // The chart's value axis: round numbers, 1 among them, and its title.
    const svg = page.locator('#result figure.compare-chart svg');
    const ticks = await svg.locator('text').allTextContents();
    expect(ticks).toEqual(expect.arrayContaining(['0', '0.5', '1', '1.5']));
    expect(ticks).toContain('relative to x.pg1518.cy1.pk1 (1 = the base)');
    expect(await svg.getAttribute('aria-label')).toMatch(
      /^Bar chart of values relative to x\.pg1518\.cy1\.pk1 by test/,
    );
    await context.close();
  });

  it('shows only the tests the chosen runs have: every row has a value', async () => {
    const { page, context } = await site.open(`/compare/?base=${base}&runs=${runs.join(',')}`);
    await page.locator('body[data-compare-ready="true"]').waitFor();
    const rows = page.locator('#result table.relative tbody tr[data-test]');
    expect(await rows.count()).toBeGreaterThan(5);
    for (const texts of await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim())),
    ))
      expect(texts.some((t) => t !== '')).toBe(true);
    // pn53's tests (points-covered-pk ...) are in the data but not in these runs: no row.
    expect(await page.locator('#result tr[data-test="points-covered-pk"]').count()).toBe(0);
    await context.close();
  });

  it("a post's relative run against a measured base: the reason instead of an empty table, and a link to its post's base", async () => {
    const measured = 'sysbench/pn53/20260301-x.my8408_rel_o2nofp.z12a_c8r32.pk1';
    const z13b = 'sysbench/pn53/20260410-my9700.z13b_c8r32';
    const { page, context } = await site.open(`/compare/?base=${measured}&runs=${z13b}`);
    await page.locator('body[data-compare-ready="true"]').waitFor();
    expect(await page.locator('#result table.relative').count()).toBe(0);
    const why = page.locator(`#not-compared li[data-run="${z13b}"]`);
    expect(await why.textContent()).toContain(
      'has no numbers of its own: a post printed its values relative to 8.4.8, not to x.my8408_rel_o2nofp.z12a_c8r32.pk1, and values relative to different runs cannot be compared.',
    );
    await why.locator('a', { hasText: 'as the base' }).click();
    await page.waitForURL(
      /base=sysbench\/pn53\/20260410-my8408\.z12a_c8r32&runs=sysbench\/pn53\/20260410-my9700\.z13b_c8r32$/,
    );
    await page.locator('body[data-compare-ready="true"]').waitFor();
    expect(await page.locator('#not-compared').count()).toBe(0);
    const cell = page.locator('#result tr[data-test="point-query"] td').first();
    expect(cellNumber(await cell.textContent())).toBe('0.93');
    await context.close();
  });
});

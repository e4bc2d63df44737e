// Every relative value says whether it is beyond noise, and an incomparable comparison never reaches a page
// unmarked: a report cell within noise is muted with its interval in the tooltip; the compare view mutes such
// cells too and flags a run that fails a comparability gate against the base, without colouring it.
import { describe, expect, it } from 'vitest';
import { siteInBrowser } from '../helpers/site-in-browser.ts';

const site = siteInBrowser();
const interval = (title: string) => {
  const m = /95 % interval (-?[\d.]+) to (-?[\d.]+)/.exec(title);
  return m ? ([Number(m[1]), Number(m[2])] as [number, number]) : undefined;
};

describe('noise and comparability on the pages', () => {
  it('a report cell within noise is marked: muted, its interval (which includes 1) in the tooltip', async () => {
    const { page, context } = await site.open('/reports/2026-11-22-postgres-mariadb-sysbench-small-vm/');
    const cells = page.locator('table.compare.relative td.within-noise');
    expect(await cells.count()).toBeGreaterThan(0);
    for (const title of await cells.evaluateAll((tds) => tds.map((td) => td.getAttribute('title') ?? ''))) {
      expect(title).toContain('within noise');
      const [low, high] = interval(title)!;
      expect(low).toBeLessThanOrEqual(1);
      expect(high).toBeGreaterThanOrEqual(1);
    }
    // A cell with an interval that excludes 1 is not muted.
    const others = await page
      .locator('table.compare.relative td[title*="95 % interval"]:not(.within-noise)')
      .evaluateAll((tds) => tds.map((td) => td.getAttribute('title') ?? ''));
    for (const title of others) {
      const [low, high] = interval(title)!;
      expect(low > 1 || high < 1).toBe(true);
    }
    // Muted: its text in the pages' muted colour (not the table's), still readable (site.css).
    const colour = (sel: string) =>
      page
        .locator(sel)
        .first()
        .evaluate((e) => getComputedStyle(e).color);
    expect(await cells.first().evaluate((td) => getComputedStyle(td).color)).toBe(await colour('.muted'));
    expect(await cells.first().evaluate((td) => getComputedStyle(td).color)).not.toBe(await colour('body'));
    // Explained once: one short line that links the page that explains the intervals.
    const notes = page.locator('.noise-note');
    expect(await notes.count()).toBe(1);
    expect(await notes.textContent()).toContain('within the runs');
    await notes.locator('a').click();
    expect(page.url()).toBe(`${site.url()}/noise/`);
    expect(await page.locator('main').textContent()).toContain('batch means');
    await context.close();
  });

  it('the compare view mutes values within noise and flags an incomparable run, never colouring it', async () => {
    const base = 'sysbench/vm/20261122-x.pg1518.cy1.pk1';
    const same = 'sysbench/vm/20261122-x.pg1518.cy2.pk1';
    const other = 'sysbench/ax162s/20260401-x.pg1222_o2nofp.x10a_c32r128.pk1';
    const { page, context } = await site.open(`/compare/?benchmark=sysbench&base=${base}&runs=${same},${other}`);
    await page.locator('body[data-compare-ready="true"]').waitFor();
    const heads = page.locator('#result thead th');
    expect(await heads.nth(1).getAttribute('class')).toContain('incomparable');
    expect(await heads.nth(1).getAttribute('title')).toBe(
      'not comparable with the base: different threads: 40 vs 1 in the base',
    );
    const flagged = await page
      .locator('#result tbody tr')
      .evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[1]?.className ?? ''));
    expect(flagged.every((c) => !/regression|improvement/.test(c))).toBe(true);
    const muted = page.locator('#result td.within-noise');
    expect(await muted.count()).toBeGreaterThan(0);
    const [low, high] = (await muted.first().getAttribute('data-ci95'))!.split(',').map(Number);
    expect(low).toBeLessThanOrEqual(1);
    expect(high).toBeGreaterThanOrEqual(1);
    await context.close();
  });
});

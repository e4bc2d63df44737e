// The two committed HammerDB reports in a real browser, with JavaScript on and off: the relative Postgres table
// is the one the 2026-02-15 post printed, cell for cell; the 2026-03-16 post's stored-procedure and cpuPer tables read as published;
// a harvested run page shows the TEST RESULT numbers of its raw output.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { archiveText } from '../helpers/fixtures.ts';
import { siteInBrowser } from '../helpers/site-in-browser.ts';
import { cellNumber } from '../helpers/cell-text.ts';
import {
  POST_2026_02_15_PG_COLUMNS,
  POST_2026_02_15_PG_RELATIVE,
  POST_2026_02_15_PG_VS_MY_ABSOLUTE,
} from './hammerdb-post-tables.ts';

const LARGE = '/reports/2026-02-15-hammerdb-tproc-c-large-server/';
const SMALL = '/reports/2026-03-16-hammerdb-tproc-c-cpu-efficiency-small-server/';
const AX = (label: string) => `hammerdb-tprocc/ax162s/20260215-${label}`;
const PG_IDS = [
  'pg1222.x10a50g_c32r128',
  'pg1323.x10a50g_c32r128',
  'pg1420.x10a50g_c32r128',
  'pg1515.x10a50g_c32r128',
  'pg1611.x10a50g_c32r128',
  'pg177.x10a50g_c32r128',
  'pg181.x10b50g_c32r128',
].map(AX);
const pointKey = (label: string) => label.replace(/^vu=(\d+), wh=(\d+)$/, 'vu$1.w$2');

const site = siteInBrowser();

async function open(path: string, javaScriptEnabled: boolean): Promise<Page> {
  const { page, response } = await site.open(path, { javaScriptEnabled });
  expect(response?.status()).toBe(200);
  return page;
}

const text = async (page: Page, selector: string) => (await page.locator(selector).first().textContent())?.trim();

describe.each([true, false])('HammerDB reports, JavaScript enabled: %s', (javaScriptEnabled) => {
  it("large server (2026-02-15 post): three sections, each naming its base; the Postgres relative table is the post's", async () => {
    const page = await open(LARGE, javaScriptEnabled);
    expect(await page.locator('h1').textContent()).toBe('HammerDB tproc-c on a large server, Postgres and MySQL');
    const sections = page.locator('section.hammerdb-report');
    expect(await sections.count()).toBe(3);
    expect(await sections.locator('.base-name').allTextContents()).toEqual(['my5651', 'pg1222', 'pg181']);
    // The report places the Postgres relative table in its prose, where the post has it.
    const pg = page.locator('div.hammerdb-report.placed', {
      has: page.locator('caption', { hasText: 'Relative NOPM: relative to pg1222' }),
    });
    expect(await pg.count()).toBe(1);
    const headers = (await pg.locator('table.hammerdb-grid.relative thead th a').allTextContents()).map((s) =>
      s.trim(),
    );
    expect(headers).toEqual([...POST_2026_02_15_PG_COLUMNS]);
    for (const [row, expected] of Object.entries(POST_2026_02_15_PG_RELATIVE)) {
      const cells = pg.locator(`table.hammerdb-grid.relative tr[data-point="${pointKey(row)}"] td`);
      expect((await cells.allTextContents()).map(cellNumber), row).toEqual(expected);
      for (let i = 0; i < PG_IDS.length; i++) expect(await cells.nth(i).getAttribute('data-run')).toBe(PG_IDS[i]);
    }
    // Coloured as the other reports: 0.876 (pg181 at vu=20, wh=4000) is a regression, 1.081 an improvement.
    expect(
      await pg
        .locator(`tr[data-point="vu20.w4000"] td[data-run="${AX('pg181.x10b50g_c32r128')}"]`)
        .first()
        .getAttribute('class'),
    ).toContain('regression');
    expect(
      await pg
        .locator(`tr[data-point="vu10.w2000"] td[data-run="${AX('pg177.x10a50g_c32r128')}"]`)
        .first()
        .getAttribute('class'),
    ).toContain('improvement');
    // Postgres vs MySQL, absolute, and the iostat/vmstat tables only in that section.
    const vs = page.locator('div.hammerdb-report.placed', {
      has: page.locator('caption', { hasText: 'NOPM (new orders per minute); base pg181' }),
    });
    for (const [row, values] of Object.entries(POST_2026_02_15_PG_VS_MY_ABSOLUTE)) {
      expect(
        (await vs.locator(`table.hammerdb-grid.absolute tr[data-point="${pointKey(row)}"] td`).allTextContents()).map(
          (s) => s.trim(),
        ),
        row,
      ).toEqual(values);
    }
    expect(await page.locator('table.hammerdb-system').count()).toBe(2);
    expect(
      await text(
        page,
        `table.hammerdb-system.vmstat tr[data-run="${AX('my8408.z12a50g_c32r128')}"][data-point="vu40.w1000"] td[data-metric="vmstat_cs"]`,
      ),
    ).toBe('455648');
    expect(
      await text(
        page,
        `table.hammerdb-system.iostat tr[data-run="${AX('pg181.x10b50g_c32r128')}"][data-point="vu40.w4000"] td[data-metric="iostat_wmb_per_s"]`,
      ),
    ).toBe('1272.9');
    // A chart per section, drawn at build time.
    const charts = page.locator('figure.chart svg[role="img"]');
    expect(await charts.count()).toBe(3);
    // Its accessible name: what it is, then what it shows (src/charts/describe.ts).
    expect(await charts.nth(1).getAttribute('aria-label')).toMatch(
      /^Relative NOPM per virtual users and warehouses, relative to pg1222\. Bar chart of relative NOPM by test \(9: .*one bar per run: .*Lowest \d\.\d\d \(/,
    );
    expect(await page.locator('figure.chart svg path').count()).toBeGreaterThan(60);
    await page.context().close();
  });

  it('small server (2026-03-16 post): stored procedures off and on side by side, cpuPer as published', async () => {
    const page = await open(SMALL, javaScriptEnabled);
    expect(await text(page, '.base-name')).toBe('Postgres 18.2');
    const grid = page.locator('table.hammerdb-grid.absolute');
    expect((await grid.locator('thead tr').nth(1).locator('th').allTextContents()).map((s) => s.trim())).toEqual([
      'sp0',
      'sp1',
      'sp0',
      'sp1',
      'sp0',
      'sp1',
    ]);
    expect((await grid.locator('tr[data-point="vu1.w100"] td').allTextContents()).map((s) => s.trim())).toEqual([
      '33261',
      '33679',
      '11975',
      '19281',
      '9400',
      '16874',
    ]);
    // The post's vmstat tables: "--- sp0" and "--- sp1", MySQL 8.4.8 and MariaDB 11.8.6 rows.
    const sp0 = page.locator('table.hammerdb-system.vmstat[data-variant="sp0"]');
    const my = sp0.locator('tr[data-run="hammerdb-tprocc/pn53/20260316-my8408.cz12a_c8r32"] td.num');
    expect((await my.allTextContents()).map((s) => s.trim())).toEqual([
      '1.130',
      '65413',
      '10.8',
      '2.9',
      '13.7',
      '1.457',
    ]);
    const sp1 = page.locator('table.hammerdb-system.vmstat[data-variant="sp1"]');
    expect(
      await sp1
        .locator('tr[data-run="hammerdb-tprocc/pn53/20260316-ma1186.cz12b_c8r32"] td[data-metric="cpu_per_nopm"]')
        .textContent(),
    ).toBe('0.679');
    expect(await page.locator('figure.chart svg[role="img"]').count()).toBe(1);
    await page.context().close();
  });
});

describe('pages linked from the reports', () => {
  it('a published run says so and names the post; the CSV download has the relative values', async () => {
    const page = await open(LARGE, false);
    await page.locator('section.hammerdb-report').nth(1).locator('.base-note a').click();
    expect(page.url()).toBe(`${site.url()}/runs/${AX('pg1222.x10a50g_c32r128')}/`);
    expect(
      await page
        .locator('dd', { hasText: 'published table: HammerDB tproc-c on a large server, Postgres and MySQL' })
        .count(),
    ).toBe(1);
    expect(await text(page, 'tr[data-test="vu10.w1000"] td[data-metric="nopm"]')).toBe('353077');
    const csv = await (await page.request.get(`${site.url()}${LARGE}relative-nopm-2.csv`)).text();
    expect(csv.split('\n')[0]).toBe(
      'virtual_users,warehouses,stored_procedures,run,label,value,base,ci95_low,ci95_high,within_noise',
    );
    const line = csv.split('\n').find((l) => l.startsWith(`10,1000,all,${AX('pg1420.x10a50g_c32r128')},`))!;
    expect(Number(line.split(',')[5]).toFixed(3)).toBe('1.054');
    await page.context().close();
  });

  it('a harvested run page shows the TEST RESULT of its raw output, TPM flagged, and the counter over time', async () => {
    const page = await open('/runs/hammerdb-tprocc/vm/20261122-pg1520/', false);
    const stated = /TEST RESULT : System achieved (\d+) NOPM from (\d+) PostgreSQL TPM/.exec(
      archiveText('realruns/hammerdb.tar.gz', 'hammerdb/stdout/pg_run_vu2.stdout.txt'),
    )!;
    expect(await text(page, 'tr[data-test="vu2.w2"] td[data-metric="nopm"]')).toBe(stated[1]);
    expect(await text(page, 'tr[data-test="vu2.w2"] td[data-metric="tpm"]')).toBe(stated[2]);
    expect(await page.locator('th', { hasText: 'not comparable across DBMS' }).count()).toBe(1);
    expect(await page.locator('figure.chart svg[aria-label^="Transactions per minute over time"]').count()).toBe(1);
    const failed = await open('/runs/hammerdb-tprocc/vm/20261122-pg1518/', false);
    expect(await failed.locator('.warning').textContent()).toContain('vu1.w2: no TEST RESULT line');
    await page.context().close();
    await failed.context().close();
  });
});

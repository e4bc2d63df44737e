// The committed Insert Benchmark report in a real browser, with JavaScript on and off: both sections have the
// three summary tables with values from the raw o.res files, SLA failures marked, an inline SVG chart, and
// cells that link to their step's details on the report's steps page.
import { describe, expect, it } from 'vitest';
import { archiveText } from '../helpers/fixtures.ts';
import { siteInBrowser } from '../helpers/site-in-browser.ts';
import { sh } from '../helpers/awk.ts';
import { cellNumber } from '../helpers/cell-text.ts';

const REPORT = '/reports/2026-11-22-postgres-mariadb-insert-benchmark-small-vm/';
const ID = (label: string) => `insert-benchmark/vm/20261122-${label}`;

/** o.res line 1 of a step: field 7 (inserts/s) or 13 (queries/s), as the harness printed it. */
function stated(label: string, step: string, field: 7 | 13): number {
  const res = archiveText('realruns/ibench.tar.gz', `ibench/raw/1u.1tno/${label}/${step}/o.res.dop1`);
  return Number(sh(`awk 'NR==1 { print $${field} }'`, res));
}
const rounded = (x: number) => String(Math.round(x));

// Cells of the summary tables, each expected value computed here from the raw files.
const THROUGHPUT = [
  {
    section: 's1',
    label: '1m.pg1518.ccy1',
    step: 'qr100.L1',
    expected: rounded(stated('1m.pg1518.ccy1', 'qr100.L1', 13)),
  },
  { section: 's1', label: '1m.ma101119.ccy1', step: 'l.x', expected: rounded(stated('1m.ma101119.ccy1', 'l.x', 7)) },
  {
    section: 's2',
    label: '0.2m.ma101119.ccy1',
    step: 'l.i1',
    expected: rounded(stated('0.2m.ma101119.ccy1', 'l.i1', 7)),
  },
];
const RELATIVE = [
  {
    section: 's1',
    label: '1m.ma101119.ccy1',
    step: 'l.i2',
    expected: (
      Math.round(stated('1m.ma101119.ccy1', 'l.i2', 7)) / Math.round(stated('1m.pg1518.ccy1', 'l.i2', 7))
    ).toFixed(2),
  },
  {
    section: 's2',
    label: '0.2m.ma101119.ccy1',
    step: 'qp100.L2',
    expected: (
      Math.round(stated('0.2m.ma101119.ccy1', 'qp100.L2', 13)) / Math.round(stated('0.2m.pg1518.ccy1', 'qp100.L2', 13))
    ).toFixed(2),
  },
];

const site = siteInBrowser();

describe.each([true, false])('Insert Benchmark report, JavaScript enabled: %s', (javaScriptEnabled) => {
  it('shows the three summary tables per section with the values of the raw files', async () => {
    const { page, context, response } = await site.open(REPORT, { javaScriptEnabled });
    expect(response?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toContain('Postgres 15 vs MariaDB 10.11 on the Insert Benchmark');
    expect(await page.locator('section.ibench-report h2').allTextContents()).toEqual(
      expect.arrayContaining(['1M rows, 1 client', '0.2M rows, 1 client']),
    );
    expect((await page.locator('.base-name').allTextContents()).map((t) => t.trim())).toEqual([
      'pg1518.ccy1',
      'pg1518.ccy1',
    ]);
    for (const s of ['s1', 's2'])
      for (const t of ['throughput', 'relative', 'background'])
        expect(await page.locator(`#${s}-${t}`).count(), `${s} ${t}`).toBe(1);
    for (const c of THROUGHPUT) {
      const cell = page.locator(`#${c.section}-throughput tr[data-run="${ID(c.label)}"] td[data-step="${c.step}"]`);
      expect(cellNumber(await cell.textContent()), `${c.label} ${c.step}`).toBe(c.expected);
    }
    for (const c of RELATIVE) {
      const cell = page.locator(`#${c.section}-relative tr[data-run="${ID(c.label)}"] td[data-step="${c.step}"]`);
      expect(cellNumber(await cell.textContent()), `${c.label} ${c.step}`).toBe(c.expected);
    }
    // 1m: MariaDB's background inserts in qr500 reached 463 of 500 (below 95 %): red in the third table, grey in the others.
    const miss = page.locator(`#s1-background tr[data-run="${ID('1m.ma101119.ccy1')}"] td[data-step="qr500.L3"]`);
    expect(cellNumber(await miss.textContent())).toBe(rounded(stated('1m.ma101119.ccy1', 'qr500.L3', 7)));
    expect(await miss.textContent()).toContain('✕ below the target rate');
    expect(await miss.getAttribute('class')).toContain('sla-miss');
    expect(
      await page
        .locator(`#s1-throughput tr[data-run="${ID('1m.ma101119.ccy1')}"] td[data-step="qr500.L3"]`)
        .getAttribute('class'),
    ).toContain('sla-failed');
    expect(
      await page
        .locator(`#s1-background tr[data-run="${ID('1m.ma101119.ccy1')}"] td[data-step="qr100.L1"]`)
        .getAttribute('class'),
    ).not.toContain('sla-miss');
    expect(await page.locator('#s1-background tr.target td').allTextContents()).toEqual(['100', '100', '500', '500']);
    const charts = page.locator('figure.chart svg[role="img"]');
    expect(await charts.count()).toBe(2);
    expect(await page.locator('figure.chart svg path').count()).toBeGreaterThan(20);
    await context.close();
  });

  it('a summary cell leads to its step on the steps page: the harness metrics and response-time histograms', async () => {
    const { page, context } = await site.open(REPORT, { javaScriptEnabled });
    await page.locator(`#s1-throughput tr[data-run="${ID('1m.pg1518.ccy1')}"] td[data-step="qr100.L1"] a`).click();
    expect(page.url()).toBe(`${site.url()}${REPORT}steps/#s1-qr100.L1`);
    // The link lands on the step's heading; its tables follow in the step's section.
    const step = page.locator('section.ibench-step', { has: page.locator('h4[id="s1-qr100.L1"]') });
    const header = (await step.locator('table.metrics thead th').allTextContents()).map((t) => t.trim());
    const pgRow = (await step.locator('table.metrics tbody tr').first().locator('th, td').allTextContents()).map((t) =>
      t.trim(),
    );
    // The same line of the harness's own summary (o.sum.t, written by etl.sh with ncpu=2).
    const sum = archiveText('realruns/ibench.tar.gz', 'ibench/report/sum.1m.dop1/o.sum.t.1m.pg1518.ccy1').split('\n');
    const line = sum[5]!.split('\t');
    for (const col of ['ips', 'qps', 'cspq', 'cpupq', 'wkbpi', 'maxop', 'p50', 'p99']) {
      expect(pgRow[header.indexOf(col)], col).toBe(line[sum[0]!.split('\t').indexOf(col)]);
    }
    const query = step.locator('table.histogram[data-op="query"] tbody tr').first();
    const pct = archiveText('realruns/ibench.tar.gz', 'ibench/raw/1u.1tno/1m.pg1518.ccy1/qr100.L1/o.rt.c.query')
      .split('\n')
      .find((l) => l.endsWith('pct:DBMS'))!;
    expect((await query.locator('td').first().textContent())?.trim()).toBe(pct.split(',')[0]);
    await context.close();
  });
});

describe('pages linked from the Insert Benchmark report', () => {
  it('a run page lists the steps with the SLA, and its per-second charts; the CSV tables download', async () => {
    const { page, context } = await site.open(REPORT, { javaScriptEnabled: false });
    await page.locator(`#s1-throughput tr[data-run="${ID('1m.pg1518.ccy1')}"] th a`).click();
    expect(page.url()).toBe(`${site.url()}/runs/${ID('1m.pg1518.ccy1')}/`);
    const row = page.locator('tr[data-test="qp500.L4"]');
    expect(await row.locator('td').nth(1).textContent()).toBe(
      `${rounded(stated('1m.pg1518.ccy1', 'qp500.L4', 7))} of 500 inserts/s: missed`,
    );
    expect(await page.locator('figure.chart svg[aria-label^="Queries per second (client 1)"]').count()).toBe(1);
    const csv = await page.request.get(`${site.url()}${REPORT}throughput-2.csv`);
    expect(csv.status()).toBe(200);
    const text = await csv.text();
    expect(text.split('\n')[0]).toBe('run,label,step,value,quartile,sla_failed,failed');
    expect(text).toContain(
      `${ID('0.2m.ma101119.ccy1')},ma101119.ccy1,l.i1,${rounded(stated('0.2m.ma101119.ccy1', 'l.i1', 7))},`,
    );
    await context.close();
  });

  it('the report page and its steps page each stay under 100 KB (HTML, CSS and inline SVG)', async () => {
    for (const path of [REPORT, `${REPORT}steps/`]) {
      const { page, context, response } = await site.open(path);
      let bytes = (await response!.body()).length;
      for (const href of await page
        .locator('link[rel="stylesheet"]')
        .evaluateAll((ls) => ls.map((l) => (l as HTMLLinkElement).href)))
        bytes += (await (await page.request.get(href)).body()).length;
      expect(bytes, path).toBeLessThan(100 * 1024);
      await context.close();
    }
  });
});

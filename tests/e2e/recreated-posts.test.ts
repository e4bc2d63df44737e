// Two posts recreated as reports, opened in Chromium: five numbers of each, read from the post's own text
// (tests/fixtures/seeds/), must be what the report page shows, in its computed sentences and in its tables.
// The sysbench post (2026-06-09) has relative tables and basis-point sentences; the Insert Benchmark post
// (2026-03-18) gives its numbers in sentences only ("3.63X larger for z12c_sync").
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { readFileSync } from 'node:fs';
import { FIXTURES, fixtureText } from '../helpers/fixtures.ts';
import { siteInBrowser } from '../helpers/site-in-browser.ts';
import { cellNumber } from '../helpers/cell-text.ts';

const site = siteInBrowser();

/** The first capture of `re` in `text`, which must match. */
function grab(text: string, re: RegExp): string[] {
  const m = re.exec(text);
  if (!m) throw new Error(`${re} does not match`);
  return m.slice(1);
}

/** The report's prose as one line of text. */
async function prose(page: Page): Promise<string> {
  return ((await page.locator('article.prose').textContent()) ?? '').replace(/\s+/g, ' ');
}

/**
 * The relative value a table of a section (0-based) shows for a run (by its column label) and a test, without the †
 * mark: in the prose where the report places it, or after the prose.
 */
async function cell(page: Page, section: number, column: string, test: string): Promise<string> {
  const s = page.locator(`.relative-report[data-section="${section + 1}"]`);
  const byRun = await s.locator('table.by-run').count();
  if (byRun) {
    const row = s.locator('table.by-run tr', { has: page.locator('th a', { hasText: new RegExp(`^${column}$`) }) });
    return cellNumber(await row.first().locator(`td[data-test="${test}"]`).first().textContent());
  }
  const table = s.locator('table.relative', { has: page.locator(`tr[data-test="${test}"]`) }).first();
  const heads = await table.locator('thead th').allTextContents();
  const j = heads.findIndex((h) => h.trim() === column);
  expect(j).toBeGreaterThanOrEqual(0);
  const text = await table.locator(`tr[data-test="${test}"] td`).nth(j).textContent();
  return cellNumber(text);
}

describe.each([true, false])('recreated posts, JavaScript enabled: %s', (javaScriptEnabled) => {
  it('2026-06-09 Postgres 19 beta1 vs sysbench: five numbers as the post gives them', async () => {
    const seed = fixtureText('seeds/2026-06-09-postgres-19-beta1-sysbench.txt');
    const { page, context, response } = await site.open(
      '/reports/2026-06-09-postgres-19-beta1-sysbench-small-server/',
      {
        javaScriptEnabled,
      },
    );
    expect(response?.status()).toBe(200);
    const text = await prose(page);

    // 1. "19beta1 is better than 17.10 by ~3 basis points for most tests" (point queries)
    const [median] = grab(seed, /19beta1 is better than 17\.10 by ~(\d+) basis points for most tests/);
    expect(text).toContain(`19beta1 is better than 17.10 by ~${median} basis points for most tests`);
    // 2. "19beta1 is better than 17.10 by 5 basis points in the scan test"
    const [scan] = grab(seed, /better than 17\.10 by (\d+) basis points in the scan test/);
    expect(text).toContain(`19beta1 is better than 17.10 by ${scan} basis points in the scan test`);
    // 3. and 4. writes: "19beta1 is worse than 17.10 by 2 to 5 basis points"
    const [low, high] = grab(seed, /19beta1 is worse than 17\.10 by (\d+) to (\d+) basis points/);
    expect(text).toContain(`19beta1 is worse than 17.10 by ${low} to ${high} basis points`);
    // 5. read-only-count, 2.47 in the post's table ("~2.5X" in its sentence): the table and the sentence
    const [count] = grab(seed, /^\d\.\d\d\s+(\d\.\d\d)\s+read-only-count$/m);
    expect(await cell(page, 0, '19beta1', 'read-only-count')).toBe(count);
    expect(text).toContain(`19beta1 is ~${count}X better than 17.10 on the read-only-count test`);
    // The summary of the point queries in the posts' words, from the same table.
    const [pq] = grab(seed, /^\d\.\d\d\s+(\d\.\d\d)\s+point-query$/m);
    expect(await cell(page, 0, '19beta1', 'point-query')).toBe(pq);
    await context.close();
  });

  it('2026-03-18 binlog_storage_engine on the Insert Benchmark: five numbers as the post gives them', async () => {
    const seed = fixtureText('seeds/2026-03-18-mariadb-binlog-insert-benchmark-32-core.txt');
    const { page, context, response } = await site.open(
      '/reports/2026-03-18-mariadb-binlog-storage-engine-insert-benchmark-32-core/',
      { javaScriptEnabled },
    );
    expect(response?.status()).toBe(200);
    const text = await prose(page);
    // The CPU-bound section's first list (the post has a no-break space after "is" in some lines): "throughput for l.i0 (load in PK order) is 3.63X larger for z12c_sync"
    const cpu = seed.slice(seed.indexOf('Results: CPU-bound'), seed.indexOf('Results: IO-bound'));
    for (const step of ['l.i0', 'l.i1', 'l.i2']) {
      const [x] = grab(
        cpu,
        new RegExp(`throughput for ${step.replace('.', '\\.')} \\([^)]*\\) is\\s(\\d\\.\\d\\d)X larger for z12c_sync`),
      );
      expect(text).toMatch(
        new RegExp(
          `throughput for ${step.replace('.', '\\.')} \\([^)]*\\) is ${x!.replace('.', '\\.')}X larger for z12c_sync`,
        ),
      );
      expect(await cell(page, 0, 'z12c_sync', step)).toBe(x);
    }
    // "In this case it was up to 8.9X larger" (tl;dr, CPU-bound): 8.90 printed in the tables
    const [upTo] = grab(seed, /In this case it was up to (\d+\.\d+)X larger/);
    expect(text).toMatch(/buffer disabled: up to (\d+\.\d\d)X larger/);
    expect(Number(grab(text, /buffer disabled: up to (\d+\.\d\d)X larger/)[0])).toBe(Number(upTo));
    // "the best throughput comes from enabling the binlog storage engine and disabling the InnoDB doublewrite
    // buffer and was 3.26X" (tl;dr, IO-bound)
    const [best] = grab(seed, /doublewrite buffer and was (\d\.\d\d)X/);
    expect(text).toContain(`disabling the InnoDB doublewrite buffer, up to ${best}X`);
    expect(await cell(page, 1, 'z12c_sync_dw0', 'l.i1')).toBe(best);
    await context.close();
  });
});

describe('attachments', () => {
  it('the 2026-03-16 report lists its flamegraphs and links them as files to download, never inlined', async () => {
    const { page, context } = await site.open('/reports/2026-03-16-hammerdb-tproc-c-cpu-efficiency-small-server/');
    const links = page.locator('section.attachments li a');
    expect(await links.count()).toBe(6);
    expect(await links.first().getAttribute('download')).not.toBeNull();
    expect(await links.first().textContent()).toBe('Flamegraph, MariaDB 11.8.6, stored procedures on (sp1)');
    // The prose's "attached" link leads to the list.
    expect(await page.locator('article.prose a[href="#attachments"]').count()).toBe(1);
    const href = (await links.nth(2).getAttribute('href'))!;
    expect(href).toBe('attachments/sp1.o.pg.pg182_o2nofp.x10b_c8r32.perf.all.svg.gz');
    const res = await context.request.get(new URL(href, page.url()).href);
    expect(res.status()).toBe(200);
    const body = await res.body();
    // The committed file as it is (gzip), the flamegraph copied from the mytools archive.
    expect(
      body.equals(
        readFileSync(
          `${FIXTURES}mytools/bench/arc/mar26.sp.pn53.vu1.w100/sp1/o.pg.pg182_o2nofp.x10b_c8r32.perf.all.svg.gz`,
        ),
      ),
    ).toBe(true);
    // No flamegraph on the page itself: its SVGs are the build's charts only, none with a script.
    expect(await page.locator('svg script').count()).toBe(0);
    expect(await page.content()).not.toContain('Flame Graph');
    await context.close();
  });
});

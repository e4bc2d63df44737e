// The history page of the runs a post published as relative values: the 2026-06-09 post's Postgres 17.10,
// 18.4 and 19beta1 on ser7, every value marked †, the chained ones with ≈, their chain and range, and the words
// that say how a chained value is obtained.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { summarizeRun } from '../../../../../src/runs/run-summary.ts';
import { historyPageBody, historyPageRuns } from '../../../../../src/site/list-pages/history-page.ts';
import { ROOT } from '../../../../helpers/build-site.ts';
import { htmlTables } from '../../../../helpers/html-tables.ts';
import { cellNumber } from '../../../../helpers/cell-text.ts';
import { harvestFixture } from '../../../../helpers/harvest-fixture.ts';
import { withNoiseRows } from '../../../../../collectors/lib/noise-rows.ts';

const dir = `${ROOT}content/runs/sysbench/ser7`;
const runs = readdirSync(dir)
  .sort()
  .map((name) => ({
    id: `sysbench/ser7/${name}`,
    summary: summarizeRun(JSON.parse(readFileSync(`${dir}/${name}/run.json`, 'utf8'))),
  }));
const key = { benchmark: 'sysbench', host: 'ser7', product: 'postgres' };
const printed = (name: string) =>
  new Map(
    (
      JSON.parse(readFileSync(`${dir}/${name}/run.json`, 'utf8')) as {
        relative: Array<{ values: Array<{ test: string; value: number }> }>;
      }
    ).relative[0]!.values.map((v) => [v.test, v.value]),
  );

describe('history page of a post’s relative values', async () => {
  const body = (await historyPageBody(key, historyPageRuns(key, runs), { annotations: [], families: [] }, '/')).text;
  const [toBase, toBefore] = htmlTables(body).filter((t) => /\brelative\b/.test(t.attrs.class ?? ''));

  it('shows 18.4 and 19beta1 against 17.10 as the post printed them, marked †', () => {
    expect(body).toContain('Published 2026-06-09 · against 17.10');
    expect(toBase!.head.map((c) => c.text)).toEqual(['18.4', '19beta1', 'test']);
    // The base has no column: its caption links its run.
    expect(body).toContain('Relative to <a href="/runs/sysbench/ser7/20260609-pg1710/">postgres 17.10</a>');
    const v19 = printed('20260609-pg19b1');
    const v18 = printed('20260609-pg184');
    expect(toBase!.rows).toHaveLength(v19.size);
    for (const row of toBase!.rows) {
      const test = row.attrs['data-test']!;
      const [a, b] = row.cells;
      expect(a!.text).toMatch(/^\d\.\d\d†/);
      expect(cellNumber(a!.text)).toBe(v18.get(test)!.toFixed(2));
      expect(cellNumber(b!.text)).toBe(v19.get(test)!.toFixed(2));
      expect(b!.attrs.title).toBe('as the post printed it');
    }
  });

  it('19beta1 against 18.4 is chained, ≈ and †, its chain and range in its title, and the page says how', () => {
    const scan = toBefore!.rows.find((r) => r.attrs['data-test'] === 'scan')!;
    const cell = scan.cells[1]!;
    expect(cell.text).toMatch(/^≈1\.11†▲/);
    expect(cell.attrs.class).toContain('improvement');
    expect(cell.attrs.title).toBe(
      'chained, no table prints it: 1.05 (19beta1 vs 17.10) ÷ 0.95 (18.4 vs 17.10); with each printed value rounded to 2 decimals, between 1.094 and 1.116',
    );
    expect(body).toContain(
      '≈ chained, test by test, from the values the post printed: 19beta1 against 18.4 = (19beta1 vs 17.10) ÷ (18.4 vs 17.10).',
    );
    expect(body).toContain('These runs have no numbers of their own');
    // No absolute value is made up.
    expect(body).toContain('No absolute values: the post printed relative values only.');
    expect(body).not.toContain('<summary class="small">Absolute values</summary>');
  });

  it('says nothing of noise: no value here has an interval; and names no source file', () => {
    expect(body).not.toContain('noise-note');
    expect(body).not.toContain('batch means');
    expect(body).not.toMatch(/src\/|\.ts\b/);
    expect(body).toContain('<a href="/docs/comparability/">comparability gates</a>');
  });
});

describe('history page of measured runs with intervals', async () => {
  const h = await harvestFixture('realruns/sysbench.tar.gz');
  const pg = h.byLabel.get('x.pg1518.cy1.pk1')!;
  const noisy = withNoiseRows(pg.run, pg.series);
  const next = structuredClone(noisy);
  next.dbms.version = '16.9';
  const runs = [
    { id: pg.id, summary: summarizeRun(noisy) },
    { id: `${pg.id}-16.9`, summary: summarizeRun(next) },
  ];
  const k = { benchmark: 'sysbench', host: noisy.host.name, product: 'postgres' };
  const body = (await historyPageBody(k, historyPageRuns(k, runs), { annotations: [], families: [] }, '/b/')).text;

  it('says once, in one short line, what a muted value means, and links the page that explains the intervals', () => {
    expect(body).toContain('title="95 % interval');
    expect(body.split('noise-note').length - 1).toBe(1);
    expect(body).toContain('<a href="/b/noise/">how the intervals are computed</a>');
    expect(body).not.toContain('batch means');
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Run } from '../../../../../src/schemas/index.ts';
import { paramText, runPageBody, runPageHead } from '../../../../../src/site/run-page/run-body.ts';

// Committed runs of each benchmark, as the site renders them.
const read = (id: string) =>
  JSON.parse(readFileSync(new URL(`../../../../../content/runs/${id}/run.json`, import.meta.url), 'utf8')) as Run;
const SYSBENCH = 'sysbench/vm/20261122-x.pg1518.cy1.pk1';
const IBENCH = 'insert-benchmark/vm/20261122-1m.pg1518.ccy1';
const HAMMERDB = 'hammerdb-tprocc/vm/20261122-pg1518';

const body = (id: string, run = read(id), base = '/') =>
  runPageBody({ id, run, charts: '<figure id="charts-here"></figure>', base });
const rowsOf = (page: string) => [...page.matchAll(/<tr data-test="([^"]*)"/g)].map((m) => m[1]);

describe('run page body', () => {
  it('has a row per test, in the run order, and the sections of a sysbench run with vmstat/iostat', () => {
    const run = read(SYSBENCH);
    const page = body(SYSBENCH, run);
    expect(rowsOf(page)).toEqual(run.tests.map((t) => t.name));
    for (const h of ['<h2>Tests</h2>', '<h2>System metrics</h2>', '<h2>Configuration</h2>', '<h2>Provenance</h2>'])
      expect(page).toContain(h);
    expect(page).toContain('<figure id="charts-here"></figure>');
    expect(page).toContain(`<code>${SYSBENCH}</code>`);
    expect(page).toContain(`All ${run.results.length} numbers of this run (CSV)`);
  });

  it('links history under the site base and the raw archive beside the page', () => {
    const run = read(SYSBENCH);
    const page = body(SYSBENCH, run, '/bench/');
    expect(page).toContain(`href="/bench/history/sysbench/${run.host.name}/${run.dbms.product}/"`);
    expect(page).toContain('href="raw.tar.gz"');
  });

  it('renders the Insert Benchmark SLA column and response-time histograms', () => {
    const ib = read(IBENCH);
    expect(body(IBENCH, ib)).toContain('<th>background insert SLA</th>');
    expect(rowsOf(body(IBENCH, ib))).toEqual(ib.tests.map((t) => t.name));
    const hdb = read(HAMMERDB);
    expect(body(HAMMERDB, hdb)).not.toContain('Response-time histograms');
    const histogram = {
      name: 'insert',
      client: 'all' as const,
      buckets: [
        { label: '<1ms', upperSeconds: 0.001, count: 7 },
        { label: '>1ms', upperSeconds: null, count: 2 },
      ],
      maxSeconds: 0.5,
    };
    const withHistogram: Run = {
      ...hdb,
      tests: hdb.tests.map((t, i) => (i === 0 ? { ...t, histograms: [histogram] } : t)),
    };
    const page = body(HAMMERDB, withHistogram);
    expect(page).toContain('<h2>Response-time histograms</h2>');
    expect(page).toContain('<th class="num">&lt;1ms</th>');
    expect(page).toContain(
      `<tr><th scope="row">${hdb.tests[0]!.name}</th><td>insert</td><td>all</td><td class="num">7</td><td class="num">2</td><td class="num">0.5</td></tr>`,
    );
  });

  it('escapes text from the run and reports failed tests', () => {
    const run = read(SYSBENCH);
    const evil = '<img src=x onerror=alert(1)>';
    const failed: Run = {
      ...run,
      label: evil,
      notes: evil,
      tests: run.tests.map((t, i) => (i === 0 ? { ...t, status: 'failed', error: `FATAL: ${evil}` } : t)),
    };
    const page = body(SYSBENCH, failed);
    expect(page).not.toContain('<img');
    expect(page).toContain('<h1>&lt;img src=x onerror=alert(1)&gt;</h1>');
    expect(page).toContain(`<p class="warning">1 test(s) failed: ${run.tests[0]!.name}: FATAL: &lt;img`);
    expect(page).toMatch(/<td class="failed" title="FATAL: &lt;img[^"]*">failed<\/td>/);
  });

  it('gives the page a title and description naming the run', () => {
    const run = read(SYSBENCH);
    expect(runPageHead(run)).toEqual({
      title: run.label,
      description: `sysbench run ${run.label} on ${run.host.name}`,
    });
  });
});

describe('run page body: where the numbers come from', () => {
  it('says a run read from harness summaries is one, and what that leaves out', () => {
    const id = 'sysbench/pn53/20260301-x.my8408_rel_o2nofp.z12a_c8r32.pk1';
    const page = body(id);
    expect(page).toContain('<dd>harness summary (mytools-sysbench-summary)</dd>');
    expect(page).toMatch(
      /<p class="small" data-source="harness-summary">harness summary: Read from the benchmark harness’s summary tables[^<]*no per-second series, latency or vmstat\/iostat sample\.<\/p>/,
    );
  });

  it('shows a published-relative run’s values as printed, relative to a linked base, and says it has no absolute number', () => {
    const id = 'sysbench/pn53/20260216-ma120300.z12c_sync_c8r32';
    const run = read(id);
    const page = body(id, run, '/b/');
    expect(page).toContain(
      '<dd>published relative: MariaDB innovation: binlog_storage_engine (published-relative-csv)</dd>',
    );
    expect(page).toContain('this run has no absolute number at all');
    expect(page).toContain(
      '<caption>Relative to <a href="/b/runs/sysbench/pn53/20260216-ma120300.z12b_sync_c8r32/">z12b_sync</a>, as printed (2 decimals, sysbench-binlog-pn53-2026-02-16-relative-to-z12b_sync.csv)</caption>',
    );
    expect(page).toContain('<tr><th scope="row">delete</th><td class="num">6.40</td></tr>');
    expect(page).toContain('All 20 numbers of this run (CSV)');
  });
});

describe('workload parameters on a run page', () => {
  it('read as words and lists, not JSON', () => {
    const run = read(SYSBENCH);
    const page = body(SYSBENCH, run);
    expect(page).toContain('seconds read 10, write 10, insert 10');
    expect(page).toContain('threads 1 ·');
    expect(page).not.toMatch(/seconds \{/);
    expect(paramText({ read: 600, write: 1800 })).toBe('read 600, write 1800');
    expect(paramText([1, 8, 32])).toBe('1, 8, 32');
    expect(paramText({ a: { b: 1 }, c: [2, 3] })).toBe('a (b 1), c (2, 3)');
  });
});

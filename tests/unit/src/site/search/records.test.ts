import { describe, expect, it } from 'vitest';
import { pageFilters, pageKind, runRows, withFilters, type RunRow } from '../../../../../src/site/search/records.ts';
import type { Report } from '../../../../../src/schemas/index.ts';

const row = (id: string, product: string, version: string): RunRow => {
  const [benchmark, host, rest] = id.split('/') as [string, string, string];
  return { id, label: rest.slice(9), benchmark, host, product, version, config: 'c', date: '2026-01-02' };
};
const rows = [
  row('sysbench/pn53/20260409-my8048', 'mysql', '8.4.8'),
  row('sysbench/ser7/20260609-pg184', 'postgres', '18.4'),
  row('sysbench/ser7/20260609-pg19b1', 'postgres', '19beta1'),
  row('hammerdb-tprocc/pn53/20260214-pg181', 'postgres', '18.1'),
];

describe('search records', () => {
  it('reads rows of /data/runs/ by the field names of its list', () => {
    const json = JSON.stringify({ fields: ['id', 'version'], runs: [['a/b/20260101-x', '1.2']] });
    expect(runRows(json)).toEqual([{ id: 'a/b/20260101-x', version: '1.2' }]);
  });

  it('the kinds of page read, by path', () => {
    expect(pageKind('reports/x/index.html')).toBe('report');
    expect(pageKind('reports/x/steps/index.html')).toBe('report');
    expect(pageKind('reports/x/attachments/a.csv')).toBeUndefined();
    // Host pages and histories are found by the filter of runs (find-runs.ts), not indexed.
    expect(pageKind('hosts/sysbench/pn53/index.html')).toBeUndefined();
    expect(pageKind('history/index.html')).toBeUndefined();
    expect(pageKind('history/sysbench/ser7/postgres/index.html')).toBeUndefined();
    expect(pageKind('about/index.html')).toBe('about');
    expect(pageKind('docs/index.html')).toBe('docs');
    expect(pageKind('docs/formats/sysbench/index.html')).toBe('docs');
    expect(pageKind('runs/sysbench/pn53/20260409-my8048/index.html')).toBeUndefined();
    expect(pageKind('index.html')).toBeUndefined();
  });

  it("a report's filters: its benchmark and tags, and its runs' DBMS, versions and hosts", () => {
    const data = { benchmark: 'sysbench', tags: ['versions', 'postgres'] } as Report;
    const runIds = ['sysbench/ser7/20260609-pg184', 'sysbench/ser7/20260609-pg19b1'];
    expect(pageFilters('reports/x/index.html', rows, { data, runIds })).toEqual({
      type: ['report'],
      benchmark: ['sysbench'],
      DBMS: ['postgres'],
      version: ['18', '18.4', '19', '19beta1'],
      host: ['ser7'],
      tag: ['postgres', 'versions'],
    });
  });

  it('the about page is a page', () => {
    expect(pageFilters('about/index.html', rows)).toEqual({ type: ['page'] });
    expect(pageFilters('docs/search/index.html', rows)).toEqual({ type: ['page'] });
    expect(pageFilters('hosts/sysbench/ser7/index.html', rows)).toBeUndefined();
  });

  it('filters go inside <main>, escaped, in a part whose words are not indexed', () => {
    const html = withFilters('<html><body><main><h1>x</h1></main></body></html>', { host: ['a<b'], type: ['host'] });
    expect(html).toBe(
      '<html><body><main><h1>x</h1><div data-pagefind-ignore><span data-pagefind-filter="host">a&lt;b</span><span data-pagefind-filter="type">host</span><span data-pagefind-meta="type">host</span></div></main></body></html>',
    );
  });
});

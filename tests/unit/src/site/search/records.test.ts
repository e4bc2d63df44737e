import { describe, expect, it } from 'vitest';
import {
  pageFilters,
  pageKind,
  runRecord,
  runRows,
  withFilters,
  type RunRow,
} from '../../../../../src/site/search/records.ts';
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
  it('reads /data/run-index.json by its field names', () => {
    const json = JSON.stringify({ fields: ['id', 'version'], runs: [['a/b/20260101-x', '1.2']] });
    expect(runRows(json)).toEqual([{ id: 'a/b/20260101-x', version: '1.2' }]);
  });

  it('a run: its page, words, title and filters, the version by every leading part', () => {
    const r = runRecord(rows[0]!);
    expect(r.url).toBe('/runs/sysbench/pn53/20260409-my8048/');
    expect(r.content).toContain('my8048');
    expect(r.meta).toEqual({ title: 'Run my8048 (sysbench, mysql 8.4.8 on pn53, 2026-01-02)', type: 'run' });
    expect(r.filters).toEqual({
      type: ['run'],
      benchmark: ['sysbench'],
      DBMS: ['mysql'],
      version: ['8', '8.4', '8.4.8'],
      host: ['pn53'],
    });
  });

  it('the kinds of page read, by path', () => {
    expect(pageKind('reports/x/index.html')).toBe('report');
    expect(pageKind('reports/x/steps/index.html')).toBe('report');
    expect(pageKind('reports/x/attachments/a.csv')).toBeUndefined();
    expect(pageKind('hosts/sysbench/pn53/index.html')).toBe('host');
    expect(pageKind('history/index.html')).toBe('history');
    expect(pageKind('history/sysbench/ser7/postgres/index.html')).toBe('history');
    expect(pageKind('about/index.html')).toBe('about');
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

  it("a host page's and a history page's filters are their runs'", () => {
    expect(pageFilters('hosts/sysbench/ser7/index.html', rows)).toMatchObject({
      type: ['host'],
      host: ['ser7'],
      version: ['18', '18.4', '19', '19beta1'],
    });
    expect(pageFilters('history/hammerdb-tprocc/pn53/postgres/index.html', rows)).toEqual({
      type: ['history'],
      benchmark: ['hammerdb-tprocc'],
      DBMS: ['postgres'],
      version: ['18', '18.1'],
      host: ['pn53'],
    });
    expect(pageFilters('about/index.html', rows)).toEqual({ type: ['page'] });
  });

  it('filters go inside <main>, escaped, in a part whose words are not indexed', () => {
    const html = withFilters('<html><body><main><h1>x</h1></main></body></html>', { host: ['a<b'], type: ['host'] });
    expect(html).toBe(
      '<html><body><main><h1>x</h1><div data-pagefind-ignore><span data-pagefind-filter="host">a&lt;b</span><span data-pagefind-filter="type">host</span><span data-pagefind-meta="type">host</span></div></main></body></html>',
    );
  });
});

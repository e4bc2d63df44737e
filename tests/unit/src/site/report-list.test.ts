import { describe, expect, it } from 'vitest';
import { byMonth, byTag, monthName, publishedReports, reportListHtml } from '../../../../src/site/report-list.ts';
import type { ReportEntry } from '../../../../src/site/report-list.ts';

const report = (id: string, date: string, extra: Partial<ReportEntry['data']> = {}): ReportEntry =>
  ({
    id,
    data: { title: id, date: new Date(date), benchmark: 'sysbench', draft: false, includeWarmups: false, ...extra },
  }) as ReportEntry;

const reports = publishedReports([
  report('b', '2026-04-09', { tags: ['mysql', 'regressions'] }),
  report('a', '2026-04-09', { tags: ['mysql'] }),
  report('c', '2026-02-16', { tags: ['fsync'] }),
  report('d', '2026-06-01', { draft: true, tags: ['draft-only'] }),
]);

describe('lists of reports', () => {
  it('published only, newest first, one day by file name', () => {
    expect(reports.map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('by month, the newest month first', () => {
    expect(byMonth(reports).map((m) => [m.month, m.reports.map((r) => r.id)])).toEqual([
      ['2026-04', ['a', 'b']],
      ['2026-02', ['c']],
    ]);
    expect(monthName('2026-02')).toBe('February 2026');
  });

  it('by tag, in the order of tag names, a draft tag not shown', () => {
    expect(byTag(reports).map((t) => [t.tag, t.reports.map((r) => r.id)])).toEqual([
      ['fsync', ['c']],
      ['mysql', ['a', 'b']],
      ['regressions', ['b']],
    ]);
  });

  it('escapes every string of a report and links its tags under the base', () => {
    const out = reportListHtml([report('x', '2026-01-02', { title: '<b>x</b>', tags: ['fsync'] })], '/pr-7/').text;
    expect(out).toContain('<a href="/pr-7/reports/x/">&lt;b&gt;x&lt;/b&gt;</a>');
    expect(out).toContain('<a href="/pr-7/tags/fsync/">fsync</a>');
  });
});

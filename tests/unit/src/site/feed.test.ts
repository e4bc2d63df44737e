import { describe, expect, it } from 'vitest';
import { atomFeed, hasFeed, xml } from '../../../../src/site/feed.ts';
import type { ReportEntry } from '../../../../src/site/report-list.ts';

const report = (id: string, date: string, extra: Partial<ReportEntry['data']> = {}): ReportEntry =>
  ({
    id,
    data: { title: id, date: new Date(date), benchmark: 'sysbench', draft: false, includeWarmups: false, ...extra },
  }) as ReportEntry;

const site = { title: 'A & B', author: 'Ann <ann@example.org>', url: 'https://example.org/results/' };

describe('the Atom feed of the reports', () => {
  it('lists the published reports, newest first, with absolute links on the configured host under the base', () => {
    const feed = atomFeed(
      site,
      [
        report('2026-01-02-old', '2026-01-02', { tags: ['fsync', 'mariadb'], description: 'one line' }),
        report('2026-03-04-new', '2026-03-04'),
        report('2026-05-06-draft', '2026-05-06', { draft: true }),
      ],
      '/results/',
    );
    const entries = [...feed.matchAll(/<entry>[\s\S]*?<\/entry>/g)].map((m) => m[0]);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toContain('<id>https://example.org/results/reports/2026-03-04-new/</id>');
    expect(entries[0]).toContain('<updated>2026-03-04T00:00:00Z</updated>');
    expect(entries[1]).toContain(
      '<link rel="alternate" type="text/html" href="https://example.org/results/reports/2026-01-02-old/"/>',
    );
    expect(entries[1]).toContain('<summary>one line</summary>');
    expect(entries[1]).toContain('<category term="fsync"/>');
    expect(feed).toContain(
      '<link rel="self" type="application/atom+xml" href="https://example.org/results/feed.xml"/>',
    );
    // The feed's own required elements (RFC 4287 4.1.1): id, title, updated, and an author for its entries.
    expect(feed).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
    expect(feed).toContain('<id>https://example.org/results/</id>');
    expect(feed).toContain('<updated>2026-03-04T00:00:00Z</updated>');
    expect(feed).toContain('<title>A &amp; B</title>');
    expect(feed).toContain('<author><name>Ann &lt;ann@example.org&gt;</name></author>');
  });

  it('escapes titles and drops characters XML cannot hold', () => {
    const feed = atomFeed(
      site,
      [report('x', '2026-01-02', { title: '<script>"a" & \'b\'\u0001\u000b</script>' })],
      '/',
    );
    expect(feed).toContain('<title>&lt;script&gt;&quot;a&quot; &amp; &apos;b&apos;&lt;/script&gt;</title>');
    expect(xml('tab\tnew\nline \ud800 ok \ud83d\ude00')).toBe('tab\tnew\nline  ok \ud83d\ude00');
  });

  it('exists only with an address and a published report', () => {
    expect(hasFeed(site, [report('x', '2026-01-02')])).toBe(true);
    expect(hasFeed({ title: 't' }, [report('x', '2026-01-02')])).toBe(false);
    expect(hasFeed(site, [report('x', '2026-01-02', { draft: true })])).toBe(false);
  });
});

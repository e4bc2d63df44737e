// /feed.xml: an Atom feed (RFC 4287) of the reports, newest first. Its links and ids are absolute URLs on the
// host of the site config's `url` (a feed reader has no page to resolve a relative link against), so there is
// a feed only when the config has one. Every string from content is escaped as XML text, and characters XML 1.0
// cannot hold at all (control characters) are left out, so a report title never breaks the feed.
import type { SiteSettings } from '../runs/read-site-config.ts';
import { publishedReports, type ReportEntry } from './report-list.ts';

const FEED_PATH = 'feed.xml';

// Characters XML 1.0 does not allow anywhere (C0 controls but tab, newline and return; U+FFFE, U+FFFF; lone surrogates).
const NOT_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text for an XML element or attribute value. */
export const xml = (s: string): string => s.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** Whether the site has a feed: an address to make its links absolute, and a report to list. */
export const hasFeed = (site: SiteSettings, reports: ReportEntry[]): boolean =>
  site.url !== undefined && publishedReports(reports).length > 0;

/** A report's date as an Atom date: its day at midnight UTC (the frontmatter gives a day). */
const atomDate = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

/**
 * The feed's XML. `base` is the path the site is built under (`/`, `/pr-7/`); links are `url`'s origin plus
 * the page's path under it, so they point where the pages are served.
 */
export function atomFeed(site: SiteSettings & { url: string }, entries: ReportEntry[], base: string): string {
  const reports = publishedReports(entries);
  const abs = (path: string) => new URL(`${base}${path}`, site.url).href;
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${xml(site.title)}</title>`,
    ...(site.description ? [`  <subtitle>${xml(site.description)}</subtitle>`] : []),
    `  <link rel="alternate" type="text/html" href="${xml(abs(''))}"/>`,
    `  <link rel="self" type="application/atom+xml" href="${xml(abs(FEED_PATH))}"/>`,
    `  <id>${xml(abs(''))}</id>`,
    `  <updated>${atomDate(reports[0]!.data.date)}</updated>`,
    // Atom needs an author of the feed or of every entry; a site without one is named by its title.
    `  <author><name>${xml(site.author ?? site.title)}</name></author>`,
    '  <generator>benchsite</generator>',
  ];
  for (const r of reports) {
    const link = abs(`reports/${r.id}/`);
    lines.push(
      '  <entry>',
      `    <title>${xml(r.data.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${xml(link)}"/>`,
      `    <id>${xml(link)}</id>`,
      `    <published>${atomDate(r.data.date)}</published>`,
      `    <updated>${atomDate(r.data.date)}</updated>`,
      ...(r.data.description ? [`    <summary>${xml(r.data.description)}</summary>`] : []),
      ...(r.data.tags ?? []).map((t) => `    <category term="${xml(t)}"/>`),
      '  </entry>',
    );
  }
  lines.push('</feed>', '');
  return lines.join('\n');
}

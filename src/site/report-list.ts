// Lists of reports (the index, tag and archive pages, the feed): the published ones (no drafts), newest first,
// by tag and by month. Plain HTML, escaped like Astro's (see html.ts).
import type { Report } from '../schemas/index.ts';
import { fmtDate } from './format.ts';
import { html, type Html } from './html.ts';
import { siteUrls } from './urls.ts';

export interface ReportEntry {
  id: string;
  data: Report;
}

/** The reports readers see: drafts left out, the newest first (then by file name, so the order is stable). */
export function publishedReports<T extends ReportEntry>(entries: T[]): T[] {
  return entries
    .filter((r) => !r.data.draft)
    .sort((a, b) => b.data.date.getTime() - a.data.date.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** `2026-04` of a report's date (a YAML date is midnight UTC). */
const monthOf = (r: ReportEntry): string => r.data.date.toISOString().slice(0, 7);

const MONTHS = 'January February March April May June July August September October November December'.split(' ');
/** `2026-04` -> `April 2026`. */
export const monthName = (month: string): string => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** Reports grouped by month, the newest month first (`reports` in the order given). */
export function byMonth<T extends ReportEntry>(reports: T[]): Array<{ month: string; reports: T[] }> {
  const groups = new Map<string, T[]>();
  for (const r of reports) groups.set(monthOf(r), [...(groups.get(monthOf(r)) ?? []), r]);
  return [...groups].sort((a, b) => (a[0] < b[0] ? 1 : -1)).map(([month, list]) => ({ month, reports: list }));
}

/** Every tag with its reports (in the order given), by name. */
export function byTag<T extends ReportEntry>(reports: T[]): Array<{ tag: string; reports: T[] }> {
  const tags = [...new Set(reports.flatMap((r) => r.data.tags ?? []))].sort();
  return tags.map((tag) => ({ tag, reports: reports.filter((r) => r.data.tags?.includes(tag)) }));
}

export const tagUrl = (base: string, tag: string) => `${base}tags/${tag}/`;
export const monthUrl = (base: string, month: string) => `${base}archive/${month}/`;

/** A report's tags as links to their pages. */
export function tagLinks(tags: string[] | undefined, base: string): Html {
  return html`${tags?.length ? html`<span class="tags">${tags.map((t) => html`<a href="${tagUrl(base, t)}">${t}</a>`)}</span>` : ''}`;
}

/** One line per report: its title linked, date, benchmark and tags, and its description below. */
export function reportListHtml(reports: ReportEntry[], base: string): Html {
  return html`<ul class="reports">${reports.map(
    (r) =>
      html`<li><a href="${siteUrls(base).report(r.id)}">${r.data.title}</a> <span class="muted small">${fmtDate(r.data.date)} · ${r.data.benchmark}</span> ${tagLinks(r.data.tags, base)}${r.data.description ? html`<div class="small">${r.data.description}</div>` : ''}</li>`,
  )}</ul>`;
}

// What the search index (Pagefind, index-site.ts) holds for each page: its kind and its filters (benchmark, DBMS,
// version, host, tag). Pure: pages come as their path under dist/ and their HTML, runs as the rows of
// /data/runs/ (list-pages/data-files.ts), reports as their frontmatter.
import type { Report } from '../../schemas/index.ts';
import { esc } from '../html.ts';
import { versionPrefixes } from '../version-match.ts';

/** One run as /data/runs/ lists it. */
export interface RunRow {
  id: string;
  label: string;
  benchmark: string;
  host: string;
  product: string;
  version: string;
  config: string;
  date: string;
}

export type Filters = Record<string, string[]>;

/** Rows as objects: `{ fields, runs }`, the fields of /data/runs/index.json and the runs of its files. */
export function runRows(json: string): RunRow[] {
  const data = JSON.parse(json) as { fields: string[]; runs: string[][] };
  return data.runs.map((r) => Object.fromEntries(data.fields.map((f, i) => [f, r[i] ?? ''])) as unknown as RunRow);
}

const sorted = (values: Iterable<string>) => [...new Set(values)].filter(Boolean).sort();

/** Filters of a set of runs: their benchmarks, products, every leading part of their versions, hosts. */
function runFilters(rows: RunRow[]): Filters {
  return {
    benchmark: sorted(rows.map((r) => r.benchmark)),
    DBMS: sorted(rows.map((r) => r.product)),
    version: sorted(rows.flatMap((r) => versionPrefixes(r.version))),
    host: sorted(rows.map((r) => r.host)),
  };
}

const nonEmpty = (f: Filters): Filters => Object.fromEntries(Object.entries(f).filter(([, v]) => v.length > 0));

/** The kinds of page the search reads, by their path under dist/; undefined for the others. */
export function pageKind(path: string): 'report' | 'about' | 'docs' | undefined {
  const p = path.split('\\').join('/');
  if (/^reports\/[^/]+\/(steps\/)?index\.html$/.test(p)) return 'report';
  if (p === 'about/index.html') return 'about';
  if (/^docs\/(.+\/)?index\.html$/.test(p)) return 'docs';
  return undefined;
}

/** The report slug of a report page's path. */
export const reportSlug = (path: string): string => path.split(/[\\/]/)[1]!;

/** The filters of a page: a report's from its frontmatter (benchmark, tags) and the runs it names. */
export function pageFilters(
  path: string,
  rows: RunRow[],
  report?: { data: Report; runIds: string[] },
): Filters | undefined {
  const kind = pageKind(path);
  if (!kind) return undefined;
  if (kind === 'report') {
    const ids = new Set(report?.runIds ?? []);
    const f = runFilters(rows.filter((r) => ids.has(r.id)));
    return nonEmpty({
      type: ['report'],
      ...f,
      benchmark: sorted([...(report ? [report.data.benchmark] : []), ...f.benchmark!]),
      tag: sorted(report?.data.tags ?? []),
    });
  }
  return { type: ['page'] };
}

/**
 * The page's HTML as the indexer reads it (never written to dist/): the filters as elements inside <main>, in
 * a part whose words are not indexed.
 */
export function withFilters(html: string, filters: Filters): string {
  const marks = Object.entries(filters)
    .flatMap(([name, values]) => values.map((v) => `<span data-pagefind-filter="${name}">${esc(v)}</span>`))
    .join('');
  const type = filters.type?.[0];
  const meta = type ? `<span data-pagefind-meta="type">${esc(type)}</span>` : '';
  const at = html.lastIndexOf('</main>');
  if (at < 0) return html;
  return `${html.slice(0, at)}<div data-pagefind-ignore>${marks}${meta}</div>${html.slice(at)}`;
}

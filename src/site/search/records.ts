// What the search index (Pagefind, index-site.ts) holds for each page and run: its kind and its filters
// (benchmark, DBMS, version, host, tag). Pure: pages come as their path under dist/ and their HTML, runs as the
// rows of /data/run-index.json, reports as their frontmatter.
import type { Report } from '../../schemas/index.ts';
import { esc } from '../html.ts';
import { versionPrefixes } from '../version-match.ts';

/** One run as /data/run-index.json lists it. */
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

/** The rows of /data/run-index.json (`{ fields, runs }`). */
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

/** A run as a search record of its own (no page is read): its words, title and filters. */
export function runRecord(r: RunRow): { url: string; content: string; meta: Record<string, string>; filters: Filters } {
  const dbms = [r.product, r.version].filter(Boolean).join(' ');
  return {
    url: `/runs/${r.id}/`,
    content: `${r.label}. A ${r.benchmark} run on ${r.host}${dbms ? ` of ${dbms}` : ''}, config ${r.config}, ${r.date}.`,
    meta: { title: `Run ${r.label} (${r.benchmark}, ${dbms || 'DBMS unknown'} on ${r.host}, ${r.date})`, type: 'run' },
    filters: nonEmpty({ type: ['run'], ...runFilters([r]) }),
  };
}

/** The kinds of page the search reads, by their path under dist/; undefined for the others. */
export function pageKind(path: string): 'report' | 'host' | 'history' | 'about' | undefined {
  const p = path.split('\\').join('/');
  if (/^reports\/[^/]+\/(steps\/)?index\.html$/.test(p)) return 'report';
  if (/^hosts\/[^/]+\/[^/]+\/index\.html$/.test(p)) return 'host';
  if (/^history\/([^/]+\/[^/]+\/[^/]+\/)?index\.html$/.test(p)) return 'history';
  if (p === 'about/index.html') return 'about';
  return undefined;
}

/** The report slug of a report page's path. */
export const reportSlug = (path: string): string => path.split(/[\\/]/)[1]!;

/**
 * The filters of a page: a report's from its frontmatter (benchmark, tags) and the runs it names; a host or
 * history page's from its address and the runs on it.
 */
export function pageFilters(
  path: string,
  rows: RunRow[],
  report?: { data: Report; runIds: string[] },
): Filters | undefined {
  const kind = pageKind(path);
  if (!kind) return undefined;
  const parts = path.split(/[\\/]/);
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
  if (kind === 'host')
    return nonEmpty({
      type: ['host'],
      ...runFilters(rows.filter((r) => r.benchmark === parts[1] && r.host === parts[2])),
    });
  if (kind === 'history' && parts.length === 5)
    return nonEmpty({
      type: ['history'],
      ...runFilters(rows.filter((r) => r.benchmark === parts[1] && r.host === parts[2] && r.product === parts[3])),
    });
  return { type: [kind === 'about' ? 'page' : kind] };
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

// The index's view of many runs: one row per benchmark and host (at 10,000 runs a few dozen rows, so the index
// stays small), with each product's run count and history page; every run is listed on its host's page
// (/hosts/<benchmark>/<host>/) and found by the index's search, which loads /data/run-index.json on demand.
import { historyKeys } from '../analysis/history.ts';
import type { SiteRunSummary } from './summaries.ts';

export interface HostGroup {
  benchmark: string;
  host: string;
  count: number;
  first: string;
  last: string;
  products: Array<{ product: string; count: number; history: boolean }>;
}

/** The runs of one group, its benchmark's on its host, in the order given. */
export const runsOfGroup = (group: { benchmark: string; host: string }, runs: SiteRunSummary[]): SiteRunSummary[] =>
  runs.filter((r) => r.summary.benchmark === group.benchmark && r.summary.host.name === group.host);

export function hostGroups(runs: SiteRunSummary[]): HostGroup[] {
  const withHistory = new Set(historyKeys(runs).map((k) => `${k.benchmark}/${k.host}/${k.product}`));
  const groups = new Map<string, HostGroup & { byProduct: Map<string, number> }>();
  for (const { summary: s } of runs) {
    const key = `${s.benchmark}/${s.host.name}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        benchmark: s.benchmark,
        host: s.host.name,
        count: 0,
        first: s.date,
        last: s.date,
        products: [],
        byProduct: new Map(),
      };
      groups.set(key, g);
    }
    g.count++;
    if (s.date < g.first) g.first = s.date;
    if (s.date > g.last) g.last = s.date;
    const product = s.dbms.product ?? 'unknown';
    g.byProduct.set(product, (g.byProduct.get(product) ?? 0) + 1);
  }
  return [...groups.values()]
    .map(({ byProduct, ...g }) => ({
      ...g,
      products: [...byProduct]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([product, count]) => ({
          product,
          count,
          history: withHistory.has(`${g.benchmark}/${g.host}/${product}`),
        })),
    }))
    .sort((a, b) => a.benchmark.localeCompare(b.benchmark) || a.host.localeCompare(b.host));
}

/** The columns of /data/run-index.json, one array per run: small enough to load when someone searches. */
export const RUN_INDEX_FIELDS = ['id', 'label', 'benchmark', 'host', 'product', 'version', 'config', 'date'] as const;

export function runIndexRows(runs: SiteRunSummary[]): string[][] {
  return runs
    .map(({ id, summary: s }) => [
      id,
      s.label,
      s.benchmark,
      s.host.name,
      s.dbms.product ?? '',
      s.dbms.version ?? '',
      s.config.name,
      s.date,
    ])
    .sort((a, b) => b[7]!.localeCompare(a[7]!) || a[0]!.localeCompare(b[0]!));
}

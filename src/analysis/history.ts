// History across versions: runs of one benchmark, host and product, ordered by version, each config its
// own ladder. Every version relative to the first (the oldest) and to its predecessor, as the posts'
// version-ladder tables do (e.g. Postgres 12.22 -> 18.3 relative to 12.22). A version run several times
// shows its latest run, and says how many it has: one column per version keeps a ladder readable (and its
// page small) when a host has hundreds of runs.
import type { RunSummary } from '../runs/run-summary.ts';
import { compareVersions } from './versions.ts';

export interface Ladder {
  config: string;
  /** One run per version, the latest, in version order; `of` counts the version's runs. */
  runs: Array<{ id: string; label: string; version: string; date: string; of: number }>;
  tests: string[];
  metrics: string[];
  /** values[t][r]: headline value of test t in run r. */
  values: Array<Array<number | undefined>>;
  /** relative to the first run of the ladder */
  toFirst: Array<Array<number | undefined>>;
  /** relative to the run before */
  toPrevious: Array<Array<number | undefined>>;
}

const ratio = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined || b === 0 ? undefined : a / b;

/** A run that can stand in a ladder: it has a version and at least one number (not only failed tests). Its
 * product's history page exists (historyKeys), so its run page may link it. */
export const onLadder = ({ summary }: { summary: RunSummary }) =>
  summary.dbms.version !== undefined && summary.headline.length > 0;

export function historyLadders(runs: Array<{ id: string; summary: RunSummary }>): Ladder[] {
  const byConfig = new Map<string, Array<{ id: string; summary: RunSummary }>>();
  for (const r of runs.filter(onLadder)) {
    const list = byConfig.get(r.summary.config.name) ?? [];
    list.push(r);
    byConfig.set(r.summary.config.name, list);
  }
  return [...byConfig].map(([config, list]) => {
    list.sort(
      (a, b) =>
        compareVersions(a.summary.dbms.version, b.summary.dbms.version) ||
        a.summary.date.localeCompare(b.summary.date) ||
        a.id.localeCompare(b.id),
    );
    // The latest run of each version (the list is in version, then date order).
    const latest: Array<{ id: string; summary: RunSummary; of: number }> = [];
    for (const r of list) {
      const last = latest.at(-1);
      if (last && (last.summary.dbms.version ?? '?') === (r.summary.dbms.version ?? '?'))
        latest[latest.length - 1] = { ...r, of: last.of + 1 };
      else latest.push({ ...r, of: 1 });
    }
    const tests: string[] = [];
    const metrics: string[] = [];
    const seen = new Set<string>();
    for (const { summary } of latest) {
      for (const [test, metric] of summary.headline) {
        if (!seen.has(test)) {
          seen.add(test);
          tests.push(test);
          metrics.push(metric);
        }
      }
    }
    const byRun = latest.map(
      ({ summary }) => new Map(summary.headline.map(([test, metric, value]) => [`${test}\u0000${metric}`, value])),
    );
    const values = tests.map((t, i) => byRun.map((m) => m.get(`${t}\u0000${metrics[i]}`)));
    return {
      config,
      runs: latest.map(({ id, summary, of }) => ({
        id,
        label: summary.dbms.label,
        version: summary.dbms.version ?? '?',
        date: summary.date,
        of,
      })),
      tests,
      metrics,
      values,
      toFirst: values.map((row) => row.map((v) => ratio(v, row[0]))),
      toPrevious: values.map((row) => row.map((v, j) => (j === 0 ? undefined : ratio(v, row[j - 1])))),
    };
  });
}

/** History pages: one per benchmark, host and product that has runs with a version and numbers. */
export function historyKeys(
  runs: Array<{ id: string; summary: RunSummary }>,
): Array<{ benchmark: string; host: string; product: string }> {
  const keys = new Map<string, { benchmark: string; host: string; product: string }>();
  for (const r of runs) {
    const { summary } = r;
    if (!summary.dbms.product || !onLadder(r)) continue;
    const k = { benchmark: summary.benchmark, host: summary.host.name, product: summary.dbms.product };
    keys.set(`${k.benchmark}/${k.host}/${k.product}`, k);
  }
  return [...keys.values()];
}

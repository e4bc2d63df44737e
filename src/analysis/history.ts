// History across versions: runs of one benchmark, host and product, ordered by version, each config its
// own ladder. Every version relative to the first (the oldest) and to its predecessor, as the posts'
// version-ladder tables do (e.g. Postgres 12.22 -> 18.3 relative to 12.22).
import type { RunSummary } from '../runs/run-summary.ts';
import { compareVersions } from './versions.ts';

export interface Ladder {
  config: string;
  /** Runs in version order (then date). */
  runs: Array<{ id: string; label: string; version: string; date: string }>;
  tests: string[];
  metrics: string[];
  /** values[t][r]: headline value of test t in run r. */
  values: Array<Array<number | undefined>>;
  /** relative to the first run of the ladder */
  toFirst: Array<Array<number | undefined>>;
  /** relative to the run before */
  toPrevious: Array<Array<number | undefined>>;
}

const ratio = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined || b === 0 ? undefined : a / b);

export function historyLadders(runs: Array<{ id: string; summary: RunSummary }>): Ladder[] {
  const byConfig = new Map<string, Array<{ id: string; summary: RunSummary }>>();
  for (const r of runs) {
    const list = byConfig.get(r.summary.config.name) ?? [];
    list.push(r);
    byConfig.set(r.summary.config.name, list);
  }
  return [...byConfig].map(([config, list]) => {
    list.sort((a, b) => compareVersions(a.summary.dbms.version, b.summary.dbms.version) || a.summary.date.localeCompare(b.summary.date) || a.id.localeCompare(b.id));
    const tests: string[] = [];
    const metrics: string[] = [];
    for (const { summary } of list) {
      for (const [test, metric] of summary.headline) {
        if (!tests.includes(test)) {
          tests.push(test);
          metrics.push(metric);
        }
      }
    }
    const values = tests.map((t, i) => list.map(({ summary }) => summary.headline.find(([test, metric]) => test === t && metric === metrics[i])?.[2]));
    return {
      config,
      runs: list.map(({ id, summary }) => ({ id, label: summary.dbms.label, version: summary.dbms.version ?? '?', date: summary.date })),
      tests,
      metrics,
      values,
      toFirst: values.map((row) => row.map((v) => ratio(v, row[0]))),
      toPrevious: values.map((row) => row.map((v, j) => (j === 0 ? undefined : ratio(v, row[j - 1])))),
    };
  });
}

/** History pages: one per benchmark, host and product that has runs. */
export function historyKeys(runs: Array<{ id: string; summary: RunSummary }>): Array<{ benchmark: string; host: string; product: string }> {
  const keys = new Map<string, { benchmark: string; host: string; product: string }>();
  for (const { summary } of runs) {
    if (!summary.dbms.product) continue;
    const k = { benchmark: summary.benchmark, host: summary.host.name, product: summary.dbms.product };
    keys.set(`${k.benchmark}/${k.host}/${k.product}`, k);
  }
  return [...keys.values()];
}

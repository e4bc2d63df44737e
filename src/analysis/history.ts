// History across versions: runs of one benchmark, host and product, ordered by version, each config its
// own ladder. Every version relative to the first (the oldest) and to its predecessor, as the posts'
// version-ladder tables do (e.g. Postgres 12.22 -> 18.3 relative to 12.22).
import type { Run } from '../schemas/index.ts';
import { primaryMetric } from './primary-metric.ts';
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

export function historyLadders(runs: Array<{ id: string; run: Run }>): Ladder[] {
  const byConfig = new Map<string, Array<{ id: string; run: Run }>>();
  for (const r of runs) {
    const list = byConfig.get(r.run.config.name) ?? [];
    list.push(r);
    byConfig.set(r.run.config.name, list);
  }
  return [...byConfig].map(([config, list]) => {
    list.sort((a, b) => compareVersions(a.run.dbms.version, b.run.dbms.version) || a.run.date.localeCompare(b.run.date) || a.id.localeCompare(b.id));
    const tests: string[] = [];
    const metrics: string[] = [];
    for (const { run } of list) {
      for (const t of run.tests) {
        if (tests.includes(t.name)) continue;
        const m = primaryMetric(run.benchmark, t.name, (metric) => run.results.some((r) => r.test === t.name && r.metric === metric));
        if (m) {
          tests.push(t.name);
          metrics.push(m);
        }
      }
    }
    const values = tests.map((t, i) => list.map(({ run }) => run.results.find((r) => r.test === t && r.metric === metrics[i])?.value));
    return {
      config,
      runs: list.map(({ id, run }) => ({ id, label: run.dbms.label, version: run.dbms.version ?? '?', date: run.date })),
      tests,
      metrics,
      values,
      toFirst: values.map((row) => row.map((v) => ratio(v, row[0]))),
      toPrevious: values.map((row) => row.map((v, j) => (j === 0 ? undefined : ratio(v, row[j - 1])))),
    };
  });
}

/** History pages: one per benchmark, host and product that has runs. */
export function historyKeys(runs: Array<{ id: string; run: Run }>): Array<{ benchmark: string; host: string; product: string }> {
  const keys = new Map<string, { benchmark: string; host: string; product: string }>();
  for (const { run } of runs) {
    if (!run.dbms.product) continue;
    const k = { benchmark: run.benchmark, host: run.host.name, product: run.dbms.product };
    keys.set(`${k.benchmark}/${k.host}/${k.product}`, k);
  }
  return [...keys.values()];
}

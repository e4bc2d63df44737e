// History across versions: runs of one benchmark, host and product, ordered by version, one ladder per config
// family (content/config-families.yaml; by default each config is its own family) and workload size (runs of
// another table size are another ladder, never dropped). Every version relative to the first (the oldest) and
// to its predecessor, as the posts' version-ladder tables do (e.g. Postgres 12.22 -> 18.3 relative to 12.22). A
// version run several times shows its latest run in the ladder, and every run on a time axis (`timeline`) with
// the spread between its runs: one column per version keeps a ladder readable when a host has hundreds of runs.
// Runs a post published only as relative values form ladders of their own (history-published.ts).
import type { RunSummary } from '../schemas/run-summary.ts';
import type { ConfigFamily } from '../schemas/index.ts';
import { familyOf } from './history-content.ts';
import type { Chain } from './history-chain.ts';
import { gatesText, isPublishedRelative, publishedLadders } from './history-published.ts';
import { repeatSpread, type Interval, type RepeatSpread } from '../engine/noise.ts';
import { compareVersions } from './versions.ts';
import {
  compareCell,
  compareTable,
  metricOf,
  summaryData,
  THRESHOLDS,
  type Cell,
  type RunData,
} from '../engine/index.ts';
import { descriptorOf } from '../../benchmarks/index.ts';

export interface Ladder {
  /**
   * `measured`: runs with numbers of their own (raw files, harness summaries, a post's table of values), one per
   * version. `published`: the runs one post's relative tables join (history-published.ts), the post's base first.
   */
  kind: 'measured' | 'published';
  /** The config family's name (the config's own name when it has no family); a published ladder's configs. */
  config: string;
  /** The configs of the family that have runs here, in version order of their first run. */
  configs: string[];
  /** The runs' workload size (workloadSize of run-summary.ts); '' when the benchmark has none at run level. */
  workloadSize: string;
  /** The values of the comparability gates all its runs share (`threads 1 · duration under a minute ...`). */
  gates: string;
  /** 95 % intervals of toFirst and toPrevious (noise.ts, Fieller's), where both runs export one. */
  toFirstCi: Array<Array<Interval | undefined>>;
  toPreviousCi: Array<Array<Interval | undefined>>;
  /** The engine's cells of each test and version: against the first version, and against the one before. */
  toFirstCells: Cell[][];
  toPreviousCells: Cell[][];
  /** A published ladder's values no table prints, chained through the runs between (history-chain.ts). */
  toFirstChains: Array<Array<Chain | undefined>>;
  toPreviousChains: Array<Array<Chain | undefined>>;
  /** One run per version, the latest, in version order; `of` counts the version's runs. */
  runs: Array<{ id: string; label: string; version: string; config: string; date: string; of: number }>;
  /** Every run of the ladder by date, each test relative to the ladder's first run (a time axis of repeats). */
  timeline: Array<{ id: string; version: string; date: string; toFirst: Array<number | undefined> }>;
  /** For each version run more than once: the spread of each test's headline value between its runs. */
  spreads: Array<{ version: string; runs: number; tests: Array<RepeatSpread | undefined> }>;
  tests: string[];
  metrics: string[];
  /** values[t][r]: headline value of test t in run r. */
  values: Array<Array<number | undefined>>;
  /** relative to the first run of the ladder */
  toFirst: Array<Array<number | undefined>>;
  /** relative to the run before */
  toPrevious: Array<Array<number | undefined>>;
}

/**
 * A run that can stand in a ladder: it has a version and at least one number (not only failed tests), or it is
 * a post's published relative run (history-published.ts). Its product's history page exists (historyKeys), so
 * its run page may link it.
 */
export const onLadder = ({ summary }: { summary: RunSummary }) =>
  summary.dbms.version !== undefined && (summary.headline.length > 0 || isPublishedRelative(summary));

export function historyLadders(
  runs: Array<{ id: string; summary: RunSummary }>,
  families: ConfigFamily[] = [],
): Ladder[] {
  const byConfig = new Map<string, Array<{ id: string; summary: RunSummary }>>();
  for (const r of runs.filter((x) => onLadder(x) && x.summary.headline.length > 0)) {
    const family = familyOf(families, r.summary.dbms.product, r.summary.config.name);
    // One ladder holds only runs the comparability gates let be compared (analysis/comparability.ts).
    const gates = gatesText(r.summary);
    const key = `${family}\u0000${r.summary.workloadSize}\u0000${gates}`;
    const list = byConfig.get(key) ?? [];
    list.push(r);
    byConfig.set(key, list);
  }
  const measured = [...byConfig].map(([key, list]): Ladder => {
    const [config, workloadSize, gates] = key.split('\u0000') as [string, string, string];
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
    // Every comparison from the engine, on the runs' summaries: the same cells as a report's for these runs.
    const d = descriptorOf(latest[0]!.summary.benchmark);
    const data = new Map<string, RunData>(list.map((r) => [r.id, summaryData(r.id, r.summary)]));
    const metricOfTest = new Map(tests.map((t, i) => [t, metrics[i]!]));
    const table = (ladder: boolean) =>
      compareTable(
        {
          descriptor: d,
          columns: latest.map((r, j) => ({
            key: r.id,
            run: r.id,
            label: r.summary.dbms.version ?? '?',
            ...(ladder && j > 0 && { base: latest[j - 1]!.id }),
          })),
          rows: tests,
          metric: (t) => metricOfTest.get(t),
          thresholds: THRESHOLDS,
        },
        (id) => data.get(id),
      ).rows.map((r) => r.cells);
    const toFirstCells = table(false);
    const toPreviousCells = table(true);
    const values = tests.map((t, i) => latest.map((r) => data.get(r.id)!.value(t, metrics[i]!)));
    const first = latest[0]!.id;
    // Every run of the ladder against the first version, for the time axis.
    // By date, runs of one date in version order (the list's: the sort is stable, where a search of the list per
    // comparison grew with the square of a ladder's runs).
    const timeline = [...list]
      .sort((a, b) => a.summary.date.localeCompare(b.summary.date))
      .map(({ id, summary }) => ({
        id,
        version: summary.dbms.version ?? '?',
        date: summary.date,
        toFirst: tests.map((t, i) => {
          const c = compareCell(data.get(id)!, t, data.get(first)!, {
            metric: metricOf(d, metrics[i]!),
            thresholds: THRESHOLDS,
            isBase: id === first,
            relativeOnly: true,
          });
          return c.relative;
        }),
      }));
    const headlineOf = (summary: RunSummary) =>
      new Map(summary.headline.map(([test, metric, value]) => [`${test}\u0000${metric}`, value]));
    const spreads = latest
      .filter((r) => r.of > 1)
      .map((r) => {
        const same = list.filter((x) => (x.summary.dbms.version ?? '?') === (r.summary.dbms.version ?? '?'));
        const maps = same.map((x) => headlineOf(x.summary));
        return {
          version: r.summary.dbms.version ?? '?',
          runs: same.length,
          tests: tests.map((t, i) =>
            repeatSpread(maps.map((m) => m.get(`${t}\u0000${metrics[i]}`)).filter((v): v is number => v !== undefined)),
          ),
        };
      });
    return {
      kind: 'measured',
      config,
      configs: [...new Set(latest.map((r) => r.summary.config.name))],
      workloadSize,
      gates,
      runs: latest.map(({ id, summary, of }) => ({
        id,
        label: summary.dbms.label,
        version: summary.dbms.version ?? '?',
        config: summary.config.name,
        date: summary.date,
        of,
      })),
      timeline,
      spreads,
      tests,
      metrics,
      values,
      toFirstCells,
      toPreviousCells,
      toFirstChains: toFirstCells.map((row) => row.map(() => undefined)),
      toPreviousChains: toFirstCells.map((row) => row.map(() => undefined)),
      toFirstCi: toFirstCells.map((row) => row.map((c) => c.interval)),
      toPreviousCi: toPreviousCells.map((row) => row.map((c, j) => (j === 0 ? undefined : c.interval))),
      toFirst: toFirstCells.map((row) => row.map((c) => c.relative)),
      toPrevious: toPreviousCells.map((row) => row.map((c, j) => (j === 0 ? undefined : c.relative))),
    };
  });
  return [...measured, ...publishedLadders(runs)];
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

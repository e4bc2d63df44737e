// History of runs a post published as relative values (no numbers of their own, only a table of values against
// a base run): the runs one post's tables join (its base, the runs relative to it, the runs relative to those)
// form one ladder, the post's base first. Each run against the first and against the one before comes from the
// engine's cells: as the post printed it where a table relates the two, else chained through the runs between
// them (history-chain.ts), with the chain and the range its rounded factors allow. Pure.
import type { RunSummary } from '../schemas/run-summary.ts';
import { chainedRelative, isPrecise, printedByTest, type Chain } from './history-chain.ts';
import type { Ladder } from './history.ts';
import { compareVersions } from './versions.ts';
import {
  compareCell,
  formatGeneral,
  formatRelative,
  metricOf,
  verdictOf,
  summaryData,
  THRESHOLDS,
  type Cell,
  type RunData,
} from '../engine/index.ts';
import { descriptorOf } from '../../benchmarks/index.ts';

type Entry = { id: string; summary: RunSummary };

/** The metric name of a post's relative values (what the compare index calls them too). */
const RELATIVE = 'relative';

/** A run whose numbers are a post's relative values: no headline number, a table or a version. */
export const isPublishedRelative = (s: RunSummary) => s.headline.length === 0 && s.source === 'published-relative';

/** The comparability gates' values a ladder's runs share, as its heading shows them (`duration 10 minutes or more`). */
export const gatesText = (s: RunSummary) =>
  Object.entries(s.comparable)
    // benchmark is the page's; the size gates are in workloadSize.
    .filter(([k]) => !['benchmark', 'tables', 'rows', 'threads', 'clients', 'rows-initial'].includes(k))
    .map(([k, v]) => `${k} ${v}`)
    .join(' · ');

/** The groups of runs that posts' tables join, each with the run they are relative to first. */
function components(runs: Entry[]): Entry[][] {
  const byId = new Map(runs.map((r) => [r.id, r]));
  const published = runs.filter((r) => isPublishedRelative(r.summary));
  const parent = new Map<string, string>();
  const find = (id: string): string => {
    const p = parent.get(id) ?? id;
    if (p === id) return id;
    const root = find(p);
    parent.set(id, root);
    return root;
  };
  const members = new Set<string>(published.map((r) => r.id));
  for (const r of published)
    for (const t of r.summary.relative ?? []) {
      if (!byId.has(t.baseRun)) continue;
      members.add(t.baseRun);
      parent.set(find(r.id), find(t.baseRun));
    }
  const groups = new Map<string, Entry[]>();
  for (const id of members) {
    const list = groups.get(find(id)) ?? [];
    list.push(byId.get(id)!);
    groups.set(find(id), list);
  }
  return [...groups.values()];
}

const byVersion = (a: Entry, b: Entry) =>
  compareVersions(a.summary.dbms.version, b.summary.dbms.version) ||
  a.summary.config.name.localeCompare(b.summary.config.name) ||
  a.summary.date.localeCompare(b.summary.date) ||
  a.id.localeCompare(b.id);

/** The ladders of the published relative runs of one benchmark, host and product. */
export function publishedLadders(runs: Entry[]): Ladder[] {
  return components(runs.filter((r) => r.summary.dbms.version !== undefined))
    .map(ladderOf)
    .sort((a, b) => a.runs[0]!.date.localeCompare(b.runs[0]!.date) || a.runs[0]!.id.localeCompare(b.runs[0]!.id));
}

function ladderOf(list: Entry[]): Ladder {
  // The post's base: a run the others are relative to that is relative to none of them, the oldest if several.
  const named = new Set(list.flatMap((r) => (r.summary.relative ?? []).map((t) => t.baseRun)));
  const sorted = [...list].sort(byVersion);
  const root = sorted.find((r) => named.has(r.id) && !r.summary.relative?.some((t) => named.has(t.baseRun)));
  const columns = root ? [root, ...sorted.filter((r) => r !== root)] : sorted;
  const tests: string[] = [];
  for (const r of columns)
    for (const t of r.summary.relative ?? [])
      for (const [test] of t.values) if (!tests.includes(test)) tests.push(test);
  const d = descriptorOf(columns[0]!.summary.benchmark);
  const metric = metricOf(d, RELATIVE);
  const halfStep = 0.5 * 10 ** -metric.relativeDigits;
  const data = new Map<string, RunData>(list.map((r) => [r.id, summaryData(r.id, r.summary)]));
  const printed = printedByTest(list.map((r) => ({ id: r.id, relative: r.summary.relative })));
  const opts = { metric, thresholds: THRESHOLDS };

  /** `run` against `base` for a test: the printed value, or the chained one (with its chain). */
  const cellOf = (test: string, run: string, base: string): { cell: Cell; chain?: Chain } => {
    const direct = compareCell(data.get(run)!, test, data.get(base)!, opts);
    if (direct.text !== '') return { cell: direct };
    const chain = chainedRelative(printed.get(test) ?? [], run, base, halfStep);
    if (!chain) return { cell: direct };
    if (!isPrecise(chain)) {
      // Known only as a range (or not at all, through a value printed as 0): the range is shown, judged on both
      // ends as printed, and left out of the charts.
      if (chain.low === undefined || chain.high === undefined) return { cell: direct, chain };
      const ends = [chain.low, chain.high].map((x) =>
        verdictOf(formatRelative(x, metric.relativeDigits), metric.direction, THRESHOLDS),
      );
      const cell: Cell = {
        valueText: '',
        text: `${formatGeneral(chain.low)} to ${formatGeneral(chain.high)}`,
        verdict: ends[0] === ends[1] ? ends[0]! : 'neutral',
        published: true,
      };
      return { cell, chain };
    }
    // The chained value stands where the engine reads a printed one, so it is printed and judged the same way.
    const chained: RunData = {
      ...data.get(run)!,
      published: (b, t) => (b === base && t === test ? chain.value : undefined),
    };
    return { cell: compareCell(chained, test, data.get(base)!, opts), chain };
  };
  const table = (previous: boolean) =>
    tests.map((test) =>
      columns.map((r, j) =>
        j === 0
          ? { cell: compareCell(data.get(r.id)!, test, data.get(r.id)!, { ...opts, isBase: true }) }
          : cellOf(test, r.id, columns[previous ? j - 1 : 0]!.id),
      ),
    );
  const toFirst = table(false);
  const toPrevious = table(true);
  const first = columns[0]!;
  // By date, runs of one date in the ladder's order.
  const timeline = columns
    .map((r, j) => ({ r, j }))
    .sort((a, b) => a.r.summary.date.localeCompare(b.r.summary.date) || a.j - b.j)
    .map(({ r: { id, summary }, j }) => {
      return {
        id,
        version: summary.dbms.version ?? '?',
        date: summary.date,
        // The base is 1 against itself, as a measured ladder's first run is.
        toFirst: tests.map((_, i) => (j === 0 ? 1 : toFirst[i]![j]!.cell.relative)),
      };
    });
  const configs = [...new Set(columns.map((r) => r.summary.config.name))];
  return {
    kind: 'published',
    config: configs.join(', '),
    configs,
    workloadSize: first.summary.workloadSize,
    gates: gatesText(first.summary),
    runs: columns.map(({ id, summary }) => ({
      id,
      label: summary.dbms.label,
      version: summary.dbms.version ?? '?',
      config: summary.config.name,
      date: summary.date,
      of: 1,
    })),
    timeline,
    spreads: [],
    tests,
    metrics: tests.map(() => RELATIVE),
    values: tests.map(() => columns.map(() => undefined)),
    toFirstCells: toFirst.map((row) => row.map((x) => x.cell)),
    toPreviousCells: toPrevious.map((row) => row.map((x) => x.cell)),
    toFirstChains: toFirst.map((row) => row.map((x) => x.chain)),
    toPreviousChains: toPrevious.map((row) => row.map((x, j) => (j === 0 ? undefined : x.chain))),
    toFirstCi: tests.map(() => columns.map(() => undefined)),
    toPreviousCi: tests.map(() => columns.map(() => undefined)),
    toFirst: toFirst.map((row) => row.map((x, j) => (j === 0 ? 1 : x.cell.relative))),
    toPrevious: toPrevious.map((row) => row.map((x, j) => (j === 0 ? undefined : x.cell.relative))),
  };
}

// The data files that list runs, written by the Astro routes (src/pages/data/) and the rebuild without Astro
// alike, each of one benchmark on one host, loaded on demand: /data/runs/index.json lists the groups (each host
// page's facts: runs, dates, products and their history pages), /data/runs/<benchmark>/<host>.json holds one
// group's runs, newest first, for the index's and the search page's filter (src/scripts/find-runs.ts), and
// /data/compare/<benchmark>/<host>.json the compare view's data of that group's runs (src/scripts/compare.ts).
// No file lists every run, so adding a run rewrites its group's files and the list, and a page loads the groups
// it shows, however many runs the site has.
import { compareIndex } from '../../analysis/compare-index.ts';
import type { BenchmarkName } from '../../schemas/index.ts';
import { RUN_INDEX_FIELDS, runIndexRows, type HostGroup } from '../run-groups.ts';
import type { SiteRunSummary } from '../summaries.ts';

/** A group's compare data, relative to the site's root (the compare view builds it from a run id's parts). */
export const compareDataPath = (g: { benchmark: string; host: string }) => `data/compare/${g.benchmark}/${g.host}.json`;

/** The compare view's data of one group: `runs` are the runs of that benchmark and host, in the site's order. */
export const compareData = (benchmark: BenchmarkName, runs: SiteRunSummary[]) =>
  JSON.stringify(compareIndex(benchmark, runs));

export const RUNS_INDEX_PATH = 'data/runs/index.json';
/** A group's file, relative to data/runs/ (as the list names it). */
const runsGroupFile = (g: { benchmark: string; host: string }) => `${g.benchmark}/${g.host}.json`;
export const runsGroupPath = (g: { benchmark: string; host: string }) => `data/runs/${runsGroupFile(g)}`;

/** /data/runs/index.json: the columns of the groups' rows, and every group with its file. */
export interface RunsIndex {
  fields: readonly string[];
  groups: Array<HostGroup & { file: string }>;
}

export const runsIndexData = (groups: HostGroup[]): string =>
  JSON.stringify({
    fields: RUN_INDEX_FIELDS,
    groups: groups.map((g) => ({ ...g, file: runsGroupFile(g) })),
  } satisfies RunsIndex);

/** One group's file: the rows (RUN_INDEX_FIELDS) of `runs`, the runs of that benchmark and host. */
export const runsGroupData = (runs: SiteRunSummary[]): string => JSON.stringify({ runs: runIndexRows(runs) });

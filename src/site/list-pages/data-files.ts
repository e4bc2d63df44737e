// The data files that list runs: /data/<benchmark>.json (the compare view's) and /data/run-index.json (the
// index's search). The Astro routes and the rebuild without Astro write these same strings.
import { compareIndex } from '../../analysis/compare-index.ts';
import type { BenchmarkName } from '../../schemas/index.ts';
import { RUN_INDEX_FIELDS, runIndexRows } from '../run-groups.ts';
import type { SiteRunSummary } from '../summaries.ts';

export const RUN_INDEX_PATH = 'data/run-index.json';
export const benchmarkDataPath = (benchmark: string) => `data/${benchmark}.json`;

export const benchmarkData = (benchmark: BenchmarkName, runs: SiteRunSummary[]) =>
  JSON.stringify(compareIndex(benchmark, runs));

export const runIndexData = (runs: SiteRunSummary[]) =>
  JSON.stringify({ fields: RUN_INDEX_FIELDS, runs: runIndexRows(runs) });

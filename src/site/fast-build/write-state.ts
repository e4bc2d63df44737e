// The state of the rebuild without Astro (state.ts), written when a full build is done (run-pages.ts). Apart
// from state.ts since it reads the reports (validate-report.ts, and the Markdown code behind it), which the
// rebuild does not need to load.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve, join } from 'node:path';
import { parseReportText, reportRunIds } from '../validate-report.ts';
import { CONTENT_DIR, REPORTS_DIR, RUNS_DIR } from '../content-dirs.ts';
import type { StoredRun } from '../run-store.ts';
import { runStamps } from './run-stamps.ts';
import {
  buildRequest,
  REQUEST_ENV,
  saveFastBuildState,
  STATE_VERSION,
  statePath,
  type FastBuildInputs,
  type FastBuildRequest,
  type FastBuildState,
  type PageShells,
} from './state.ts';

/** The run ids reports name (every report, drafts too): a change to one of those runs needs a full build. */
function reportRunIdsOf(ids: Set<string>): string[] {
  const named = new Set<string>();
  let files: string[];
  try {
    files = readdirSync(REPORTS_DIR).filter((f) => f.endsWith('.md'));
  } catch {
    return [];
  }
  for (const f of files) {
    const file = join(REPORTS_DIR, f);
    const { report } = parseReportText(file, readFileSync(file, 'utf8'), ids);
    if (report) for (const id of reportRunIds(report)) named.add(id);
  }
  return [...named].sort();
}

/**
 * At the end of a full build (astro:build:done): the state, when bin/build.js started the build (it passes
 * the request) and the build is what the request says. Runs whose run.json changed between the listing of the
 * runs and their validation are left out, so the rebuild sees them as changed.
 */
export async function writeFastBuildState(o: {
  root: string;
  outDir: string;
  base: string;
  shells: PageShells;
  build: string;
  stamps: Map<string, string>;
  /** Every run as the run store validated it. */
  runs: Map<string, StoredRun>;
  inputs: FastBuildInputs;
}): Promise<void> {
  const text = process.env[REQUEST_ENV];
  if (!text || process.env.BENCHSITE_PREVIEW) return;
  const request = JSON.parse(text) as FastBuildRequest;
  const asked = buildRequest(request.root, request.args, process.env);
  if (JSON.stringify(asked) !== JSON.stringify(request)) return;
  if (request.root !== resolve(o.root) || request.outDir !== resolve(o.outDir)) return;
  if (request.contentDir !== resolve(CONTENT_DIR)) return;
  const runsDir = resolve(RUNS_DIR);
  const runs: FastBuildState['runs'] = {};
  for (const [id, stamp] of o.stamps) {
    const l = o.runs.get(id);
    if (l && l.stamp === stamp.split('|')[0]) runs[id] = { ...runStamps(runsDir, id), stamp, summary: l.summary };
  }
  await saveFastBuildState(statePath(o.root, request), {
    version: STATE_VERSION,
    request,
    base: o.base,
    inputs: o.inputs,
    shells: o.shells,
    build: o.build,
    reportRuns: reportRunIdsOf(new Set(o.stamps.keys())),
    runs,
  });
}

// The rebuild without Astro: when only runs changed since the last full build (same code, same request, same
// reports and history files, dist/ as that build left it), it validates and summarises the changed runs as the
// run store does, places their pages as the run-pages integration does, and writes the pages and data
// files that list runs with the same functions the Astro pages use (list-pages/). Loading Astro and Vite,
// bundling and rendering every list page cost 9 to 13 CPU-seconds at 10,000 runs; this costs about one.
// Anything it is not sure of makes a full build (the reason is printed): correctness over speed.
import { plural } from '../format.ts';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { historyKeys } from '../../analysis/history.ts';
import { loadChartRenderer } from '../../charts/render-svg.ts';
import { contentError, shownText } from '../../runs/problems.ts';
import { checkContentFiles } from '../../runs/validate-files.ts';
import { validateJob } from '../../runs/validate-job.ts';
import type { BenchmarkName } from '../../schemas/index.ts';
import type { RunSummary } from '../../schemas/run-summary.ts';
import { CONTENT_DIR, RUNS_DIR } from '../content-dirs.ts';
import { historyContent } from '../history-content.ts';
import {
  compareData,
  compareDataPath,
  runsGroupData,
  runsGroupPath,
  RUNS_INDEX_PATH,
  runsIndexData,
} from '../list-pages/data-files.ts';
import { HISTORY_INDEX_HEAD, HISTORY_INDEX_PATH, historyIndexBody } from '../list-pages/history-index.ts';
import { historyPageBody, historyPagePath, historyPageRuns, historyPageTitle } from '../list-pages/history-page.ts';
import { hostPageBody, hostPageHead, hostPagePath, hostPageRuns } from '../list-pages/host-page.ts';
import { indexRunsPart, spliceIndexRuns } from '../list-pages/index-runs.ts';
import { fillShell } from '../run-page/shell.ts';
import { hostGroups, runsOfGroup } from '../run-groups.ts';
import { MARKER, placeRunPages } from '../run-page/place-pages.ts';
import { byId, type SiteRunSummary } from '../summaries.ts';
import {
  codeDigest,
  contentStamps,
  readFastBuildState,
  saveRebuiltState,
  statePath,
  type FastBuildRequest,
} from './state.ts';
import { refusal, startRunStamps, type RunStampsAside } from './start.ts';

export type FastBuildResult = { built: true; message: string } | { built: false; reason: string };

const full = (reason: string): FastBuildResult => ({ built: false, reason });

/** Write a page whose bytes changed: an unchanged page keeps its stamp, so the search keeps its bundle. */
async function writeAtomic(file: string, text: string): Promise<void> {
  if ((await readFile(file, 'utf8').catch(() => undefined)) === text) return;
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  await writeFile(tmp, text);
  await rename(tmp, file);
}

/**
 * Rebuild the site without Astro when only runs changed, or say why not. Bad content in a changed run throws
 * the error a full build stops with (contentError: its message, no stack). `code`: codeDigest(root), when the
 * caller has it (bin/build.js, which finds the rebuild's bundle by it).
 */
export async function fastRebuild(
  request: FastBuildRequest,
  code?: string,
  /** The runs' stamps, when the caller started them (start.ts). */
  started?: RunStampsAside,
): Promise<FastBuildResult> {
  const why = refusal(request);
  if (why !== undefined) {
    started?.stop();
    return full(why);
  }
  // The runs' stamps are taken on another thread while this one reads the state and checks the rest.
  const aside = started ?? startRunStamps(request)!;
  try {
    return await rebuildWith(request, aside.result, code);
  } finally {
    aside.stop();
  }
}

async function rebuildWith(
  request: FastBuildRequest,
  stampsFound: RunStampsAside['result'],
  code = codeDigest(request.root),
): Promise<FastBuildResult> {
  const { root, outDir } = request;
  const runsDir = resolve(RUNS_DIR);
  const file = statePath(root, request);
  const state = await readFastBuildState(file);
  if (!state) return full('no earlier build of this content into this folder by `npm run build`');
  if (JSON.stringify(state.request) !== JSON.stringify(request))
    return full('the arguments or environment differ from the last build’s');
  const marker = await readFile(join(outDir, 'runs', MARKER), 'utf8').catch(() => undefined);
  if (marker !== state.build) return full(`${outDir} is not what the last build wrote`);
  if (code !== state.inputs.code)
    return full(
      'src/, public/, docs/, astro.config.mjs, package.json or package-lock.json changed since the last build',
    );
  if (contentStamps(resolve(CONTENT_DIR)) !== state.inputs.content)
    return full('a content file other than a run (a report, attachment, annotations or config families) changed');

  // Which runs changed: their stamps (three stat calls a run), as the run-pages manifest finds them. While the
  // worker takes them, this thread loads the chart renderer, which the history pages of changed runs need.
  loadChartRenderer().catch(() => {}); // (a failure shows where a chart is drawn)
  const found = await stampsFound;
  if ('odd' in found) return full(found.odd);
  const stamps = new Map([...found.runs].map(([id, s]) => [id, s.stamp]));
  const ids = [...found.runs.keys()].sort();
  const changed = ids.filter((id) => {
    const was = state.runs[id];
    return was?.stamp !== found.runs.get(id)!.stamp || was.check !== found.runs.get(id)!.check;
  });
  const removed = Object.keys(state.runs).filter((id) => !stamps.has(id));
  if (changed.length === 0 && removed.length === 0)
    return { built: true, message: `no run changed since the last build: ${outDir} is current` };
  const named = new Set(state.reportRuns);
  for (const id of [...changed, ...removed]) {
    if (named.has(id)) return full(`${id}, which a report names, changed`);
    if (state.runs[id]?.summary.source === 'published-relative')
      return full(`${id}, a published-relative run (reports and their steps pages read it), changed`);
  }

  // The changed runs, checked as a full build checks them: the file rules (content-files.ts), then run.json
  // validated and summarised by the run store's own job (its messages, its summary).
  const fileProblems = (await Promise.all(changed.map((id) => checkContentFiles(join(runsDir, id))))).flat();
  if (fileProblems.length) throw contentError(`${CONTENT_DIR}/`, fileProblems.map(shownText));
  const summaries = new Map<string, RunSummary>();
  const validated = new Map<string, string>();
  const problems: string[] = [];
  for (const id of changed) {
    const r = await validateJob({ file: join(runsDir, id, 'run.json'), id });
    problems.push(...r.problems);
    if (r.summary) summaries.set(id, JSON.parse(r.summary) as RunSummary);
    validated.set(id, r.stamp);
  }
  if (problems.length) throw contentError(RUNS_DIR, problems);
  for (const [id, s] of summaries)
    if (s.source === 'published-relative') return full(`${id} is a published-relative run (reports read it)`);

  const before: SiteRunSummary[] = Object.entries(state.runs).map(([id, r]) => ({ id, summary: r.summary }));
  const runs: SiteRunSummary[] = ids.map((id) => ({ id, summary: summaries.get(id) ?? state.runs[id]!.summary }));
  runs.sort(byId);
  const benchmarksOf = (list: SiteRunSummary[]) => [...new Set(list.map((r) => r.summary.benchmark))].sort().join(',');
  if (benchmarksOf(runs) !== benchmarksOf(before))
    return full('the set of benchmarks changed (the compare page lists them)');
  // The host pages, history pages and data files the changed runs are on, before and after.
  const touched = [...changed.map((id) => state.runs[id]?.summary), ...removed.map((id) => state.runs[id]!.summary)]
    .concat([...summaries.values()])
    .filter((s): s is RunSummary => s !== undefined);
  const groups = hostGroups(runs);
  const keys = historyKeys(runs);
  const touchedGroups = new Set(touched.map((s) => `${s.benchmark}/${s.host.name}`));
  const touchedKeys = new Set(touched.map((s) => `${s.benchmark}/${s.host.name}/${s.dbms.product}`));
  const keyName = (k: { benchmark: string; host: string; product: string }) => `${k.benchmark}/${k.host}/${k.product}`;
  const gone = [
    ...[...touchedGroups].filter((g) => !groups.some((x) => `${x.benchmark}/${x.host}` === g)),
    ...historyKeys(before)
      .map(keyName)
      .filter((k) => touchedKeys.has(k) && !keys.some((x) => keyName(x) === k)),
  ];
  if (gone.length) return full(`the last run of ${gone[0]} was removed (its page goes)`);
  const indexFile = join(outDir, 'index.html');
  const index = await readFile(indexFile, 'utf8').catch(() => '');
  const { base, shells } = state;
  const newIndex = spliceIndexRuns(index, indexRunsPart(runs, base).text);
  if (newIndex === undefined) return full(`${indexFile} has no list of runs to replace`);

  // Writing: dist/ is not what the state says until the new state is saved. placeRunPages removes the marker
  // first and writes a new one, which is not the state's until then: a stop in between makes the next build a
  // full one.
  const content = await historyContent();
  const placed = await placeRunPages({
    root,
    outDir,
    base,
    shell: shells.page,
    annotations: content.annotations,
    stamps,
    sourceDigest: state.inputs.source,
    validated,
  });
  const pages = new Map<string, string>();
  pages.set(indexFile, newIndex);
  pages.set(
    join(outDir, HISTORY_INDEX_PATH),
    fillShell(shells.page, { ...HISTORY_INDEX_HEAD, body: historyIndexBody(runs, base).text }),
  );
  for (const g of groups.filter((x) => touchedGroups.has(`${x.benchmark}/${x.host}`))) {
    const groupRuns = hostPageRuns(g, runs);
    pages.set(
      join(outDir, hostPagePath(g)),
      fillShell(shells.page, { ...hostPageHead(g), body: hostPageBody(g, groupRuns, base).text }),
    );
    pages.set(join(outDir, runsGroupPath(g)), runsGroupData(groupRuns));
    pages.set(join(outDir, compareDataPath(g)), compareData(g.benchmark as BenchmarkName, runsOfGroup(g, runs)));
  }
  for (const k of keys.filter((x) => touchedKeys.has(keyName(x)))) {
    const body = await historyPageBody(k, historyPageRuns(k, runs), content, base);
    pages.set(
      join(outDir, historyPagePath(k)),
      fillShell(shells.titleOnly, { title: historyPageTitle(k), body: body.text }),
    );
  }
  pages.set(join(outDir, RUNS_INDEX_PATH), runsIndexData(groups));
  for (const [f, text] of pages) await writeAtomic(f, text);

  const added = changed.filter((id) => !state.runs[id]).length;
  await saveRebuiltState(
    file,
    state,
    placed.build,
    Object.fromEntries(changed.map((id) => [id, { ...found.runs.get(id)!, summary: summaries.get(id)! }])),
    removed,
  );
  const what = [
    added > 0 && `${added} added`,
    changed.length > added && `${changed.length - added} changed`,
    removed.length > 0 && `${removed.length} removed`,
  ]
    .filter(Boolean)
    .join(', ');
  return {
    built: true,
    message: `rebuilt ${plural(changed.length + removed.length, 'run')} (${what}) without Astro: ${plural(placed.rendered, 'run page')} rendered, ${plural(pages.size, 'list page')} and data files written`,
  };
}

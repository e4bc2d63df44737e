// What a full build leaves for the rebuild without Astro (rebuild.ts): per content folder and output folder,
// a JSON file under node_modules/.cache/benchsite/fast-build/ with the request that made the build (bin/build.js:
// arguments and environment), a digest of the code, the stamps of every content file but the runs, the page
// shells, the runs reports name, the id of the build (as in dist/runs/.benchsite) and every run's stamps and
// summary. Only a build started by bin/build.js writes it; every build removes it when it starts, so a build
// that stops leaves none.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileStamp } from '../../runs/file-stamp.ts';
import { takeLoadedRuns } from '../../runs/loaded-runs.ts';
import { sourceDigest } from '../../runs/source-digest.ts';
import { parseReportText, reportRunIds } from '../../runs/validate-report.ts';
import type { RunSummary } from '../../schemas/run-summary.ts';
import { CONTENT_DIR, REPORTS_DIR, RUNS_DIR } from '../content-dirs.ts';
import { decodeSummary } from '../summaries.ts';
import { runStamps, type RunStamps } from './run-stamps.ts';

/** Bump when the state's layout or what the rebuild writes changes. */
const STATE_VERSION = 1;

/** The environment variables a build may read (the site's own, Astro's, Vite's; Astro sets NODE_ENV itself). */
const BUILD_ENV = /^(BENCHSITE_|ASTRO_|PUBLIC_|VITE_)/;
/** How bin/build.js tells the build it started what it was asked (the request's JSON). */
export const REQUEST_ENV = 'BENCHSITE_BUILD_REQUEST';

/** What a build was asked: the same request is needed to rebuild without Astro. */
export interface FastBuildRequest {
  root: string;
  /** astro build's arguments (only --base and --outDir allow a rebuild without Astro). */
  args: string[];
  outDir: string;
  contentDir: string;
  env: Record<string, string>;
}

export function buildRequest(root: string, args: string[], env: NodeJS.ProcessEnv): FastBuildRequest {
  let outDir = 'dist';
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--outDir') outDir = args[i + 1] ?? outDir;
    else if (a.startsWith('--outDir=')) outDir = a.slice('--outDir='.length);
  }
  const kept = Object.entries(env)
    .filter(([k, v]) => BUILD_ENV.test(k) && k !== REQUEST_ENV && v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return {
    root: resolve(root),
    args,
    outDir: resolve(root, outDir),
    contentDir: resolve(root, env.BENCHSITE_CONTENT ?? 'content'),
    env: Object.fromEntries(kept) as Record<string, string>,
  };
}

export interface PageShells {
  /** Title, description and body placeholders (run pages, host pages, the history index). */
  page: string;
  /** Title and body only (history pages). */
  titleOnly: string;
}

export interface FastBuildInputs {
  /** src/, public/, the config, package.json, the lock file and bin/build.js. */
  code: string;
  /** Every file of content/ but content/runs/: its path and stamp. */
  content: string;
}

export interface FastBuildState {
  version: number;
  request: FastBuildRequest;
  /** The base URL pages link under, as Astro resolved it, ending in /. */
  base: string;
  inputs: FastBuildInputs;
  shells: PageShells;
  /** The build that last wrote dist/ (dist/runs/.benchsite holds the same id while dist/ is what it wrote). */
  build: string;
  /** Runs that pages other than run pages read whole: those a report names. */
  reportRuns: string[];
  /** Per run id: its stamps (run-stamps.ts) and its summary. */
  runs: Record<string, RunStamps & { summary: RunSummary }>;
}

export function statePath(root: string, request: Pick<FastBuildRequest, 'contentDir' | 'outDir'>): string {
  const key = createHash('sha1')
    .update(`${resolve(request.contentDir)}\n${resolve(request.outDir)}`)
    .digest('hex')
    .slice(0, 12);
  return join(root, 'node_modules/.cache/benchsite/fast-build', `${key}.json`);
}

/** The digest of everything but content that a build's pages depend on. */
async function codeDigest(root: string): Promise<string> {
  const hash = createHash('sha1').update(`${STATE_VERSION}\n${await sourceDigest(root)}\n`);
  const files = ['astro.config.mjs', 'package.json', 'bin/build.js'].map((f) => join(root, f));
  const pub = join(root, 'public');
  for (const e of await readdir(pub, { recursive: true, withFileTypes: true }).catch(() => []))
    if (e.isFile()) files.push(join(e.parentPath, e.name));
  for (const f of files.sort()) {
    hash.update(`${relative(root, f)}\n`);
    hash.update(await readFile(f).catch(() => Buffer.alloc(0)));
  }
  return hash.digest('hex');
}

/** Every entry of content/ but runs/, with its kind and stamp: a report, attachment or history file changed. */
function contentStamps(contentDir: string): string {
  const runs = resolve(RUNS_DIR);
  const lines: string[] = [];
  const walk = (d: string) => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = join(d, e.name);
      if (full === runs) continue;
      if (e.isDirectory()) {
        lines.push(`${full}/`);
        walk(full);
      } else lines.push(`${full} ${e.isFile() ? fileStamp(full) : 'special'}`);
    }
  };
  walk(contentDir);
  return createHash('sha1').update(lines.join('\n')).digest('hex');
}

export async function fastBuildInputs(root: string): Promise<FastBuildInputs> {
  return { code: await codeDigest(root), content: contentStamps(resolve(CONTENT_DIR)) };
}

export async function readFastBuildState(file: string): Promise<FastBuildState | undefined> {
  try {
    const s = JSON.parse(await readFile(file, 'utf8')) as FastBuildState;
    return s.version === STATE_VERSION ? s : undefined;
  } catch {
    return undefined;
  }
}

export async function saveFastBuildState(file: string, state: FastBuildState): Promise<void> {
  await mkdir(join(file, '..'), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  await writeFile(tmp, JSON.stringify(state));
  await rename(tmp, file);
}

/** Called when a full build starts: remove the state of this content and output folder. */
export async function forgetFastBuildState(root: string, outDir: string): Promise<void> {
  await rm(statePath(root, { contentDir: resolve(CONTENT_DIR), outDir }), { force: true });
}

/** The run ids reports name (every report, drafts too): a change to one of those runs needs a full build. */
export function reportRunIdsOf(ids: Set<string>): string[] {
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
 * the request) and the build is what the request says. Runs whose run.json changed between the content
 * loader and the run pages are left out, so the rebuild sees them as changed.
 */
export async function writeFastBuildState(o: {
  root: string;
  outDir: string;
  base: string;
  shells: PageShells;
  build: string;
  stamps: Map<string, string>;
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
  const loaded = takeLoadedRuns(runsDir);
  if (!loaded) return;
  const runs: FastBuildState['runs'] = {};
  for (const [id, stamp] of o.stamps) {
    const l = loaded.get(id);
    if (l && l.stamp === stamp.split('|')[0])
      runs[id] = { ...runStamps(runsDir, id), stamp, summary: decodeSummary(l.summary) };
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

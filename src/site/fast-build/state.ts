// What a full build leaves for the rebuild without Astro (rebuild.ts): per content folder and output folder,
// a JSON file under node_modules/.cache/benchsite/fast-build/ with the request that made the build (bin/build.js:
// arguments and environment), a digest of the code, the stamps of every content file but the runs, the page
// shells, the runs reports name, the id of the build (as in dist/runs/.benchsite) and every run's stamps and
// summary. Only a build started by bin/build.js writes it; every build removes it when it starts, so a build
// that stops leaves none.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileStamp } from '../../runs/file-stamp.ts';
import { sourceDigest } from '../../runs/source-digest.ts';
import type { RunSummary } from '../../schemas/run-summary.ts';
import { CONTENT_DIR, RUNS_DIR } from '../content-dirs.ts';
import type { RunStamps } from './run-stamps.ts';

/** Bump when the state's layout or what the rebuild writes changes. */
export const STATE_VERSION = 3;

/** The environment variables a build may read (the site's own, Astro's, Vite's; Astro sets NODE_ENV itself). */
const BUILD_ENV = /^(BENCHSITE_|ASTRO_|PUBLIC_|VITE_)/;
/** How bin/build.js tells the build it started what it was asked (the request's JSON). */
export const REQUEST_ENV = 'BENCHSITE_BUILD_REQUEST';
/**
 * How bin/build.js tells a full build it writes into a folder that becomes this one (dist-swap.ts): the
 * run pages' manifest and the rebuild's state name the folder the site ends up in.
 */
export const FINAL_OUT_ENV = 'BENCHSITE_BUILD_FINAL_OUT';

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
    .filter(([k, v]) => BUILD_ENV.test(k) && k !== REQUEST_ENV && k !== FINAL_OUT_ENV && v !== undefined)
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
  /** src/, benchmarks/, public/, docs/, the config, package.json, the lock file and bin/build.js (codeDigest). */
  code: string;
  /** Every file of content/ but content/runs/: its path and stamp. */
  content: string;
  /**
   * The source digest of the run pages' cache (runs/source-digest.ts), kept so that a rebuild, whose code is
   * that of the build (`code`), does not read the source again for it.
   */
  source: string;
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
  /** In memory only (readFastBuildState): the full build's id and the rebuilds' delta since. */
  fullBuild?: string;
  delta?: { runs: FastBuildState['runs']; removed: string[] };
}

export function statePath(root: string, request: Pick<FastBuildRequest, 'contentDir' | 'outDir'>): string {
  const key = createHash('sha1')
    .update(`${resolve(request.contentDir)}\n${resolve(request.outDir)}`)
    .digest('hex')
    .slice(0, 12);
  return join(root, 'node_modules/.cache/benchsite/fast-build', `${key}.json`);
}

/** The files codeDigest reads: src/, benchmarks/, public/, docs/, the config, package.json, the lock file, bin/build.js. */
function codeFiles(root: string): string[] {
  const files = ['astro.config.mjs', 'package.json', 'package-lock.json', 'bin/build.js'].map((f) => join(root, f));
  // src/ and benchmarks/ are the code, public/ is copied into the site and docs/ rendered as its /docs/ pages.
  for (const dir of ['src', 'benchmarks', 'public', 'docs']) {
    let entries;
    try {
      entries = readdirSync(join(root, dir), { recursive: true, withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) if (e.isFile()) files.push(join(e.parentPath, e.name));
  }
  return files.sort();
}

/**
 * The digest of everything but content that a build's pages depend on. With synchronous reads: one awaited read
 * after another of some 350 files took a tenth of a second, which every rebuild waited for.
 */
export function codeDigest(root: string): string {
  const hash = createHash('sha1').update(`${STATE_VERSION}\n`);
  for (const f of codeFiles(root)) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(f);
    } catch {
      bytes = Buffer.alloc(0);
    }
    hash.update(`${relative(root, f)} ${bytes.length}\n`);
    hash.update(bytes);
  }
  return hash.digest('hex');
}

/**
 * codeDigest, for bin/build.js: when no file's stamp (fileStamp: size, modification time, inode) changed since
 * it was last computed here, that digest, without reading 2 MB of code (50 ms of each rebuild at 1,000 runs).
 * The stamps are taken before the files are read, so a file changed meanwhile is read again next time.
 */
export function codeDigestByStamps(root: string): string {
  const stamps = createHash('sha1').update(`${STATE_VERSION}\n`);
  for (const f of codeFiles(root)) stamps.update(`${relative(root, f)} ${fileStamp(f)}\n`);
  const key = stamps.digest('hex');
  const file = join(root, 'node_modules/.cache/benchsite/fast-build/code-stamps.json');
  try {
    const known = JSON.parse(readFileSync(file, 'utf8')) as { stamps: string; code: string };
    if (known.stamps === key) return known.code;
  } catch {
    // none yet
  }
  const code = codeDigest(root);
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp-${process.pid}`, JSON.stringify({ stamps: key, code }));
    renameSync(`${file}.tmp-${process.pid}`, file);
  } catch {
    // (only a cache)
  }
  return code;
}

/** Every entry of content/ but runs/, with its kind and stamp: a report, attachment or history file changed. */
export function contentStamps(contentDir: string): string {
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
  return { code: codeDigest(root), content: contentStamps(resolve(CONTENT_DIR)), source: await sourceDigest(root) };
}

/**
 * A rebuild without Astro changes a few runs of 10,000: it writes what changed since the full build (the state's
 * delta, `<state>.delta.json`) instead of the whole state again (27 MB at 10,000 runs, 0.3 s).
 */
interface StateDelta {
  /** The full build's id (FastBuildState.base build) the delta applies to. */
  of: string;
  build: string;
  runs: FastBuildState['runs'];
  removed: string[];
}

/** A delta this large is written into the state itself. */
const DELTA_MAX = 500;

const deltaPath = (file: string) => file.replace(/\.json$/, '.delta.json');

/** The state as the last build left it: the full build's, with the rebuilds' delta applied. */
export async function readFastBuildState(file: string): Promise<FastBuildState | undefined> {
  let s: FastBuildState;
  try {
    // In one read: the thread pool's chunks, each decoded apart, cost 0.1 s more at 10,000 runs.
    s = JSON.parse(readFileSync(file, 'utf8')) as FastBuildState;
  } catch {
    return undefined;
  }
  if (s.version !== STATE_VERSION) return undefined;
  const delta = await readFile(deltaPath(file), 'utf8')
    .then((t) => JSON.parse(t) as StateDelta)
    .catch(() => undefined);
  s.fullBuild = s.build;
  s.delta = { runs: {}, removed: [] };
  if (delta?.of === s.build) {
    s.build = delta.build;
    s.delta = { runs: delta.runs, removed: delta.removed };
    for (const id of delta.removed) delete s.runs[id];
    Object.assign(s.runs, delta.runs);
  }
  return s;
}

/** After a full build: the whole state, and no delta. */
export async function saveFastBuildState(file: string, state: FastBuildState): Promise<void> {
  await mkdir(join(file, '..'), { recursive: true });
  await rm(deltaPath(file), { force: true });
  const tmp = `${file}.tmp-${process.pid}`;
  const { fullBuild: _, delta: __, ...kept } = state;
  await writeFile(tmp, JSON.stringify(kept));
  await rename(tmp, file);
}

/**
 * After a rebuild: `state` (read by readFastBuildState) with `changed` runs set and `removed` ones gone, as a
 * delta of the full build's state, or the whole state when the delta has grown large.
 */
export async function saveRebuiltState(
  file: string,
  state: FastBuildState,
  build: string,
  changed: FastBuildState['runs'],
  removed: string[],
): Promise<void> {
  const delta = state.delta ?? { runs: {}, removed: [] };
  const gone = new Set(delta.removed);
  for (const id of removed) {
    delete delta.runs[id];
    gone.add(id); // (an id the full build never had is harmless in the list)
  }
  for (const [id, r] of Object.entries(changed)) {
    delta.runs[id] = r;
    gone.delete(id);
  }
  for (const id of removed) delete state.runs[id];
  Object.assign(state.runs, changed);
  if (Object.keys(delta.runs).length + gone.size > DELTA_MAX || !state.fullBuild)
    return saveFastBuildState(file, { ...state, build });
  const tmp = `${deltaPath(file)}.tmp-${process.pid}`;
  const out: StateDelta = { of: state.fullBuild, build, runs: delta.runs, removed: [...gone] };
  await writeFile(tmp, JSON.stringify(out));
  await rename(tmp, deltaPath(file));
}

/** Called when a full build starts: remove the state of this content and output folder. */
export async function forgetFastBuildState(root: string, outDir: string): Promise<void> {
  const file = statePath(root, { contentDir: resolve(CONTENT_DIR), outDir });
  await rm(file, { force: true });
  await rm(deltaPath(file), { force: true });
}

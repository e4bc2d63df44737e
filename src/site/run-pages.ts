// Everything under /runs/ of the built site at 10,000 runs: each run's page, its results.csv and its raw
// archive. Astro builds one shell page with the site's layout; when the build is done every run's page is
// that shell filled with its body (run-body.ts) and charts drawn from its checked series, rendered on worker
// threads into a cache keyed by content (render-page.ts), and linked into dist/ with the run's CSV and its
// checked raw.tar.gz (a copy in the cache, never a link to content/). Astro alone spent minutes on these pages
// and rendered all of them every build. A run whose series or archive `benchsite validate` would refuse stops
// the build, with the same message.
//
// A rebuild touches only what changed: dist/ is not emptied under runs/ (Astro's emptying is turned off and
// done here for everything else), and a manifest remembers, with the build that last wrote dist/runs/, per run, the stamp of its files and its page, so
// an unchanged run costs three stat calls (runStamp). The dev server renders the same pages through ordinary routes.
// The build:done work is a function (placeRunPages), which the rebuild without Astro (fast-build/) calls too; a
// build started by bin/build.js leaves that rebuild its state (fast-build/state.ts).
import { historyContent } from './history-content.ts';
import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { contentError } from '../runs/problems.ts';
import { findRunFiles, idOf } from '../runs/read-runs.ts';
import { sourceDigest } from '../runs/source-digest.ts';
import { runOnWorkers } from '../runs/worker-pool.ts';
import { REPORTS_DIR, RUNS_DIR } from './content-dirs.ts';
import { reportsByRun } from './run-reports.ts';
import {
  placeArchive,
  placeCached,
  renderRunPage,
  runStamp,
  type RenderContext,
  type RenderJob,
  type RenderResult,
} from './run-page/render-page.ts';
import { checkShell, SHELL_ROUTE, TITLE_SHELL_ROUTE } from './run-page/shell.ts';
import type { Annotation } from '../schemas/index.ts';
import {
  fastBuildInputs,
  FINAL_OUT_ENV,
  forgetFastBuildState,
  type FastBuildInputs,
  type PageShells,
} from './fast-build/state.ts';

/** In dist/runs/: the id of the build that last wrote the folder. */
export const MARKER = '.benchsite';

/** Bump to render every page again (a change to the cache's layout). */
const CACHE_VERSION = 3;

/** What the last build did: per run, the stamp of its files and the key of its cached page. */
interface Manifest {
  salt: string;
  /**
   * The dist/runs/ those runs were placed in, and the id of that build, also written to dist/runs/.benchsite:
   * when another build (of other content, or none after dist/ was removed) changed the folder, they differ.
   */
  dist: { path: string; build: string } | null;
  /** `reports`: the run's list of reports using it (run-reports.ts) as JSON, when it has any. */
  runs: Record<string, { stamp: string; key: string; archive?: string; reports?: string }>;
}

async function readManifest(file: string, salt: string): Promise<Manifest> {
  try {
    const m = JSON.parse(await readFile(file, 'utf8')) as Manifest;
    if (m.salt === salt) return m;
  } catch {
    // none yet, or unreadable: start over
  }
  return { salt, dist: null, runs: {} };
}

/** Remove a run's folder from the site, and the folders above it that it leaves empty. */
export function removeRun(distRuns: string, id: string): void {
  rmSync(join(distRuns, id), { recursive: true, force: true });
  for (let d = dirname(join(distRuns, id)); d.startsWith(`${distRuns}/`); d = dirname(d)) {
    let left: string[];
    try {
      left = readdirSync(d);
    } catch {
      continue; // already gone (an earlier build stopped after removing it)
    }
    if (left.length > 0) break;
    rmSync(d, { recursive: true, force: true });
  }
}

/** The page shells Astro built (shell.ts), read and removed from the site. */
async function takeShells(outDir: string): Promise<PageShells> {
  const take = async (route: string) => {
    const dir = join(outDir, route);
    const shell = await readFile(join(dir, 'index.html'), 'utf8');
    checkShell(shell, route);
    await rm(dir, { recursive: true });
    return shell;
  };
  return { page: await take(SHELL_ROUTE), titleOnly: await take(TITLE_SHELL_ROUTE) };
}

export interface PlaceOptions {
  /** The project's root (for the worker script and the cache). */
  root: string;
  outDir: string;
  base: string;
  /** The run page shell (shell.ts). */
  shell: string;
  annotations: Annotation[];
  /** Every run's id and runStamp, when the caller has them already (the rebuild without Astro). */
  stamps?: Map<string, string>;
  /** The folder `outDir` becomes when the build is done (a full build's swap, dist-swap.ts); else outDir. */
  finalOutDir?: string;
}

/**
 * Make dist/runs/ hold every run's page, CSV and archive: what the astro:build:done hook does, and the
 * rebuild without Astro (fast-build/) too. A run whose series or archive is bad stops it with
 * contentError. Returns the id of this build, also written to dist/runs/.benchsite.
 */
export async function placeRunPages(
  o: PlaceOptions,
): Promise<{ build: string; rendered: number; stamps: Map<string, string>; summary: string }> {
  const { root, outDir, shell, base, annotations } = o;
  const runsDir = resolve(RUNS_DIR); // as the content loader resolves it
  const cacheDir = runPagesCacheDir(root, runsDir);
  await mkdir(cacheDir, { recursive: true });
  const salt = createHash('sha1')
    .update(`${CACHE_VERSION}\n${base}\n${shell}\n${await sourceDigest(root)}\n${JSON.stringify(annotations)}`)
    .digest('hex');
  const ctx: RenderContext = { runsDir, outDir, cacheDir, shell, base, salt, annotations };
  const ids = o.stamps ? [...o.stamps.keys()] : (await findRunFiles(runsDir)).map((file) => idOf(runsDir, file));

  // dist/runs/ as the last build left it, or, when it is another folder or was emptied, from scratch.
  const manifestFile = join(cacheDir, 'manifest.json');
  const last = await readManifest(manifestFile, salt);
  const distRuns = join(outDir, 'runs');
  // The folder as the manifest names it: where these pages are served from once a full build is swapped in.
  const finalRuns = join(resolve(o.finalOutDir ?? outDir), 'runs');
  const marker = join(distRuns, MARKER);
  const lastBuild = await readFile(marker, 'utf8').catch(() => undefined);
  const distCurrent = last.dist !== null && last.dist.path === finalRuns && last.dist.build === lastBuild;
  // From here until the new marker is written, dist/runs/ is not what any manifest says: a build that
  // stops halfway makes the next one start runs/ over (from the cache, so it is cheap).
  rmSync(marker, { force: true });
  const current = new Set(ids);
  if (!distCurrent) rmSync(distRuns, { recursive: true, force: true });
  else for (const id of Object.keys(last.runs)) if (!current.has(id)) removeRun(distRuns, id);

  // The reports using each run, read once for all pages (its list is part of each page's key).
  const reports = reportsByRun(REPORTS_DIR);
  const reportsOf = (id: string) => {
    const list = reports.get(id);
    return list ? JSON.stringify(list) : undefined;
  };
  // Unchanged runs (same file stamps and reports as last time) are in place already, or linked from the cache.
  const stamps = new Map<string, string>();
  const results: RenderResult[] = [];
  const jobs: RenderJob[] = [];
  for (const id of ids) {
    const stamp = o.stamps?.get(id) ?? runStamp(runsDir, id);
    stamps.set(id, stamp);
    const k = last.runs[id];
    const same = k !== undefined && k.stamp === stamp && k.reports === reportsOf(id);
    let inPlace = same && distCurrent;
    if (same && !inPlace) inPlace = placeCached(id, k.key, ctx) && placeArchive(id, k.archive, ctx);
    if (inPlace) results.push({ id, key: k!.key, rendered: false, archive: k!.archive });
    else jobs.push({ id, reports: reports.get(id) });
  }
  // The others: read, hashed, and rendered unless the cache has their page (a run moved or touched).
  const done = await runOnWorkers<RenderJob, RenderResult>({
    script: join(root, 'src/site/run-page/render-worker.ts'),
    jobs,
    inline: (job) => renderRunPage(job, ctx),
    workerData: ctx,
  });
  const problems = done.flatMap((r) => r.problems ?? []);
  if (problems.length) throw contentError(RUNS_DIR, problems);
  results.push(...done);

  const build = randomUUID();
  await mkdir(distRuns, { recursive: true });
  await writeFile(marker, build);
  const manifest: Manifest = {
    salt,
    dist: { path: finalRuns, build },
    runs: Object.fromEntries(
      results.map((r) => [
        r.id,
        { stamp: stamps.get(r.id)!, key: r.key, archive: r.archive, reports: reportsOf(r.id) },
      ]),
    ),
  };
  await writeFile(`${manifestFile}.tmp`, JSON.stringify(manifest));
  await rename(`${manifestFile}.tmp`, manifestFile);
  // Forget pages and archives no run uses any more, so the cache does not grow without end. (A rebuild that
  // rendered nothing new has nothing to forget: it spares reading the cache folder.)
  let pruned = 0;
  if (done.length > 0 || ids.length !== Object.keys(last.runs).length) {
    const used = new Set(results.flatMap((r) => [r.key, r.archive ?? '']));
    for (const f of await readdir(cacheDir)) {
      if (f !== 'manifest.json' && !used.has(f.replace(/\.(html|csv|tar\.gz)$/, ''))) {
        await rm(join(cacheDir, f), { force: true });
        pruned++;
      }
    }
  }
  const rendered = results.filter((r) => r.rendered).length;
  return {
    build,
    rendered,
    stamps,
    summary: `${results.length} run pages, with their CSV and raw archive (${rendered} rendered, ${results.length - rendered} from the cache, ${pruned} stale cache files removed)`,
  };
}

/** One cache per content folder, so sites of other content (tests, benchmarks) keep theirs. */
const runPagesCacheDir = (root: string, runsDir: string) =>
  join(root, 'node_modules/.cache/benchsite/run-pages', createHash('sha1').update(runsDir).digest('hex').slice(0, 12));

export function runPages(): AstroIntegration {
  let root = '';
  let base = '/';
  let outDir = '';
  let finalOutDir = '';
  let fastInputs: Promise<FastBuildInputs> | undefined;
  return {
    name: 'benchsite-run-pages',
    hooks: {
      'astro:config:setup': ({ command, config, injectRoute, updateConfig }) => {
        root = fileURLToPath(config.root);
        base = config.base.replace(/\/?$/, '/');
        const here = (f: string) => join(root, 'src/site/run-page', f);
        if (command === 'build') {
          // What the rebuild without Astro compares with: taken before anything is read, so a file changed
          // during this build makes the next one a full build.
          fastInputs = fastBuildInputs(root);
          injectRoute({ pattern: `/${SHELL_ROUTE}`, entrypoint: here('shell.astro') });
          injectRoute({ pattern: `/${TITLE_SHELL_ROUTE}`, entrypoint: here('shell-title-only.astro') });
          // dist/ is emptied in astro:build:start, but for runs/, which the build:done hook keeps current.
          updateConfig({ vite: { build: { emptyOutDir: false } } });
        }
        if (command === 'dev') {
          injectRoute({ pattern: '/runs/[...id]', entrypoint: here('dev-page.astro') });
          injectRoute({ pattern: '/runs/[...id]/results.csv', entrypoint: here('dev-results-csv.ts') });
        }
      },
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
        finalOutDir = process.env[FINAL_OUT_ENV] || outDir;
      },
      'astro:build:start': async () => {
        // Until this build is done, dist/ is not what any state of a rebuild without Astro describes.
        await forgetFastBuildState(root, finalOutDir);
        for (const entry of await readdir(outDir).catch(() => [])) {
          if (entry !== 'runs' && entry !== '.git') await rm(join(outDir, entry), { recursive: true, force: true });
        }
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const outDir = fileURLToPath(dir);
        const shells = await takeShells(outDir);
        const { annotations } = await historyContent();
        const placed = await placeRunPages({ root, outDir, base, shell: shells.page, annotations, finalOutDir });
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        logger.info(`${placed.summary} in ${seconds}s`);
        if (fastInputs) {
          // Imported here: it loads the reports' Markdown code, which the rebuild without Astro (it uses
          // placeRunPages from this module) does not need.
          const { writeFastBuildState } = await import('./fast-build/write-state.ts');
          await writeFastBuildState({
            root,
            outDir: finalOutDir,
            base,
            shells,
            build: placed.build,
            stamps: placed.stamps,
            inputs: await fastInputs,
          });
        }
      },
    },
  };
}

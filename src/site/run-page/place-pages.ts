// Everything under /runs/ of the built site: each run's page, its results.csv and its raw archive, through the
// cache of render-page.ts. planRunPages finds the runs whose body must be rendered (their files' stamps or the
// reports naming them changed since the build the manifest describes), which a build renders on its workers while
// Astro builds the other pages; finishRunPages, once the page shell exists, makes and links every page.
//
// A rebuild touches only what changed: dist/ is not emptied under runs/, and a manifest remembers, with the
// build that last wrote dist/runs/, per run, the stamps of its files and its keys, so an unchanged run costs
// three stat calls (runStamp). placeRunPages does both steps at once, for the rebuild without Astro.
import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { contentError } from '../../runs/problems.ts';
import { findRunFiles, idOf } from '../../runs/read-runs.ts';
import { sourceDigest } from '../../runs/source-digest.ts';
import { validateJob } from '../../runs/validate-job.ts';
import { JobPool, poolSize } from '../../runs/worker-pool.ts';
import type { Annotation } from '../../schemas/index.ts';
import { REPORTS_DIR, RUNS_DIR } from '../content-dirs.ts';
import { reportsByRun, type RunReportLink } from '../run-reports.ts';
import type { PageHead } from './run-body.ts';
import {
  fillRunPage,
  pageKey,
  renderRunBody,
  runStamp,
  type FillJob,
  type FillResult,
  type RenderContext,
  type RenderJob,
  type RenderResult,
  type Shell,
} from './render-page.ts';

/** In dist/runs/: the id of the build that last wrote the folder. */
export const MARKER = '.benchsite';

/** Bump to render every page again (a change to the cache's layout). */
const CACHE_VERSION = 4;

/** What the last build did: per run, the stamp of its files and the keys of its cached body and page. */
interface Manifest {
  salt: string;
  /** The digest of the page shell the pages were made in. */
  shell?: string;
  /**
   * The dist/runs/ those runs were placed in, and the id of that build, also written to dist/runs/.benchsite:
   * when another build (of other content, or none after dist/ was removed) changed the folder, they differ.
   */
  dist: { path: string; build: string } | null;
  /** `reports`: the run's list of reports using it (run-reports.ts) as JSON, when it has any. */
  runs: Record<
    string,
    { stamp: string; body: string; key: string; head: PageHead; archive?: string; reports?: string }
  >;
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

/** One cache per content folder, so sites of other content (tests, benchmarks) keep theirs. */
const runPagesCacheDir = (root: string, runsDir: string) =>
  join(root, 'node_modules/.cache/benchsite/run-pages', createHash('sha1').update(runsDir).digest('hex').slice(0, 12));

export interface RunPagesPlan {
  root: string;
  ctx: RenderContext;
  ids: string[];
  /** Every run's runStamp, taken before any of its files is read. */
  stamps: Map<string, string>;
  last: Manifest;
  manifestFile: string;
  reports: Map<string, RunReportLink[]>;
  /** Runs whose body is rendered in this build. */
  render: Set<string>;
}

const reportsJson = (plan: RunPagesPlan, id: string) => {
  const list = plan.reports.get(id);
  return list ? JSON.stringify(list) : undefined;
};

/** The render job of a run (`validated`: the stamp of its run.json bytes this build validated). */
export const renderJob = (plan: RunPagesPlan, id: string, validated?: string): RenderJob => ({
  id,
  reports: plan.reports.get(id),
  validated,
});

export async function planRunPages(o: {
  /** The project's root (for the worker script and the cache). */
  root: string;
  outDir: string;
  base: string;
  annotations: Annotation[];
  /** Every run's id and runStamp, when the caller has them already (the rebuild without Astro). */
  stamps?: Map<string, string>;
  /** sourceDigest(root), when the caller has it already (the rebuild without Astro keeps it in its state). */
  sourceDigest?: string;
}): Promise<RunPagesPlan> {
  const runsDir = resolve(RUNS_DIR);
  const cacheDir = runPagesCacheDir(o.root, runsDir);
  await mkdir(cacheDir, { recursive: true });
  const salt = createHash('sha1')
    .update(
      `${CACHE_VERSION}\n${o.base}\n${o.sourceDigest ?? (await sourceDigest(o.root))}\n${JSON.stringify(o.annotations)}`,
    )
    .digest('hex');
  const ids = o.stamps ? [...o.stamps.keys()] : (await findRunFiles(runsDir)).map((file) => idOf(runsDir, file));
  const manifestFile = join(cacheDir, 'manifest.json');
  const last = await readManifest(manifestFile, salt);
  const ctx: RenderContext = {
    runsDir,
    outDir: o.outDir,
    cacheDir,
    base: o.base,
    salt,
    annotations: o.annotations,
    lastShell: last.shell,
  };
  // The reports using each run, read once for all pages (its list is part of each body's key).
  const plan: RunPagesPlan = {
    root: o.root,
    ctx,
    ids,
    stamps: new Map(),
    last,
    manifestFile,
    reports: reportsByRun(REPORTS_DIR),
    render: new Set(),
  };
  for (const id of ids) {
    const stamp = o.stamps?.get(id) ?? runStamp(runsDir, id);
    plan.stamps.set(id, stamp);
    const k = last.runs[id];
    if (k === undefined || k.stamp !== stamp || k.reports !== reportsJson(plan, id)) plan.render.add(id);
  }
  return plan;
}

export const shellOf = (text: string): Shell => ({ text, key: createHash('sha1').update(text).digest('hex') });

/** The pool of a build's workers (build-worker.ts), or of this thread alone when there are few jobs. */
export function buildPool(root: string, ctx: RenderContext, jobs: number): JobPool {
  const size = poolSize(jobs, 50);
  return new JobPool(
    join(root, 'src/site/run-page/build-worker.ts'),
    size < 2 ? 0 : size,
    {
      validate: validateJob,
      render: (job: RenderJob, shell: Shell | undefined) => renderRunBody(job, ctx, shell),
      fill: (job: FillJob, shell: Shell) => fillRunPage(job, ctx, shell),
    },
    ctx,
  );
}

/**
 * Make dist/runs/ hold every run's page, CSV and archive, from the bodies `rendered` in this build and the
 * cache. A run whose series or archive is bad stops it with contentError. Returns the id of this build, also
 * written to dist/runs/.benchsite.
 */
export async function finishRunPages(
  plan: RunPagesPlan,
  o: {
    pool: JobPool;
    rendered: RenderResult[];
    /** The run page shell (shell.ts). */
    shell: string;
    /** The stamp of each run's run.json bytes this build validated. */
    validated: (id: string) => string | undefined;
    /** The folder `outDir` becomes when the build is done (a full build's swap, dist-swap.ts); else outDir. */
    finalOutDir?: string;
  },
): Promise<{ build: string; rendered: number; stamps: Map<string, string>; summary: string }> {
  const { ctx, last } = plan;
  const problems = o.rendered.flatMap((r) => r.problems ?? []);
  if (problems.length) throw contentError(RUNS_DIR, problems);
  const shell = shellOf(o.shell);

  // dist/runs/ as the last build left it, or, when it is another folder or was emptied, from scratch.
  const distRuns = join(ctx.outDir, 'runs');
  // The folder as the manifest names it: where these pages are served from once a full build is swapped in.
  const finalRuns = join(resolve(o.finalOutDir ?? ctx.outDir), 'runs');
  const marker = join(distRuns, MARKER);
  const lastBuild = await readFile(marker, 'utf8').catch(() => undefined);
  const distCurrent = last.dist !== null && last.dist.path === finalRuns && last.dist.build === lastBuild;
  // From here until the new marker is written, dist/runs/ is not what any manifest says: a build that
  // stops halfway makes the next one start runs/ over (from the cache, so it is cheap).
  rmSync(marker, { force: true });
  const current = new Set(plan.ids);
  if (!distCurrent) rmSync(distRuns, { recursive: true, force: true });
  else for (const id of Object.keys(last.runs)) if (!current.has(id)) removeRun(distRuns, id);

  const byId = new Map(o.rendered.map((r) => [r.id, r]));
  const entries: Manifest['runs'] = {};
  const fills: FillJob[] = [];
  // Every key of the last manifest is its body's in the last build's shell: in the same shell an unchanged run
  // keeps its page without hashing it again (100,000 of them at each rebuild).
  const sameShell = last.shell === shell.key;
  for (const id of plan.ids) {
    const r = byId.get(id);
    const k = last.runs[id]!;
    const entry = r
      ? { body: r.body, head: r.head, archive: r.archive }
      : { body: k.body, head: k.head, archive: k.archive };
    entries[id] = { stamp: plan.stamps.get(id)!, ...entry, key: '', reports: reportsJson(plan, id) };
    if (!r && distCurrent && k.key && (sameShell || k.key === pageKey(k.body, shell.key))) entries[id]!.key = k.key;
    else fills.push({ id, ...entry });
  }
  let done = await o.pool.submit<FillJob, FillResult>('fill', fills, { context: shell });
  // Pages whose body the cache no longer has (dropped once its page was made, for another shell): render again.
  const missing = done.filter((f) => 'missing' in f).map((f) => f.id);
  let rendered = o.rendered.filter((r) => r.rendered).length;
  if (missing.length) {
    const again = await o.pool.submit<RenderJob, RenderResult>(
      'render',
      missing.map((id) => renderJob(plan, id, o.validated(id))),
      { context: shell },
    );
    const bad = again.flatMap((r) => r.problems ?? []);
    if (bad.length) throw contentError(RUNS_DIR, bad);
    rendered += again.length;
    for (const r of again) Object.assign(entries[r.id]!, { body: r.body, head: r.head, archive: r.archive });
    done = done.filter((f) => !('missing' in f));
    done.push(
      ...(await o.pool.submit<FillJob, FillResult>(
        'fill',
        again.map((r) => ({ id: r.id, body: r.body, head: r.head, archive: r.archive })),
        { context: shell },
      )),
    );
  }
  for (const f of done) {
    if ('missing' in f) throw new Error(`run page cache: the files of ${f.id} vanished while building`);
    entries[f.id]!.key = f.key;
  }

  const build = randomUUID();
  await mkdir(distRuns, { recursive: true });
  await writeFile(marker, build);
  const manifest: Manifest = { salt: ctx.salt, shell: shell.key, dist: { path: finalRuns, build }, runs: entries };
  await writeFile(`${plan.manifestFile}.tmp`, JSON.stringify(manifest));
  await rename(`${plan.manifestFile}.tmp`, plan.manifestFile);
  const pruned = distCurrent
    ? await forgetReplaced(ctx.cacheDir, last.runs, entries)
    : await sweepCache(ctx.cacheDir, entries);
  const n = plan.ids.length;
  return {
    build,
    rendered,
    stamps: plan.stamps,
    summary: `${n} run pages, with their CSV and raw archive (${rendered} rendered, ${n - rendered} from the cache, ${pruned} stale cache files removed)`,
  };
}

/** A manifest entry's files in the cache: its page, CSV and archive. */
const cacheFilesOf = (e: Manifest['runs'][string]) => [`${e.key}.html`, `${e.body}.csv`, `${e.archive}.tar.gz`];

/**
 * Forget pages, bodies and archives no run uses any more, so the cache does not grow without end: every file of
 * the cache folder but those `entries` use. A build into a new folder does this, and so sweeps up what a
 * stopped build left.
 */
async function sweepCache(cacheDir: string, entries: Manifest['runs']): Promise<number> {
  const used = new Set(Object.values(entries).flatMap(cacheFilesOf));
  let pruned = 0;
  for (const f of await readdir(cacheDir)) {
    if (f !== 'manifest.json' && !used.has(f)) {
      await rm(join(cacheDir, f), { force: true });
      pruned++;
    }
  }
  return pruned;
}

/**
 * A build over the last one's site forgets the files of the runs it replaced or removed (those the last manifest
 * names and no run uses now), without listing a cache folder of three files a run: at 100,000 runs that listing
 * was most of a rebuild that added one run.
 */
async function forgetReplaced(cacheDir: string, last: Manifest['runs'], entries: Manifest['runs']): Promise<number> {
  const stale = new Set<string>();
  for (const [id, was] of Object.entries(last)) {
    const now = entries[id];
    if (!now || now.key !== was.key || now.body !== was.body || now.archive !== was.archive)
      for (const f of cacheFilesOf(was)) stale.add(f);
  }
  if (stale.size) for (const e of Object.values(entries)) for (const f of cacheFilesOf(e)) stale.delete(f);
  let pruned = 0;
  for (const f of stale) {
    try {
      await unlink(join(cacheDir, f));
      pruned++;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
  return pruned;
}

/**
 * Both steps at once, for the rebuild without Astro: the runs whose files changed are rendered (on workers when
 * there are many), every page made and linked.
 */
export async function placeRunPages(o: {
  root: string;
  outDir: string;
  base: string;
  shell: string;
  annotations: Annotation[];
  stamps?: Map<string, string>;
  sourceDigest?: string;
  /** The stamp of each run's run.json bytes the caller validated. */
  validated?: Map<string, string>;
  finalOutDir?: string;
}): Promise<{ build: string; rendered: number; stamps: Map<string, string>; summary: string }> {
  const plan = await planRunPages(o);
  const pool = buildPool(o.root, plan.ctx, plan.render.size);
  try {
    const rendered = await pool.submit<RenderJob, RenderResult>(
      'render',
      [...plan.render].map((id) => renderJob(plan, id, o.validated?.get(id))),
      { context: shellOf(o.shell) },
    );
    return await finishRunPages(plan, {
      pool,
      rendered,
      shell: o.shell,
      validated: (id) => o.validated?.get(id),
      finalOutDir: o.finalOutDir,
    });
  } finally {
    await pool.close();
  }
}

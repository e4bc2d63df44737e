// The runs of a build: the integration that validates and summarizes every run (run-store.ts) and makes its
// page, CSV and raw archive (run-page/place-pages.ts), on worker threads (run-page/build-worker.ts) that start
// before Astro reads anything. The order on those threads: every run validated first (the pages that list runs
// wait for the summaries), then each page body rendered while Astro builds the other pages, then, when Astro is
// done and the page shell it built exists, every page made of its body and linked into dist/. Astro alone spent
// minutes on these pages and rendered all of them every build. A run that `benchsite validate` would refuse stops
// the build, with the same message.
//
// dist/ is not emptied under runs/ (Astro's emptying is turned off and done here for everything else), so a
// rebuild into the same folder links only what changed. The dev server renders the same pages through ordinary
// routes. A build started by bin/build.js leaves the rebuild without Astro its state (fast-build/state.ts).
import { readdir, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { RenderJob, RenderResult, Shell } from './run-page/render-page.ts';
import type { JobPool } from '../runs/worker-pool.ts';
import { RUNS_DIR } from './content-dirs.ts';
import { historyContent } from './history-content.ts';
import {
  buildPool,
  finishRunPages,
  planRunPages,
  renderJob,
  shellOf,
  type RunPagesPlan,
} from './run-page/place-pages.ts';
import { checkShell, notedShell, SHELL_ROUTE, TITLE_SHELL_ROUTE } from './run-page/shell.ts';
import { planRunStore, publishRunStore, startRunStore, type RunStore } from './run-store.ts';
import {
  fastBuildInputs,
  FINAL_OUT_ENV,
  forgetFastBuildState,
  type FastBuildInputs,
  type PageShells,
} from './fast-build/state.ts';

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

/** What a build started on its workers: the runs' validation, then their bodies. */
interface Started {
  store: RunStore;
  plan: RunPagesPlan;
  pool: JobPool;
  renders: Array<Promise<RenderResult[]>>;
  started: number;
}

async function startRuns(root: string, outDir: string, base: string): Promise<Started> {
  const started = performance.now();
  const runsDir = resolve(RUNS_DIR);
  const { annotations } = await historyContent();
  const [storePlan, plan] = await Promise.all([
    planRunStore(root, runsDir),
    planRunPages({ root, outDir, base, annotations }),
  ]);
  const pool = buildPool(root, plan.ctx, Math.max(storePlan.jobs.length, plan.render.size));
  const renders: Array<Promise<RenderResult[]>> = [];
  // Each batch of runs found valid is rendered, in the page shell once Astro has built it (the middleware notes
  // it), else as a body whose page is made when the build is done.
  let shell: Shell | undefined;
  const context = () => {
    const noted = notedShell();
    if (noted !== undefined && shell?.text !== noted) shell = shellOf(noted);
    return shell;
  };
  // A run whose page is rendered is kept as parsed by the thread that validates it, which then renders it.
  for (const job of storePlan.jobs) job.keep = plan.render.has(job.id);
  const store = startRunStore(storePlan, pool, (valid, thread) => {
    const jobs: RenderJob[] = valid.filter((r) => plan.render.has(r.id)).map((r) => renderJob(plan, r.id, r.stamp));
    if (jobs.length)
      renders.push(pool.submit<RenderJob, RenderResult>('render', jobs, { batch: 16, context, prefer: thread }));
  });
  return { store, plan, pool, renders, started };
}

export function runPages(): AstroIntegration {
  let root = '';
  let base = '/';
  let outDir = '';
  let finalOutDir = '';
  let building = false;
  let fastInputs: Promise<FastBuildInputs> | undefined;
  let runs: Promise<Started> | undefined;
  return {
    name: 'benchsite-run-pages',
    hooks: {
      'astro:config:setup': ({ command, config, injectRoute, updateConfig }) => {
        root = fileURLToPath(config.root);
        base = config.base.replace(/\/?$/, '/');
        const here = (f: string) => join(root, 'src/site/run-page', f);
        if (command === 'build') {
          building = true;
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
        // The runs are read from here on, on worker threads, while Astro starts (the dev server reads them when a
        // page first asks: site/runs.ts).
        if (building) {
          runs = startRuns(root, outDir, base);
          runs.then((r) => publishRunStore(r.store)).catch(() => {});
        }
      },
      'astro:build:start': async ({ logger }) => {
        // Until this build is done, dist/ is not what any state of a rebuild without Astro describes.
        await forgetFastBuildState(root, finalOutDir);
        for (const entry of await readdir(outDir).catch(() => [])) {
          if (entry !== 'runs' && entry !== '.git') await rm(join(outDir, entry), { recursive: true, force: true });
        }
        // Every run valid, or the build stops here with the problems, before any page is built.
        if (runs) {
          const { store } = await runs;
          const counts = await store.counts;
          logger.info(
            `${counts.runs} runs (${counts.validated} validated, ${counts.runs - counts.validated} unchanged)`,
          );
        }
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!runs) return;
        const { store, plan, pool, renders, started } = await runs;
        try {
          const outDir = fileURLToPath(dir);
          const valid = await store.runs;
          const rendered = (await Promise.all(renders)).flat();
          const shells = await takeShells(outDir);
          const placed = await finishRunPages(plan, {
            pool,
            rendered,
            shell: shells.page,
            validated: (id) => valid.get(id)?.stamp,
            finalOutDir,
          });
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          logger.info(`${placed.summary}, ${seconds}s since the build started`);
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
              runs: valid,
              inputs: await fastInputs,
            });
          }
        } finally {
          await pool.close();
        }
      },
    },
  };
}

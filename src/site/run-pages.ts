// Run pages (/runs/<id>/ and its results.csv) at 10,000 runs: Astro builds one shell page with the site's
// layout, then, when the build is done, every run's page is that shell filled with its body (run-body.ts),
// rendered on worker threads and kept in a cache keyed by content (render-page.ts), so a rebuild after one
// new run renders one page. Astro alone spent minutes on these pages and rendered all of them every build.
// The dev server renders the same pages through ordinary routes.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { findRunFiles, idOf } from '../runs/read-runs.ts';
import { runOnWorkers } from '../runs/worker-pool.ts';
import { RUNS_DIR } from './content-dirs.ts';
import { placeCached, renderRunPage, runStamp, type RenderContext, type RenderJob, type RenderResult } from './run-page/render-page.ts';
import { checkShell, SHELL_ROUTE } from './run-page/shell.ts';

/** Bump to render every page again (a change to the cache's layout). */
const CACHE_VERSION = 1;

/** What the last build rendered: per run, the stamp of its files and the key of its cached page. */
interface Manifest {
  salt: string;
  runs: Record<string, { stamp: string; key: string }>;
}

async function readManifest(file: string, salt: string): Promise<Manifest['runs']> {
  try {
    const m = JSON.parse(await readFile(file, 'utf8')) as Manifest;
    return m.salt === salt ? m.runs : {};
  } catch {
    return {};
  }
}

/** A digest of the site's source and locked dependencies: any change to them renders every page again. */
async function sourceDigest(root: string): Promise<string> {
  const hash = createHash('sha1');
  const files = (await readdir(join(root, 'src'), { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  for (const f of [...files.sort(), join(root, 'package-lock.json')]) {
    hash.update(f);
    hash.update(await readFile(f).catch(() => Buffer.alloc(0)));
  }
  return hash.digest('hex');
}

export function runPages(): AstroIntegration {
  let root = '';
  let base = '/';
  return {
    name: 'benchsite-run-pages',
    hooks: {
      'astro:config:setup': ({ command, config, injectRoute }) => {
        root = fileURLToPath(config.root);
        base = config.base.replace(/\/?$/, '/');
        const here = (f: string) => join(root, 'src/site/run-page', f);
        if (command === 'build') injectRoute({ pattern: `/${SHELL_ROUTE}`, entrypoint: here('shell.astro') });
        if (command === 'dev') {
          injectRoute({ pattern: '/runs/[...id]', entrypoint: here('dev-page.astro') });
          injectRoute({ pattern: '/runs/[...id]/results.csv', entrypoint: here('dev-results-csv.ts') });
        }
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const outDir = fileURLToPath(dir);
        const shellDir = join(outDir, SHELL_ROUTE);
        const shell = await readFile(join(shellDir, 'index.html'), 'utf8');
        checkShell(shell);
        await rm(shellDir, { recursive: true });
        const runsDir = resolve(root, RUNS_DIR);
        // One cache per content folder, so sites of other content (tests, benchmarks) keep theirs.
        const cacheDir = join(root, 'node_modules/.cache/benchsite/run-pages', createHash('sha1').update(runsDir).digest('hex').slice(0, 12));
        await mkdir(cacheDir, { recursive: true });
        const salt = createHash('sha1').update(`${CACHE_VERSION}\n${base}\n${shell}\n${await sourceDigest(root)}`).digest('hex');
        const ctx: RenderContext = { runsDir, outDir, cacheDir, shell, base, salt };
        const ids = (await findRunFiles(runsDir)).map((file) => idOf(runsDir, file));
        // Unchanged runs (same file stamps as last time): link their cached pages here, without reading them.
        const manifestFile = join(cacheDir, 'manifest.json');
        const known = await readManifest(manifestFile, salt);
        const stamps = new Map<string, string>();
        const results: RenderResult[] = [];
        const jobs: RenderJob[] = [];
        for (const id of ids) {
          const stamp = runStamp(runsDir, id);
          stamps.set(id, stamp);
          const k = known[id];
          if (k && k.stamp === stamp && placeCached(id, k.key, ctx)) results.push({ id, key: k.key, rendered: false });
          else jobs.push({ id });
        }
        // The others: read, hashed, and rendered unless the cache has their page (a run moved or touched).
        results.push(
          ...(await runOnWorkers<RenderJob, RenderResult>({
            script: join(root, 'src/site/run-page/render-worker.ts'),
            jobs,
            inline: (job) => renderRunPage(job, ctx),
            workerData: ctx,
          })),
        );
        const manifest: Manifest = { salt, runs: Object.fromEntries(results.map((r) => [r.id, { stamp: stamps.get(r.id)!, key: r.key }])) };
        await writeFile(`${manifestFile}.tmp`, JSON.stringify(manifest));
        await rename(`${manifestFile}.tmp`, manifestFile);
        // Forget pages no run uses any more, so the cache does not grow without end.
        const used = new Set(results.map((r) => r.key));
        let pruned = 0;
        for (const f of await readdir(cacheDir)) {
          if (f !== 'manifest.json' && !used.has(f.replace(/\.(html|csv)$/, ''))) {
            await rm(join(cacheDir, f), { force: true });
            pruned++;
          }
        }
        const rendered = results.filter((r) => r.rendered).length;
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        logger.info(`${results.length} run pages (${rendered} rendered, ${results.length - rendered} from the cache, ${pruned} stale cache files removed) in ${seconds}s`);
      },
    },
  };
}

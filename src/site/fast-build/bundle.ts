// The rebuild without Astro as one file: loading its 300 modules (the site's, zod's, yaml's) one by one took a
// third of a second of each rebuild, and vega's 250 more a quarter when a chart is drawn. The first rebuild of
// new code runs from the modules, then bin/build.js bundles entry.ts with esbuild (a dependency, the version
// Astro and Vite use) into node_modules/.cache/benchsite/fast-build/code/<code digest>/, vega in a chunk of its
// own loaded when a chart is drawn; later rebuilds load the bundle of the code they run (codeDigest, which covers
// the lock file too). Not at the end of a full build: a CI build from clean caches never rebuilds, and bundling
// cost it most of a CPU-second. Packages with files of their own (native code, Astro, Pagefind's binaries) stay
// outside it. A module's import.meta.url is its own file's (run-stamps.ts starts its worker from it), not the
// bundle's.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { codeDigest } from './state.ts';

type Entry = typeof import('./entry.ts');

const bundlesDir = (root: string) => join(root, 'node_modules/.cache/benchsite/fast-build/code');
const bundleDir = (root: string, code: string) => join(bundlesDir(root), code.slice(0, 16));
const bundleEntry = (root: string, code: string) => join(bundleDir(root, code), 'entry.js');

/** A bundle of the rebuild's code `code` is there. */
export const hasRebuildBundle = (root: string, code: string): boolean => existsSync(bundleEntry(root, code));

/**
 * The rebuild's code: the bundle of this code when an earlier rebuild made one, else (also when the bundle does
 * not load, which bundling again does not mend: it keeps a bundle of the same code) its modules.
 */
export async function loadRebuild(root: string, code: string): Promise<Entry> {
  if (hasRebuildBundle(root, code)) {
    try {
      return (await import(pathToFileURL(bundleEntry(root, code)).href)) as Entry;
    } catch {
      // the modules, below
    }
  }
  return import('./entry.ts');
}

/** Packages the bundle leaves to Node: native code and binaries, or not used by the rebuild. */
const EXTERNAL = ['astro', 'astro/*', 'pagefind', 'satteri', '@bruits/*', 'esbuild'];

/**
 * Bundle the rebuild's code (after a rebuild that ran without it): `code` is its codeDigest when it started; a
 * bundle is kept only when the code is still that after bundling. Never fails the build: without esbuild or
 * with an error, the rebuild loads the modules.
 */
export async function writeRebuildBundle(root: string, code: string): Promise<void> {
  const dir = bundleDir(root, code);
  if (existsSync(dir)) return;
  const tmp = `${dir}.tmp-${process.pid}`;
  try {
    const esbuild = await import('esbuild');
    const own = new RegExp(`^${root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?(src|benchmarks)/.*\\.ts$`);
    await esbuild.build({
      entryPoints: { entry: join(root, 'src/site/fast-build/entry.ts') },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: `node${process.versions.node}`,
      outdir: tmp,
      external: EXTERNAL,
      logLevel: 'silent',
      // CommonJS packages bundled (yaml) require Node's modules.
      banner: {
        js: "import { createRequire as $$createRequire } from 'node:module';\nconst require = $$createRequire(import.meta.url);",
      },
      plugins: [
        {
          name: 'own-import-meta-url',
          setup(build) {
            build.onLoad({ filter: own }, async (a) => ({
              contents: (await readFile(a.path, 'utf8')).replaceAll(
                'import.meta.url',
                JSON.stringify(pathToFileURL(a.path).href),
              ),
              loader: 'ts',
            }));
          },
        },
      ],
    });
    if (codeDigest(root) !== code) throw new Error('the code changed while it was bundled');
    await rename(tmp, dir);
    // Only the bundle of the current code is of use.
    for (const old of readdirSync(bundlesDir(root)))
      if (join(bundlesDir(root), old) !== dir) rmSync(join(bundlesDir(root), old), { recursive: true, force: true });
  } catch {
    await rm(tmp, { recursive: true, force: true });
  }
}

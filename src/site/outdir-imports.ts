// `npm run build -- --outDir ../site-out`: Astro renders the pages from a server bundle it writes to
// `<outDir>/.prerender/` when it thinks the outDir is inside the project, by a string prefix test of the
// working directory (`/home/me/site-out` starts with `/home/me/site`). From a folder beside the project the
// bundle's imports of the project's packages then fail ("Cannot find package '@oslojs/encoding'"), since
// node_modules/ is not above it. For such an outDir, this integration lets those imports resolve from the
// project, as they would from inside it. (An outDir elsewhere, /tmp/site, gets the bundle in the project.)
import module from 'node:module';
import { relative, isAbsolute, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Whether Astro puts the server bundle into this outDir although it is outside the project (the prefix test). */
export function bundleBesideProject(root: string, outDir: string, cwd: string): boolean {
  const rel = relative(root, outDir);
  const inside = rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
  return !inside && outDir.startsWith(cwd);
}

export function outDirImports(): AstroIntegration {
  return {
    name: 'benchsite-outdir-imports',
    hooks: {
      'astro:config:done': ({ config }) => {
        const root = fileURLToPath(config.root);
        const outDir = fileURLToPath(config.outDir);
        if (!bundleBesideProject(root, outDir, process.cwd())) return;
        const bundle = pathToFileURL(`${outDir.replace(/\/?$/, '/')}.prerender/`).href;
        const fromProject = new URL('package.json', config.root).href;
        module.registerHooks({
          resolve(specifier, context, next) {
            if (!context.parentURL?.startsWith(bundle) || specifier.startsWith('.') || specifier.includes(':'))
              return next(specifier, context);
            return next(specifier, { ...context, parentURL: fromProject });
          },
        });
      },
    },
  };
}

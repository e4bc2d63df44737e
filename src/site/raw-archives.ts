// The runs' raw archives on the site, at /runs/<id>/raw.tar.gz: linked into the build output when the build is
// done (no page rendering reads them: 10,000 runs hold gigabytes of archives), and served from content/ by
// the dev server.
import { stat } from 'node:fs/promises';
import { createReadStream, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { findRunFiles, idOf } from '../runs/read-runs.ts';
import { linkOrCopy } from './link-file.ts';
import { RUNS_DIR } from './content-dirs.ts';

export function rawArchives(): AstroIntegration {
  const root = resolve(RUNS_DIR);
  return {
    name: 'benchsite-raw-archives',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        let n = 0;
        for (const file of await findRunFiles(root)) {
          const archive = join(file, '..', 'raw.tar.gz');
          if (!existsSync(archive)) continue;
          const to = join(out, 'runs', idOf(root, file));
          mkdirSync(to, { recursive: true });
          linkOrCopy(archive, join(to, 'raw.tar.gz'));
          n++;
        }
        logger.info(`${n} raw archives linked into the site`);
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((req, res, next) => {
          const m = /^\/runs\/(.+)\/raw\.tar\.gz$/.exec(req.url ?? '');
          if (!m) return next();
          const file = join(root, decodeURIComponent(m[1]!), 'raw.tar.gz');
          if (!file.startsWith(root)) return next();
          stat(file)
            .then(() => {
              res.setHeader('Content-Type', 'application/gzip');
              createReadStream(file).pipe(res);
            })
            .catch(() => next());
        });
      },
    },
  };
}


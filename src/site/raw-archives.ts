// The runs' raw archives at /runs/<id>/raw.tar.gz on the dev server, served from content/. A build links
// them into dist/ beside each run page (run-pages.ts).
import { stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AstroIntegration } from 'astro';
import { RUNS_DIR } from './content-dirs.ts';

export function rawArchives(): AstroIntegration {
  const root = resolve(RUNS_DIR);
  return {
    name: 'benchsite-raw-archives',
    hooks: {
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

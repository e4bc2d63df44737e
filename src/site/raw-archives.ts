// The runs' raw archives at /runs/<id>/raw.tar.gz on the dev server, served from content/ under the same file
// rules as everything else there (validate-files.ts: no links). A build places checked copies beside each run
// page (run-pages.ts).
import { join, resolve, sep } from 'node:path';
import type { AstroIntegration } from 'astro';
import { readContentFile } from '../runs/validate-files.ts';
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
          let id: string;
          try {
            id = decodeURIComponent(m[1]!);
          } catch {
            return next();
          }
          const file = resolve(join(root, id, 'raw.tar.gz'));
          if (!file.startsWith(root + sep)) return next();
          readContentFile(file)
            .then((read) => {
              if (!('bytes' in read)) return next();
              res.setHeader('Content-Type', 'application/gzip');
              res.end(read.bytes);
            })
            .catch(() => next());
        });
      },
    },
  };
}

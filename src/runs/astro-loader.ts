// The Astro content loader of content/runs: every run.json, validated with RunSchema by the same code as
// `benchsite validate` (an invalid run stops the build with the same messages). The collection keeps each
// run's summary (run-summary.ts); pages that show a whole run read its file (site/runs.ts). Files are
// validated on worker threads, one per CPU, and only when their digest changed since the last build.
import { relative, resolve } from 'node:path';
import type { Loader } from 'astro/loaders';
import { findRunFiles, idOf } from './read-runs.ts';
import { validateJob, type ValidateJob, type ValidateResult } from './validate-worker.ts';
import { runOnWorkers } from './worker-pool.ts';

export function runsLoader(root = 'content/runs'): Loader {
  return {
    name: 'benchsite-runs',
    load: async ({ store, logger, watcher, config }) => {
      const dir = resolve(root);
      const projectRoot = new URL(config.root).pathname;
      const sync = async () => {
        const files = await findRunFiles(dir);
        const jobs = files.map((file) => {
          const id = idOf(dir, file);
          const known = store.get(id)?.digest;
          return { file, id, known: typeof known === 'string' ? known : undefined };
        });
        const seen = new Set(jobs.map((j) => j.id));
        const problems: string[] = [];
        let validated = 0;
        for (const r of await runOnWorkers<ValidateJob, ValidateResult>({ script: resolve(projectRoot, 'src/runs/validate-worker.ts'), jobs, inline: validateJob })) {
          if ('unchanged' in r) continue;
          validated++;
          problems.push(...r.problems);
          if (r.summary) store.set({ id: r.id, data: r.summary as unknown as Record<string, unknown>, digest: r.digest, filePath: relative(projectRoot, r.file) });
        }
        for (const id of store.keys()) if (!seen.has(id)) store.delete(id);
        if (problems.length) {
          throw new Error(`${problems.length} problem(s) in content/runs (run \`npx benchsite validate\` for the list):\n${problems.join('\n')}`);
        }
        logger.info(`${seen.size} runs (${validated} validated, ${seen.size - validated} unchanged)`);
      };
      await sync();
      watcher?.add(dir);
      watcher?.on('change', (f) => {
        if (f.startsWith(dir) && f.endsWith('run.json')) void sync().catch((e) => logger.error((e as Error).message));
      });
    },
  };
}

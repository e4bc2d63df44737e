// The Astro content loader of content/runs: every run.json, validated with RunSchema by the same code as
// `benchsite validate` (an invalid run stops the build with the same messages). The collection keeps each
// run's summary (run-summary.ts); pages that show a whole run read its file (site/runs.ts). Files are
// validated on worker threads, one per CPU, and only when they or the code changed since the last build.
// Changed means another file stamp (file-stamp.ts): at 10,000 runs a rebuild then reads only the new runs.
import { relative, resolve } from 'node:path';
import type { Loader } from 'astro/loaders';
import { findRunFiles, idOf } from './read-runs.ts';
import { validateJob, type ValidateJob, type ValidateResult } from './validate-worker.ts';
import { fileStamp } from './file-stamp.ts';
import { contentError } from './problems.ts';
import { sourceDigest } from './source-digest.ts';
import { runOnWorkers } from './worker-pool.ts';
import { handOverLoadedRuns } from './loaded-runs.ts';

export function runsLoader(root = 'content/runs'): Loader {
  return {
    name: 'benchsite-runs',
    load: async ({ store, logger, watcher, config }) => {
      const dir = resolve(root);
      const projectRoot = new URL(config.root).pathname;
      const sync = async () => {
        const files = await findRunFiles(dir);
        // A change to the code (schemas, validation, summaries) checks every run again.
        const code = (await sourceDigest(projectRoot)).slice(0, 16);
        const seen = new Set<string>();
        const jobs: ValidateJob[] = [];
        for (const file of files) {
          const id = idOf(dir, file);
          seen.add(id);
          // synchronous: 10,000 in a loop beat 10,000 trips through the thread pool
          const stamp = `${code}:${fileStamp(file)}`;
          if (store.get(id)?.digest !== stamp) jobs.push({ file, id, stamp });
        }
        const problems: string[] = [];
        for (const r of await runOnWorkers<ValidateJob, ValidateResult>({
          script: resolve(projectRoot, 'src/runs/validate-worker.ts'),
          jobs,
          inline: validateJob,
        })) {
          problems.push(...r.problems);
          // The summary as one base64 string of its JSON (made by the worker): Astro writes the whole store with
          // devalue (twice a build), which walked the ~40 small arrays of each of 10,000 summaries for seconds
          // (most of a rebuild's CPU); devalue escapes a string character by character, and the quotes of JSON
          // text made that 2 s, base64 (nothing to escape) 0.3 s. site/runs.ts decodes it.
          if (r.summary)
            store.set({
              id: r.id,
              data: { summary: r.summary },
              digest: r.stamp,
              filePath: relative(projectRoot, r.file),
            });
        }
        for (const id of store.keys()) if (!seen.has(id)) store.delete(id);
        if (problems.length) throw contentError(root, problems);
        // For the state of the rebuild without Astro, written when the build is done (site/run-pages.ts).
        const loaded = new Map<string, { stamp: string; summary: string }>();
        for (const [id, e] of store.entries())
          if (e.digest)
            loaded.set(id, {
              stamp: String(e.digest).slice(code.length + 1),
              summary: (e.data as { summary: string }).summary,
            });
        handOverLoadedRuns({ dir, runs: loaded });
        logger.info(`${seen.size} runs (${jobs.length} validated, ${seen.size - jobs.length} unchanged)`);
      };
      await sync();
      watcher?.add(dir);
      watcher?.on('change', (f) => {
        if (f.startsWith(dir) && f.endsWith('run.json')) void sync().catch((e) => logger.error((e as Error).message));
      });
    },
  };
}

// The Astro content loader of content/runs: every run.json, validated with RunSchema by the same code as
// `benchsite validate` (an invalid run stops the build with the same messages). The collection keeps each
// run's summary (run-summary.ts); pages that show a whole run read its file (site/runs.ts). Files are
// validated on worker threads, one per CPU, and only when their digest changed since the last build.
import { availableParallelism } from 'node:os';
import { relative, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Loader } from 'astro/loaders';
import { findRunFiles, idOf } from './read-runs.ts';
import { validateJob, type ValidateJob, type ValidateResult } from './validate-worker.ts';

const BATCH = 50;

/** Validate jobs on worker threads; in this thread when workers cannot start (Node without TypeScript support). */
async function validateAll(jobs: ValidateJob[], root: string): Promise<ValidateResult[]> {
  const n = Math.min(availableParallelism(), 4, Math.ceil(jobs.length / BATCH));
  const workers: Worker[] = [];
  try {
    for (let i = 0; i < n; i++) workers.push(new Worker(resolve(root, 'src/runs/validate-worker.ts')));
  } catch {
    workers.forEach((w) => void w.terminate());
    workers.length = 0;
  }
  if (workers.length === 0 || jobs.length < BATCH) {
    const out: ValidateResult[] = [];
    for (const j of jobs) out.push(await validateJob(j));
    return out;
  }
  const results: ValidateResult[] = [];
  let next = 0;
  try {
    await Promise.all(
      workers.map(async (w) => {
        while (next < jobs.length) {
          const batch = jobs.slice(next, (next += BATCH));
          const done = new Promise<ValidateResult[]>((res, rej) => {
            w.once('message', res);
            w.once('error', rej);
          });
          w.postMessage(batch);
          results.push(...(await done));
        }
      }),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}

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
        for (const r of await validateAll(jobs, projectRoot)) {
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

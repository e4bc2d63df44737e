// The Astro content loader of content/runs: every run.json, validated with RunSchema by the same code as
// `benchsite validate` (an invalid run stops the build with the same messages). The collection keeps each
// run's summary (run-summary.ts); pages that show a whole run read its file (site/runs.ts).
import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { Loader } from 'astro/loaders';
import { findRunFiles, idOf } from './read-runs.ts';
import { validateRunText } from './validate-run.ts';
import { summarizeRun } from './run-summary.ts';

export function runsLoader(root = 'content/runs'): Loader {
  return {
    name: 'benchsite-runs',
    load: async ({ store, generateDigest, logger, watcher, config }) => {
      const dir = resolve(root);
      const sync = async () => {
        const files = await findRunFiles(dir);
        const seen = new Set<string>();
        const problems: string[] = [];
        // Read ahead a few files while validating the current one.
        const texts = files.map(() => undefined as Promise<string> | undefined);
        const read = (i: number) => (texts[i] ??= readFile(files[i]!, 'utf8'));
        for (let i = 0; i < files.length; i++) {
          for (let j = i; j < Math.min(files.length, i + 8); j++) void read(j);
          const file = files[i]!;
          const id = idOf(dir, file);
          seen.add(id);
          const text = await read(i);
          texts[i] = undefined;
          const digest = generateDigest(text);
          if (store.get(id)?.digest === digest) continue;
          const checked = validateRunText(file, text, id);
          if (!checked.run) {
            problems.push(...checked.problems.map((p) => p.text));
            continue;
          }
          const filePath = relative(new URL(config.root).pathname, file);
          store.set({ id, data: summarizeRun(checked.run) as unknown as Record<string, unknown>, digest, filePath });
        }
        for (const id of store.keys()) if (!seen.has(id)) store.delete(id);
        if (problems.length) {
          throw new Error(`${problems.length} problem(s) in content/runs (run \`npx benchsite validate\` for the list):\n${problems.join('\n')}`);
        }
        logger.info(`${seen.size} runs`);
      };
      await sync();
      watcher?.add(dir);
      watcher?.on('change', (f) => {
        if (f.startsWith(dir) && f.endsWith('run.json')) void sync().catch((e) => logger.error((e as Error).message));
      });
    },
  };
}

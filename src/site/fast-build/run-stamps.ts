// How the rebuild without Astro finds changed runs at 10,000 runs without reading every run folder: per run, its
// runStamp (run.json, series.json, raw.tar.gz: size, modification time, inode, as the run-pages manifest has it)
// and a check stamp of the folder's modification time and the three files' change times. A file added to,
// removed from or renamed in a run folder changes the folder's time, and a second name (hard link) made for a
// file its change time, so such a folder counts as changed and is checked with the file rules
// (checkContentFiles) as a full build would.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import module from 'node:module';
import { Worker } from 'node:worker_threads';
import { stampOf } from '../../runs/file-stamp.ts';
import { WRITE_AREA } from '../../runs/write-area.ts';

export interface RunStamps {
  stamp: string;
  check: string;
}

const FILES = ['run.json', 'series.json', 'raw.tar.gz'];

export function runStamps(runsDir: string, id: string): RunStamps {
  const dir = join(runsDir, id);
  const files = FILES.map((f) => statSync(join(dir, f), { throwIfNoEntry: false }));
  return {
    stamp: files.map(stampOf).join('|'),
    check: [statSync(dir, { throwIfNoEntry: false }), ...files].map((s) => (s ? s.ctimeMs : '-')).join('|'),
  };
}

/** Where run ids are `<benchmark>/<host>/<run>`, as harvest and import write them. */
const RUN_DEPTH = 3;

/**
 * Every run's stamps, or why the folder needs a full build: a link or special file above the run folders, or a
 * run folder at another depth than `<benchmark>/<host>/<run>`. Folders are read down to the run folders only.
 */
export function findRunStamps(runsDir: string): { runs: Map<string, RunStamps> } | { odd: string } {
  const runs = new Map<string, RunStamps>();
  let odd: string | undefined;
  const walk = (dir: string, id: string, depth: number) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (depth === 0 && e.name === WRITE_AREA) continue; // runs being written (content-lock.ts), not runs
      const sub = id ? `${id}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (depth + 1 < RUN_DEPTH) walk(join(dir, e.name), sub, depth + 1);
        else {
          const s = runStamps(runsDir, sub);
          if (s.stamp.startsWith('-|')) odd ??= `${join(dir, e.name)} is not a run folder (no run.json)`;
          else runs.set(sub, s);
        }
      } else if (!e.isFile()) odd ??= `${join(dir, e.name)} is not a regular file or folder`;
      else if (e.name === 'run.json') odd ??= `${dir} holds a run.json above <benchmark>/<host>/<run>`;
    }
  };
  walk(runsDir, '', 0);
  return odd ? { odd } : { runs };
}

const WORKER_URL = new URL('./run-stamps-worker.ts', import.meta.url).href;
const WORKER_START = `const { workerData } = require('node:worker_threads');
if (workerData.cache) require('node:module').enableCompileCache(workerData.cache);
import(workerData.url);`;

/**
 * findRunStamps on a worker thread: the rebuild reads its state (a large JSON file) on the main thread meanwhile,
 * so on two cores the 40,000 stat calls of 10,000 runs cost no time. `stop` ends the thread when the rebuild
 * gives up early. Where a worker cannot run TypeScript, on this thread.
 */
export function findRunStampsAside(runsDir: string): {
  result: Promise<ReturnType<typeof findRunStamps>>;
  stop: () => void;
} {
  if (!(process.features as { typescript?: unknown }).typescript)
    return { result: Promise.resolve().then(() => findRunStamps(runsDir)), stop: () => {} };
  // Started through Node's compile cache when bin/build.js keeps one: loading the worker's modules (type
  // stripping included) cost more than a third of its stat calls.
  const worker = new Worker(WORKER_START, {
    eval: true,
    workerData: { runsDir, cache: module.getCompileCacheDir?.(), url: WORKER_URL },
  });
  const result = new Promise<ReturnType<typeof findRunStamps>>((resolve, reject) => {
    worker.once('message', (m: { runs: Array<[string, RunStamps]> } | { odd: string }) =>
      resolve('odd' in m ? m : { runs: new Map(m.runs) }),
    );
    worker.once('error', reject);
  }).finally(() => void worker.terminate());
  return { result, stop: () => void worker.terminate() };
}

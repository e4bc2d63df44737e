// Every run's summary for the site's pages: each run.json under content/runs validated with RunSchema by the
// same code as `benchsite validate` (an invalid run stops the build with the same messages) and summarized
// (run-summary.ts), on worker threads, once per build and only when the file or the code changed since the
// last one (summary-cache.ts). The build starts it before Astro reads anything (run-pages.ts), on the workers
// that then render the run pages, and hands it to the pages through globalThis (Astro loads the integrations
// and the pages as separate module instances); the dev server starts its own when a page first asks.
import { resolve } from 'node:path';
import { contentError } from '../runs/problems.ts';
import { findRunFiles, idOf } from '../runs/read-runs.ts';
import { fileStamp } from '../runs/file-stamp.ts';
import { sourceDigest } from '../runs/source-digest.ts';
import type { ValidateJob, ValidateResult } from '../runs/validate-job.ts';
import type { JobPool } from '../runs/worker-pool.ts';
import type { RunSummary } from '../schemas/run-summary.ts';
import { groupOf, readGroup, summaryCacheDir, writeGroups, type StoredRun } from './summary-cache.ts';

export type { StoredRun };

/** Bump when the summaries' shape changes without a change to src/. */
const CACHE_VERSION = 1;

export interface RunStore {
  runsDir: string;
  /** Every run by id: resolves when each is validated; rejects with the problems (contentError) of any. */
  runs: Promise<Map<string, StoredRun>>;
  /** How many runs there are, and how many were validated (the others' summaries were cached). */
  counts: Promise<{ runs: number; validated: number }>;
}

/** The runs to validate and the summaries of unchanged runs: listing and stat calls only. */
interface StorePlan {
  runsDir: string;
  ids: string[];
  jobs: ValidateJob[];
  cached: Map<string, StoredRun>;
  /** Groups whose cache names runs that are gone. */
  stale: Set<string>;
  code: string;
  cacheDir: string;
}

export async function planRunStore(root: string, runsDir: string): Promise<StorePlan> {
  const code = `${CACHE_VERSION}:${(await sourceDigest(root)).slice(0, 16)}`;
  const cacheDir = summaryCacheDir(root, runsDir);
  const files = await findRunFiles(runsDir);
  const jobs: ValidateJob[] = [];
  const cached = new Map<string, StoredRun>();
  const groups = new Map<string, Record<string, StoredRun>>();
  const ids: string[] = [];
  for (const file of files) {
    const id = idOf(runsDir, file);
    ids.push(id);
    const group = groupOf(id);
    let runs = groups.get(group);
    if (!runs) groups.set(group, (runs = readGroup(cacheDir, group, code)));
    const was = runs[id];
    // synchronous: 10,000 in a loop beat 10,000 trips through the thread pool
    if (was && was.stamp === fileStamp(file)) cached.set(id, was);
    else jobs.push({ file, id });
  }
  const present = new Set(ids);
  const stale = new Set(
    [...groups].filter(([, runs]) => Object.keys(runs).some((id) => !present.has(id))).map(([g]) => g),
  );
  return { runsDir, ids, jobs, cached, stale, code, cacheDir };
}

/**
 * Validate the plan's runs on `pool` ('validate' jobs: validate-job.ts), first of its jobs, in small batches so
 * that `validated` hears of runs soon: it gets each batch of runs found valid (the cached ones at once).
 */
export function startRunStore(
  plan: StorePlan,
  pool: JobPool,
  validated: (runs: Array<{ id: string; stamp: string }>, thread?: number) => void = () => {},
): RunStore {
  validated([...plan.cached].map(([id, r]) => ({ id, stamp: r.stamp })));
  const problems: string[] = [];
  const fresh = new Map<string, StoredRun>();
  const batch = 16;
  const parts: Array<Promise<void>> = [];
  for (let i = 0; i < plan.jobs.length; i += batch) {
    parts.push(
      pool
        .submit<ValidateJob, ValidateResult>('validate', plan.jobs.slice(i, i + batch), { batch, first: true })
        .then((results) => {
          const ok: Array<{ id: string; stamp: string }> = [];
          for (const r of results) {
            problems.push(...r.problems);
            if (r.summary && !r.problems.length) {
              fresh.set(r.id, { stamp: r.stamp, summary: JSON.parse(r.summary) as RunSummary });
              ok.push({ id: r.id, stamp: r.stamp });
            }
          }
          // one batch, one thread: the one that holds the runs it kept (validate-job.ts)
          validated(ok, results[0]?.thread);
        }),
    );
  }
  const runs = Promise.all(parts).then(() => {
    if (problems.length) throw contentError(plan.runsDir, problems.sort());
    const all = new Map<string, StoredRun>();
    for (const id of plan.ids) all.set(id, fresh.get(id) ?? plan.cached.get(id)!);
    // The cache of each group with a run validated or gone.
    const changed = new Map<string, Record<string, StoredRun>>();
    const groups = new Map<string, Record<string, StoredRun>>();
    for (const [id, r] of all) {
      const g = groupOf(id);
      let list = groups.get(g);
      if (!list) groups.set(g, (list = {}));
      list[id] = r;
      if (fresh.has(id) || plan.stale.has(g)) changed.set(g, list);
    }
    try {
      writeGroups(plan.cacheDir, plan.code, changed, new Set(groups.keys()));
    } catch {
      // a cache that cannot be written costs the next build time, not this one its pages
    }
    return all;
  });
  runs.catch(() => {}); // (awaited by whoever needs it)
  const counts = runs.then(() => ({ runs: plan.ids.length, validated: plan.jobs.length }));
  // Awaited when Astro's build starts: a run found bad before that rejected it with nobody waiting yet, and Node
  // ended the build with its own crash output (the message in brackets under a line of Node's source).
  counts.catch(() => {});
  return { runsDir: plan.runsDir, runs, counts };
}

const KEY = Symbol.for('benchsite.run-store');

/** Hand the store to the pages of this process (run-pages.ts, at the start of a build). */
export function publishRunStore(store: RunStore): void {
  (globalThis as Record<symbol, unknown>)[KEY] = store;
}

/** The store a build started for `runsDir`, if any. */
export function publishedRunStore(runsDir: string): RunStore | undefined {
  const store = (globalThis as Record<symbol, unknown>)[KEY] as RunStore | undefined;
  return store?.runsDir === resolve(runsDir) ? store : undefined;
}

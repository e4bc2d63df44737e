// `benchsite harvest` of one input: harvestAny then writeHarvestedRuns, with the run directories of a large
// input harvested and prepared on every core: on this thread and on worker threads (harvest-worker.ts), one
// thread per core. Same runs, same files and same messages as on one thread: the runs are written in harvestAny's
// order by the same commitRun, and a harvest that fails throws the error harvestAny would have thrown (the
// first, in run order), writing nothing.
import module from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Run } from '../src/schemas/index.ts';
import { harvestAny, harvestSteps, type HarvestStep } from './harvest-any.ts';
import { unitJob, type UnitJob, type UnitMessage } from './harvest-unit-job.ts';
import type { BenchmarkFolder, HarvestOptions, HarvestUnit } from './lib/benchmark-folder.ts';
import { errorFrom, type ErrorData } from './lib/error-data.ts';
import type { HarvestResult, Refusal } from './lib/harvested.ts';
import type { RawTree } from './lib/raw-tree.ts';
import { commitRun, writeHarvestedRuns, type PreparedRun, type WrittenRun } from './lib/write-run.ts';

export type RunOutcome = { written: WrittenRun } | { error: Error };

export interface HarvestWriteOptions extends HarvestOptions {
  /** A run whose id exists with other raw files replaces it (writeHarvestedRuns). */
  replace?: boolean;
  /**
   * Threads that harvest run directories at once: this one and workers - 1 worker threads (started only for
   * a second directory waiting); 0 harvests with harvestAny. Default: one per core for inputs of PARALLEL_BYTES
   * or more.
   */
  workers?: number;
  /**
   * The tree's file buffers may be moved to the workers instead of copied: the caller does not read the tree
   * again (its files are then empty).
   */
  consume?: boolean;
}

const WORKER_URL = new URL('./harvest-worker.ts', import.meta.url).href;
const WORKER_START = `const { workerData } = require('node:worker_threads');
if (workerData.cache) require('node:module').enableCompileCache(workerData.cache);
import(workerData.url);`;

/** Inputs from this size on are harvested on several threads (starting a worker costs 0.3 CPU-s). */
const PARALLEL_BYTES = 64 << 20;

/**
 * Harvest a tree and write its runs to `out`; `done` hears of each run in order, written or refused. Files
 * refused as bad input (leave-out.ts) are listed in `refused`, in harvestAny's order; the good runs are
 * written. Throws what harvestAny throws (nothing is written then).
 */
export async function harvestAndWrite(
  tree: RawTree,
  out: string,
  opts: HarvestWriteOptions,
  done: (run: Run, r: RunOutcome) => void,
): Promise<{ runs: number; skipped: HarvestResult['skipped']; refused: Refusal[] }> {
  const { replace, workers: asked, consume, ...harvestOpts } = opts;
  let bytes = 0;
  for (const e of tree.entries) bytes += e.data.length;
  const workers = asked ?? (bytes >= PARALLEL_BYTES ? availableParallelism() : 0);
  if (workers < 1) {
    const r = harvestAny(tree, harvestOpts);
    await writeHarvestedRuns(r.runs, out, (h, x) => done(h.run, x), { replace });
    return { runs: r.runs.length, skipped: r.skipped, refused: r.refused };
  }
  // Buffers that may move: each the whole of one file's bytes and of no other's (a caller's tree may share one).
  const movable = new Set<ArrayBufferLike>();
  if (consume) {
    const views = new Map<ArrayBufferLike, number>();
    for (const e of tree.entries) views.set(e.data.buffer, (views.get(e.data.buffer) ?? 0) + 1);
    for (const e of tree.entries) {
      const d = e.data;
      if (d.buffer instanceof ArrayBuffer && d.byteOffset === 0 && d.byteLength === d.buffer.byteLength)
        if (views.get(d.buffer) === 1) movable.add(d.buffer);
    }
  }
  const pool = new UnitPool(workers, out, harvestOpts, movable);
  try {
    let plan: { steps: HarvestStep<UnitTask>[]; skipped: HarvestResult['skipped'] } | undefined;
    let failed: unknown;
    try {
      plan = harvestSteps(tree, harvestOpts, (b, u) => pool.add(b, u));
    } catch (e) {
      failed = e; // after every unit handed out so far in run order: one of them may have failed first
    }
    for (const t of pool.tasks) {
      const h = await t.harvested;
      if ('error' in h) throw errorFrom(h.error);
    }
    if (!plan) throw failed;
    let runs = 0;
    const refused: Refusal[] = [];
    for (const step of plan.steps) {
      if ('runs' in step) {
        await writeHarvestedRuns(step.runs, out, (h, x) => done(h.run, x), { replace });
        runs += step.runs.length;
        continue;
      }
      if ('refused' in step) {
        refused.push(...step.refused);
        continue;
      }
      const h = await step.unit.harvested;
      if ('refused' in h) refused.push(...h.refused);
      if ('none' in h && h.none) continue;
      const r = await step.unit.prepared;
      runs++;
      if ('error' in r) {
        done(r.run, { error: errorFrom(r.error) });
        continue;
      }
      let outcome: RunOutcome;
      try {
        outcome = { written: await commitRun(r.prepared, out, { replace }) };
      } catch (e) {
        outcome = { error: e as Error };
      }
      done(r.prepared.run, outcome);
    }
    return { runs, skipped: plan.skipped, refused };
  } finally {
    await pool.close();
  }
}

/** A unit harvested: the files it refused, and whether it gave no run (all of it refused); or the error it threw. */
type Harvested = { refused: Refusal[]; none: boolean } | { error: ErrorData };

interface UnitTask {
  id: number;
  bytes: number;
  /** Settles when the unit is harvested. */
  harvested: Promise<Harvested>;
  prepared: Promise<{ prepared: PreparedRun } | { run: Run; error: ErrorData }>;
}

interface Pending {
  task: UnitTask;
  job: UnitJob;
  harvested(h: Harvested): void;
  prepared(r: Awaited<UnitTask['prepared']>): void;
}

/**
 * The threads harvesting units, each one unit at a time (and preparing the one before it meanwhile): this
 * thread first, then worker threads, started as units wait; the largest waiting unit goes to the first thread
 * free. This thread harvests a unit as a task of its own (setImmediate), after handing out what is waiting: a
 * worker started costs 0.3 CPU-s, and one directory alone (a long run) needs none.
 */
class UnitPool {
  readonly tasks: UnitTask[] = [];
  private readonly queue: Pending[] = [];
  private readonly running = new Map<number, Pending>();
  private readonly idle: Worker[] = [];
  private readonly all: Worker[] = [];
  private readonly max: number;
  private readonly data: { out: string; opts: HarvestOptions };
  private readonly movable: Set<ArrayBufferLike>;
  private here = false; // whether this thread is harvesting a unit
  private closing = false;

  constructor(max: number, out: string, opts: HarvestOptions, movable: Set<ArrayBufferLike>) {
    this.max = max;
    this.data = { out, opts };
    this.movable = movable;
  }

  add(b: BenchmarkFolder, unit: HarvestUnit): UnitTask {
    const id = this.tasks.length;
    let bytes = 0;
    for (const e of unit.entries) bytes += e.data.length;
    let pending!: Pending;
    const harvested = new Promise<Harvested>((res) => (pending = { harvested: res } as Pending));
    const prepared = new Promise<Awaited<UnitTask['prepared']>>((res) => (pending.prepared = res));
    const task: UnitTask = { id, bytes, harvested, prepared };
    Object.assign(pending, { task, job: { id, folder: b.name, unit } });
    this.tasks.push(task);
    this.queue.push(pending);
    this.queue.sort((x, y) => y.task.bytes - x.task.bytes);
    this.dispatch();
    return task;
  }

  /** The bytes in a buffer of their own that can be moved to a worker: the caller's own when it gave them up. */
  private moved(data: Uint8Array, transfer: ArrayBuffer[]): Uint8Array {
    const out = this.movable.delete(data.buffer) ? data : new Uint8Array(data); // a copy (a Buffer's slice is a view)
    transfer.push(out.buffer as ArrayBuffer);
    return out;
  }

  private dispatch(): void {
    while (this.queue.length) {
      if (!this.here) {
        const p = this.queue.shift()!;
        this.here = true;
        this.running.set(p.task.id, p);
        setImmediate(() => void unitJob(p.job, this.data.opts, this.data.out, (m) => this.receive(m)));
        continue;
      }
      let w = this.idle.pop();
      if (!w && this.all.length < this.max - 1) w = this.start();
      if (!w) return;
      const p = this.queue.shift()!;
      this.running.set(p.task.id, p);
      const transfer: ArrayBuffer[] = [];
      const entries = p.job.unit.entries.map((e) => ({ ...e, data: this.moved(e.data, transfer) }));
      w.postMessage({ ...p.job, unit: { ...p.job.unit, entries } }, transfer);
    }
  }

  /** What a unit's thread said: `w` is the worker, or undefined for this thread. */
  private receive(m: UnitMessage, w?: Worker): void {
    const p = this.running.get(m.id)!;
    if ('harvested' in m || 'harvestError' in m) {
      p.harvested('harvestError' in m ? { error: m.harvestError } : { refused: m.refused, none: m.none });
      if ('harvestError' in m || m.none) this.running.delete(m.id);
      if ('harvestError' in m) p.prepared({ run: undefined as never, error: m.harvestError });
      if (w) this.idle.push(w);
      else this.here = false;
      this.dispatch();
      return;
    }
    this.running.delete(m.id);
    p.prepared('prepared' in m ? { prepared: m.prepared } : { run: m.run, error: m.prepareError });
  }

  private start(): Worker {
    // Started through Node's compile cache when the CLI keeps one (bin/benchsite.js): loading the harvesters'
    // modules took half a second of CPU per worker, a fifth of that from the cache.
    const w = new Worker(WORKER_START, {
      eval: true,
      workerData: { ...this.data, cache: module.getCompileCacheDir?.(), url: WORKER_URL },
    });
    this.all.push(w);
    w.on('message', (m: UnitMessage) => this.receive(m, w));
    // A worker that dies (out of memory, a bug) fails every unit it had: the harvest stops with its error.
    w.on('error', (e) => this.fail(e as Error));
    w.on('exit', (code) => {
      if (code !== 0 && !this.closing) this.fail(new Error(`a harvest worker thread stopped (exit code ${code})`));
    });
    return w;
  }

  private fail(e: Error): void {
    const data = { kind: e.name, message: e.message, stack: e.stack };
    for (const p of [...this.running.values(), ...this.queue]) {
      p.harvested({ error: data });
      p.prepared({ run: undefined as never, error: data });
    }
    this.running.clear();
    this.queue.length = 0;
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.all.map((w) => w.terminate()));
  }
}

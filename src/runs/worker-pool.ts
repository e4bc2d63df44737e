// Jobs on worker threads, one per CPU (at most 4), sent in batches: how the site validates and renders
// 10,000 runs on every core instead of one. Worker scripts are TypeScript files that Node runs directly;
// where Node cannot (no type stripping) or there are few jobs, they run in this thread instead.
//
// A JobPool keeps its workers for several kinds of job: the site build validates every run and then renders
// its page on the same threads (a worker's start, loading the schemas and the page code, costs half a CPU-second),
// and the render jobs run while the main thread builds the other pages.
import { availableParallelism } from 'node:os';
import { parentPort, Worker } from 'node:worker_threads';

export interface PoolOptions<J, R> {
  /** Absolute path of the worker script, which calls `serveJobs` with the same function as `inline`. */
  script: string;
  jobs: J[];
  /** The job in this thread. */
  inline: (job: J) => Promise<R>;
  /** Jobs per message. */
  batch?: number;
  /** Passed to every worker as `workerData`. */
  workerData?: unknown;
}

const canRunTypeScript = () => Boolean((process.features as { typescript?: unknown }).typescript);

/** Workers for `jobs` jobs sent `batch` at a time: one per CPU (at most 4), none when two batches or fewer. */
export const poolSize = (jobs: number, batch: number) =>
  canRunTypeScript() ? Math.min(availableParallelism(), 4, Math.ceil(jobs / batch)) : 0;

/** Per kind of job, its function: a job, and the context its submission gave with every batch. */
type Handlers = Record<string, (job: never, context: never) => Promise<unknown> | unknown>;

interface Batch {
  kind: string;
  jobs: unknown[];
  context: unknown;
  prefer?: number;
  done: (results: unknown[]) => void;
  failed: (e: Error) => void;
}

/**
 * Workers kept for several submissions of jobs, each of a kind the worker script serves (serveKinds). Batches
 * submitted `first` are sent before the others. With `size` 0 the jobs run in this thread, one at a time.
 * Workers are unreferenced while idle, so a build that fails elsewhere still exits; close() ends them.
 */
export class JobPool {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly queue: Batch[] = [];
  private readonly pending = new Set<Batch>();
  private running = Promise.resolve();
  private broken: Error | undefined;
  private readonly inline: Handlers;

  constructor(script: string, size: number, inline: Handlers, workerData?: unknown) {
    this.inline = inline;
    for (let i = 0; i < size; i++) {
      const w = new Worker(script, { workerData });
      w.unref();
      w.on('error', (e: Error) => this.fail(e));
      this.workers.push(w);
      this.idle.push(w);
    }
  }

  get threads(): number {
    return this.workers.length;
  }

  /**
   * Every job's result, in no particular order. `context` goes to the function of every job, once a batch; a
   * function is called when the batch is sent, for what is known by then. `prefer`: the threadId of the worker
   * that holds what the jobs need (validate-job.ts keeps the runs it parsed for their render); it takes them
   * when it is free, another worker only when nothing else is left for it.
   */
  submit<J, R>(
    kind: string,
    jobs: J[],
    opts: { batch?: number; first?: boolean; context?: unknown; prefer?: number } = {},
  ): Promise<R[]> {
    if (!jobs.length) return Promise.resolve([]);
    if (!this.workers.length) {
      // In this thread, one job after another (and one submission after another).
      const fn = this.inline[kind] as unknown as (job: J, context: unknown) => Promise<R> | R;
      const run = this.running.then(async () => {
        const out: R[] = [];
        const context = typeof opts.context === 'function' ? (opts.context as () => unknown)() : opts.context;
        for (const j of jobs) out.push(await fn(j, context));
        return out;
      });
      this.running = run.then(
        () => {},
        () => {},
      );
      return run;
    }
    const size = opts.batch ?? 50;
    const parts: Array<Promise<unknown[]>> = [];
    const batches: Batch[] = [];
    for (let i = 0; i < jobs.length; i += size) {
      parts.push(
        new Promise<unknown[]>((done, failed) =>
          batches.push({
            kind,
            jobs: jobs.slice(i, i + size),
            context: opts.context,
            prefer: opts.prefer,
            done,
            failed,
          }),
        ),
      );
    }
    if (opts.first) this.queue.unshift(...batches);
    else this.queue.push(...batches);
    this.dispatch();
    return Promise.all(parts).then((r) => r.flat() as R[]);
  }

  private dispatch(): void {
    if (this.broken) {
      for (const b of this.queue.splice(0)) b.failed(this.broken);
      return;
    }
    while (this.idle.length && this.queue.length) {
      // The first batch for any worker or for an idle one, to that one; when every batch left prefers a busy
      // worker, the first of them, to an idle one (it would wait otherwise).
      let bi = 0;
      let wi = this.idle.length - 1;
      for (let i = 0; i < this.queue.length; i++) {
        const prefer = this.queue[i]!.prefer;
        const at = prefer === undefined ? wi : this.idle.findIndex((x) => x.threadId === prefer);
        if (at >= 0) {
          bi = i;
          wi = at;
          break;
        }
      }
      const w = this.idle.splice(wi, 1)[0]!;
      const b = this.queue.splice(bi, 1)[0]!;
      w.ref();
      w.once('message', (results: unknown[]) => {
        w.unref();
        this.idle.push(w);
        this.pending.delete(b);
        b.done(results);
        this.dispatch();
      });
      this.pending.add(b);
      const context = typeof b.context === 'function' ? (b.context as () => unknown)() : b.context;
      w.postMessage({ kind: b.kind, jobs: b.jobs, context });
    }
  }

  private fail(e: Error): void {
    this.broken ??= e;
    for (const b of this.pending) b.failed(e);
    this.pending.clear();
    this.dispatch();
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
    this.workers.length = 0;
    this.idle.length = 0;
  }
}

/** Every job's result, in no particular order, on workers that end when the jobs are done. */
export async function runOnWorkers<J, R>({
  script,
  jobs,
  inline,
  batch = 50,
  workerData,
}: PoolOptions<J, R>): Promise<R[]> {
  const n = poolSize(jobs.length, batch);
  const pool = new JobPool(script, n < 2 ? 0 : n, { '': inline }, workerData);
  try {
    return await pool.submit<J, R>('', jobs, { batch });
  } finally {
    await pool.close();
  }
}

/**
 * In a worker script: answer each batch of jobs with their results, by the kind of job (JobPool.submit). The
 * jobs of a batch run one after another: they hold megabytes each and do their I/O synchronously, so a batch
 * of 50 does not hold 50 runs' files and parsed JSON at once.
 */
export function serveKinds(handlers: Handlers): void {
  parentPort?.on('message', ({ kind, jobs, context }: { kind: string; jobs: unknown[]; context: unknown }) => {
    const fn = handlers[kind] as (job: unknown, context: unknown) => Promise<unknown> | unknown;
    void (async () => {
      const out: unknown[] = [];
      for (const j of jobs) out.push(await fn(j, context));
      return out;
    })().then((results) => parentPort!.postMessage(results));
  });
}

/** serveKinds for a script of one kind of job (runOnWorkers). */
export function serveJobs<J, R>(fn: (job: J) => Promise<R>): void {
  serveKinds({ '': fn as (job: never) => Promise<unknown> });
}

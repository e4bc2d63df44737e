// Jobs on worker threads, one per CPU (at most 4), sent in batches: how the site validates and renders
// 10,000 runs on every core instead of one. Worker scripts are TypeScript files that Node runs directly;
// where Node cannot (no type stripping) or there are few jobs, they run in this thread instead.
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

function send<J, R>(w: Worker, batch: J[]): Promise<R[]> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: R[]) => {
      w.off('error', onError);
      resolve(m);
    };
    const onError = (e: Error) => {
      w.off('message', onMessage);
      reject(e);
    };
    w.once('message', onMessage);
    w.once('error', onError);
    w.postMessage(batch);
  });
}

/** Every job's result, in no particular order. */
export async function runOnWorkers<J, R>({
  script,
  jobs,
  inline,
  batch = 50,
  workerData,
}: PoolOptions<J, R>): Promise<R[]> {
  const n = Math.min(availableParallelism(), 4, Math.ceil(jobs.length / batch));
  if (n < 2 || !canRunTypeScript()) {
    const out: R[] = [];
    for (const j of jobs) out.push(await inline(j));
    return out;
  }
  const workers = Array.from({ length: n }, () => new Worker(script, { workerData }));
  const results: R[] = [];
  let next = 0;
  try {
    await Promise.all(
      workers.map(async (w) => {
        while (next < jobs.length) {
          const part = jobs.slice(next, (next += batch));
          results.push(...(await send<J, R>(w, part)));
        }
      }),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}

/**
 * In a worker script: answer each batch of jobs with their results. The jobs of a batch run at once (their
 * reads overlap), or with `oneAtATime` one after another: for jobs that hold megabytes each and do their I/O
 * synchronously, so a batch of 50 does not hold 50 runs' files and parsed JSON at once.
 */
export function serveJobs<J, R>(fn: (job: J) => Promise<R>, opts: { oneAtATime?: boolean } = {}): void {
  parentPort?.on('message', (jobs: J[]) => {
    const all = opts.oneAtATime
      ? (async () => {
          const out: R[] = [];
          for (const j of jobs) out.push(await fn(j));
          return out;
        })()
      : Promise.all(jobs.map(fn));
    void all.then((results) => parentPort!.postMessage(results));
  });
}

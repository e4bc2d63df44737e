// A fuzzing worker thread: builds each case it is sent from (seed, case number) and harvests it in this thread,
// so a case that never returns is stopped by the main thread terminating the worker.
import { parentPort, workerData } from 'node:worker_threads';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { seeds } from './corpus.ts';
import { makeCase } from './mutate.ts';
import { baseline, placeOf, runCase, type Outcome } from './oracle.ts';

export interface CaseReport {
  n: number;
  seed: string;
  mutations: string[];
  outcome: Outcome;
  ms: number;
}

const { seed, tmp } = workerData as { seed: number; tmp: string };
const list = seeds();
const baselines = new Map<string, ReturnType<typeof baseline>>();

// An error that escapes a case ends the worker, which the main thread reports (run.ts).
parentPort!.on('message', (n: number) => void fuzzCase(n));

async function fuzzCase(n: number): Promise<void> {
  const started = performance.now();
  const c = makeCase(list, seed, n);
  // Tell the main thread what the case is before running it: a hang is reported with its mutations.
  parentPort!.postMessage({ started: n, seed: c.seed.name, mutations: c.mutations });
  // The test of the time limit makes every case outlast it: on a fast machine a small case answered within the
  // test's 1 ms limit, before the main thread's timer ran, and was not counted as a hang.
  const stall = Number(process.env.BENCHSITE_FUZZ_STALL_MS);
  if (stall > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, stall);
  let outcome: Outcome;
  try {
    let base = baselines.get(c.seed.name);
    if (!base) baselines.set(c.seed.name, (base = baseline(c.seed)));
    outcome = await runCase(c, join(tmp, String(n)), base, () => parentPort!.postMessage({ judging: n }));
  } catch (e) {
    outcome = { kind: 'uncaught', place: `fuzz harness: ${placeOf(e)}`, detail: String((e as Error)?.stack ?? e) };
  } finally {
    rmSync(join(tmp, String(n)), { recursive: true, force: true });
  }
  const report: CaseReport = { n, seed: c.seed.name, mutations: c.mutations, outcome, ms: performance.now() - started };
  parentPort!.postMessage(report);
}

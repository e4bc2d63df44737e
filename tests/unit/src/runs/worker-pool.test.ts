import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { JobPool, runOnWorkers } from '../../../../src/runs/worker-pool.ts';

// A worker script beside this test that squares numbers and fails on 13.
const script = fileURLToPath(new URL('./worker-pool.fixture-worker.ts', import.meta.url));
const square = async (n: number) => {
  if (n === 13) throw new Error('unlucky 13');
  return n * n;
};
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

describe('runOnWorkers', () => {
  it('runs every job once on worker threads, in batches', async () => {
    const jobs = Array.from({ length: 200 }, (_, i) => i + 14);
    let inlineCalls = 0;
    const results = await runOnWorkers({
      script,
      jobs,
      batch: 7,
      inline: async (n: number) => (inlineCalls++, square(n)),
    });
    expect(sorted(results)).toEqual(jobs.map((n) => n * n));
    // With two or more CPUs the jobs went to workers, not to `inline`.
    expect(inlineCalls).toBe(availableParallelism() >= 2 ? 0 : jobs.length);
  });

  it('runs few jobs in this thread', async () => {
    let inlineCalls = 0;
    const results = await runOnWorkers({
      script,
      jobs: [2, 3],
      inline: async (n: number) => (inlineCalls++, square(n)),
    });
    expect(sorted(results)).toEqual([4, 9]);
    expect(inlineCalls).toBe(2);
  });

  it("rejects with a worker's error instead of hanging", async () => {
    const jobs = Array.from({ length: 100 }, (_, i) => i);
    await expect(runOnWorkers({ script, jobs, batch: 10, inline: square })).rejects.toThrow(/unlucky 13/);
  });
});

describe('JobPool', () => {
  const threadScript = fileURLToPath(new URL('./worker-pool.thread-worker.ts', import.meta.url));

  it('gives a batch to the worker it prefers, and to another only when nothing else is left', async () => {
    const pool = new JobPool(threadScript, 2, {});
    const thread = (jobs: number[], prefer?: number) =>
      pool.submit<number, number>('thread', jobs, { batch: 1, prefer });
    try {
      const [a, b] = await thread([100, 100]);
      expect(a).not.toBe(b);
      for (const [first, second] of [
        [a!, b!],
        [b!, a!],
      ]) {
        // both workers free: each batch goes to its own
        const [x, y] = await Promise.all([thread([50], first), thread([0], second)]);
        expect([x, y]).toEqual([[first], [second]]);
      }
      // two batches for one worker: the other takes the second rather than wait
      expect(sorted(await thread([100, 100], a))).toEqual(sorted([a!, b!]));
    } finally {
      await pool.close();
    }
  });
});

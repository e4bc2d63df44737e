// The worker script of worker-pool.test.ts.
import { serveJobs } from '../../../../src/runs/worker-pool.ts';

serveJobs(async (n: number) => {
  if (n === 13) throw new Error('unlucky 13');
  return n * n;
});

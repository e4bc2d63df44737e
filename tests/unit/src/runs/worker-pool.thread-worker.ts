// A worker script of worker-pool.test.ts: answers with the thread that ran the job, after `ms` milliseconds.
import { threadId } from 'node:worker_threads';
import { serveKinds } from '../../../../src/runs/worker-pool.ts';

serveKinds({ thread: (ms: number) => new Promise((done) => setTimeout(() => done(threadId), ms)) });

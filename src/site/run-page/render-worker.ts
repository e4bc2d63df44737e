// A worker thread of the run-pages integration: renders (or finds in the cache) the pages of the runs it is sent.
import { workerData } from 'node:worker_threads';
import { serveJobs } from '../../runs/worker-pool.ts';
import { renderRunPage, type RenderContext, type RenderJob } from './render-page.ts';

const ctx = workerData as RenderContext;
serveJobs((job: RenderJob) => renderRunPage(job, ctx), { oneAtATime: true });

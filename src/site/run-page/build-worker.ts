// A worker thread of the site build (run-store.ts, run-pages.ts): validates and summarizes runs, renders their
// pages (or only their bodies while the page shell does not exist yet), and makes the pages of those bodies. `workerData` is the render context (none in the dev
// server, which only validates).
import { workerData } from 'node:worker_threads';
import { validateJob } from '../../runs/validate-job.ts';
import { serveKinds } from '../../runs/worker-pool.ts';
import {
  fillRunPage,
  renderRunBody,
  type FillJob,
  type RenderContext,
  type RenderJob,
  type Shell,
} from './render-page.ts';

const ctx = workerData as RenderContext | undefined;
serveKinds({
  validate: validateJob,
  render: (job: RenderJob, shell: Shell | undefined) => renderRunBody(job, ctx!, shell),
  fill: (job: FillJob, shell: Shell) => fillRunPage(job, ctx!, shell),
});

// /data/run-index.json: every run's id, label, benchmark, host, product, version, config and date, newest
// first, for the index's search (loaded only when someone uses it, so the index page stays small).
import type { APIRoute } from 'astro';
import { allRuns } from '../../site/runs.ts';
import { runIndexData } from '../../site/list-pages/data-files.ts';

export const GET: APIRoute = async () =>
  new Response(runIndexData(await allRuns()), { headers: { 'Content-Type': 'application/json' } });

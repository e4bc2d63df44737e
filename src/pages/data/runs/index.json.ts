// /data/runs/index.json: every benchmark and host with its runs' count, dates and products, and the file of its
// runs (list-pages/data-files.ts), for the filters of the index and search pages.
import type { APIRoute } from 'astro';
import { allRuns } from '../../../site/runs.ts';
import { hostGroups } from '../../../site/run-groups.ts';
import { runsIndexData } from '../../../site/list-pages/data-files.ts';

export const GET: APIRoute = async () =>
  new Response(runsIndexData(hostGroups(await allRuns())), { headers: { 'Content-Type': 'application/json' } });

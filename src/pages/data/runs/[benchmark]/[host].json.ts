// /data/runs/<benchmark>/<host>.json: the id, label, benchmark, host, product, version, config and date of every
// run of one benchmark on one host, newest first (list-pages/data-files.ts), loaded when a filter needs them.
import type { APIRoute } from 'astro';
import { allRuns } from '../../../../site/runs.ts';
import { hostGroups } from '../../../../site/run-groups.ts';
import { hostPageRuns } from '../../../../site/list-pages/host-page.ts';
import { runsGroupData } from '../../../../site/list-pages/data-files.ts';
import type { HostGroup } from '../../../../site/run-groups.ts';

export async function getStaticPaths() {
  return hostGroups(await allRuns()).map((group) => ({
    params: { benchmark: group.benchmark, host: group.host },
    props: { group },
  }));
}

export const GET: APIRoute = async ({ props }) =>
  new Response(runsGroupData(hostPageRuns((props as { group: HostGroup }).group, await allRuns())), {
    headers: { 'Content-Type': 'application/json' },
  });

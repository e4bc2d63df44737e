// /data/compare/<benchmark>/<host>.json: the compare view's data of one benchmark's runs on one host
// (list-pages/data-files.ts), loaded for the hosts the view shows.
import type { APIRoute } from 'astro';
import { allRuns } from '../../../../site/runs.ts';
import { hostGroups, runsOfGroup, type HostGroup } from '../../../../site/run-groups.ts';
import { compareData } from '../../../../site/list-pages/data-files.ts';
import type { BenchmarkName } from '../../../../schemas/index.ts';

export async function getStaticPaths() {
  return hostGroups(await allRuns()).map((group) => ({
    params: { benchmark: group.benchmark, host: group.host },
    props: { group },
  }));
}

export const GET: APIRoute = async ({ props }) => {
  const { group } = props as { group: HostGroup };
  return new Response(compareData(group.benchmark as BenchmarkName, runsOfGroup(group, await allRuns())), {
    headers: { 'Content-Type': 'application/json' },
  });
};

// /data/<benchmark>.json: the compare view's data, one file per benchmark.
import type { APIRoute } from 'astro';
import { allRuns } from '../../site/runs.ts';
import { benchmarkData } from '../../site/list-pages/data-files.ts';
import type { BenchmarkName } from '../../schemas/index.ts';

export async function getStaticPaths() {
  const runs = await allRuns();
  return [...new Set(runs.map((r) => r.summary.benchmark))].map((benchmark) => ({
    params: { benchmark },
    props: { benchmark },
  }));
}

export const GET: APIRoute = async ({ props }) =>
  new Response(benchmarkData((props as { benchmark: BenchmarkName }).benchmark, await allRuns()), {
    headers: { 'Content-Type': 'application/json' },
  });

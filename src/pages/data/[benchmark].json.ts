// /data/<benchmark>.json: the compare view's data, one file per benchmark.
import type { APIRoute } from 'astro';
import { allRuns } from '../../site/runs.ts';
import { compareIndex } from '../../analysis/compare-index.ts';
import type { BenchmarkName } from '../../schemas/index.ts';

export async function getStaticPaths() {
  const runs = await allRuns();
  return [...new Set(runs.map((r) => r.summary.benchmark))].map((benchmark) => ({
    params: { benchmark },
    props: { benchmark },
  }));
}

export const GET: APIRoute = async ({ props }) => {
  const index = compareIndex((props as { benchmark: BenchmarkName }).benchmark, await allRuns());
  return new Response(JSON.stringify(index), { headers: { 'Content-Type': 'application/json' } });
};

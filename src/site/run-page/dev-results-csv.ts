// /runs/<id>/results.csv on the dev server: every number of one run as CSV (the `benchsite export` rows of
// that run). A build writes these files with the run pages (run-pages.ts).
import type { APIRoute } from 'astro';
import { allRuns, loadRun } from '../runs.ts';
import { runCsv } from '../../analysis/export-rows.ts';

export async function getStaticPaths() {
  return (await allRuns()).map(({ id }) => ({ params: { id }, props: { id } }));
}

export const GET: APIRoute = async ({ props }) => {
  const { id } = props as { id: string };
  const run = await loadRun(id);
  return new Response(runCsv(id, run), {
    headers: { 'Content-Type': 'text/csv; charset=utf-8' },
  });
};

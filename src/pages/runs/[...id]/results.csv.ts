// Every number of one run as CSV (the `benchsite export` rows of that run).
import type { APIRoute } from 'astro';
import { allRuns } from '../../../site/runs.ts';
import { EXPORT_FIELDS, exportRows, toCsv } from '../../../analysis/export-rows.ts';
import type { Run } from '../../../schemas/index.ts';

export async function getStaticPaths() {
  return (await allRuns()).map(({ id, run }) => ({ params: { id }, props: { id, run } }));
}

export const GET: APIRoute = ({ props }) => {
  const { id, run } = props as { id: string; run: Run };
  return new Response(toCsv(exportRows([{ id, run }]), EXPORT_FIELDS), { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
};

// CSV downloads of every report table (src/site/report-tables.ts names them).
import type { APIRoute } from 'astro';
import { reportEntries } from '../../../site/report-entries.ts';
import { reportTables } from '../../../site/report-tables.ts';
import { reportViewOf } from '../../../benchmark-reports.ts';
import { REPORTS_DIR } from '../../../site/content-dirs.ts';

export async function getStaticPaths() {
  const out = [];
  for (const entry of await reportEntries()) {
    for (const [table, csv] of Object.entries(
      await reportTables(entry.data, entry.id, (b) => reportViewOf(b, `${REPORTS_DIR}/${entry.id}.md`)),
    )) {
      out.push({ params: { slug: entry.id, table }, props: { csv } });
    }
  }
  return out;
}

export const GET: APIRoute = ({ props }) =>
  new Response((props as { csv: string }).csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });

// CSV downloads of a report's tables: relative-qps[-N].csv and qps[-N].csv per section.
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { sysbenchReport } from '../../../analysis/sysbench-report.ts';
import { toCsv } from '../../../analysis/export-rows.ts';
import { runsById } from '../../../site/runs.ts';
import { reportSections } from '../../../site/report-sections.ts';

export async function getStaticPaths() {
  const out = [];
  for (const entry of await getCollection('reports')) {
    if (entry.data.benchmark !== 'sysbench') continue;
    const sections = reportSections(entry.data);
    for (let i = 0; i < sections.length; i++) {
      const s = sections[i]!;
      const ids = [s.base, ...s.runs.filter((id) => id !== s.base)];
      const model = sysbenchReport({
        runs: await runsById(ids, `content/reports/${entry.id}.md`),
        base: s.base,
        order: ids,
        labels: { ...entry.data.labels, ...s.labels },
        thresholds: entry.data.thresholds,
        includeWarmups: entry.data.includeWarmups,
        excludeTests: entry.data.excludeTests,
      });
      const suffix = i ? `-${i + 1}` : '';
      for (const kind of ['relative-qps', 'qps'] as const) {
        const rows = model.groups.flatMap((g) => g.rows.flatMap((r) => r.cells.map((c, j) => ({
          group: g.title, test: r.test, metric: r.metric, run: model.columns[j]!.id, label: model.columns[j]!.label,
          value: kind === 'qps' ? c.value : c.relative, base: model.base.id,
        }))));
        out.push({ params: { slug: entry.id, table: `${kind}${suffix}` }, props: { csv: toCsv(rows, ['group', 'test', 'metric', 'run', 'label', 'value', 'base']) } });
      }
    }
  }
  return out;
}

export const GET: APIRoute = ({ props }) => new Response((props as { csv: string }).csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });

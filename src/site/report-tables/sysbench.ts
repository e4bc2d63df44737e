// CSV tables of a sysbench report section: relative and absolute QPS.
import { sysbenchReport } from '../../analysis/sysbench-report.ts';
import { excludedTests } from '../../analysis/report-model.ts';
import { toCsv } from '../../analysis/export-rows.ts';
import type { Report, ReportSection } from '../../schemas/index.ts';
import { runsById } from '../runs.ts';

export async function sysbenchReportTables(
  report: Report,
  section: ReportSection,
  where: string,
): Promise<Record<string, string>> {
  const ids = [section.base, ...section.runs.filter((id) => id !== section.base)];
  const model = sysbenchReport({
    acknowledge: report.acknowledge,
    runs: await runsById(ids, where),
    base: section.base,
    order: ids,
    labels: { ...report.labels, ...section.labels },
    thresholds: report.thresholds,
    includeWarmups: report.includeWarmups,
    excludeTests: excludedTests(
      report,
      section,
      (await runsById(ids, where)).flatMap((r) => r.run.tests.map((t) => t.name)),
    ),
  });
  const table = (kind: 'relative' | 'absolute') =>
    toCsv(
      model.groups.flatMap((g) =>
        g.rows.flatMap((r) =>
          r.cells.map((c, j) => ({
            group: g.title,
            test: r.test,
            metric: r.metric,
            run: model.columns[j]!.id,
            label: model.columns[j]!.label,
            value: kind === 'absolute' ? c.value : c.relative,
            base: model.base.id,
            ...(kind === 'relative'
              ? {
                  ci95_low: c.interval?.low,
                  ci95_high: c.interval?.high,
                  within_noise: c.interval ? (c.withinNoise ? 'yes' : 'no') : undefined,
                }
              : {}),
          })),
        ),
      ),
      kind === 'relative'
        ? ['group', 'test', 'metric', 'run', 'label', 'value', 'base', 'ci95_low', 'ci95_high', 'within_noise']
        : ['group', 'test', 'metric', 'run', 'label', 'value', 'base'],
    );
  return { 'relative-qps': table('relative'), qps: table('absolute') };
}

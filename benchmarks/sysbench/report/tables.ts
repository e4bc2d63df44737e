// A sysbench report section's model, and its CSV tables: relative QPS as printed, absolute QPS.
import { sysbenchReport, type SysbenchReportModel } from './model.ts';
import { excludedTests } from '../../../src/analysis/report-model.ts';
import { INTERVAL_FIELDS, intervalFields, toCsv } from '../../../src/analysis/export-rows.ts';
import type { Report, ReportSection } from '../../../src/schemas/index.ts';
import { sectionInput, sectionModel } from '../../../src/site/report-memo.ts';

/** The model of one section (made once: the page and its CSV render the same one). */
export function sysbenchSection(report: Report, section: ReportSection, where: string): Promise<SysbenchReportModel> {
  return sectionModel('sysbench', where, section, report, async () => {
    const input = await sectionInput(report, section, where);
    return sysbenchReport({
      ...input,
      includeWarmups: report.includeWarmups,
      excludeTests: excludedTests(
        report,
        section,
        input.runs.flatMap((r) => r.run.tests.map((t) => t.name)),
      ),
    });
  });
}

const FIELDS = ['group', 'test', 'metric', 'run', 'label', 'value', 'base'] as const;

export async function sysbenchReportTables(
  report: Report,
  section: ReportSection,
  where: string,
): Promise<Record<string, string>> {
  const model = await sysbenchSection(report, section, where);
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
            // Relative values as the page prints them; absolute values as the run holds them.
            value: kind === 'absolute' ? c.value : c.text,
            base: model.base.id,
            ...(kind === 'relative' ? intervalFields(c) : {}),
          })),
        ),
      ),
      kind === 'relative' ? [...FIELDS, ...INTERVAL_FIELDS] : FIELDS,
    );
  return { 'relative-qps': table('relative'), qps: table('absolute') };
}

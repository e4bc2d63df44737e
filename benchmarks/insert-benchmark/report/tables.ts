// CSV tables of an Insert Benchmark report section (the three summary tables and the per-step metrics), and
// the section's model, which the page renders from the same call.
import { insertBenchmarkReport, type InsertBenchmarkReportModel } from './model.ts';
import { INTERVAL_FIELDS, intervalFields, toCsv } from '../../../src/analysis/export-rows.ts';
import { incomparableReportError } from '../../../src/analysis/comparability.ts';
import type { Report, ReportSection } from '../../../src/schemas/index.ts';
import { readSeries } from '../../../src/runs/read-series.ts';
import { RUNS_DIR } from '../../../src/site/content-dirs.ts';
import { sectionInput, sectionModel } from '../../../src/site/report-memo.ts';

/**
 * The model of one section: its runs from the collection, and their series.json for the chart. Made once: the
 * page, its steps page and its CSV tables render the same one.
 */
export function insertBenchmarkSection(
  report: Report,
  section: ReportSection,
  where: string,
): Promise<InsertBenchmarkReportModel> {
  return sectionModel('insert-benchmark', where, section, report, async () => {
    const input = await sectionInput(report, section, where);
    const series = Object.fromEntries(
      await Promise.all(input.order.map(async (id) => [id, await readSeries(RUNS_DIR, id)] as const)),
    );
    const model = insertBenchmarkReport({
      ...input,
      excludeTests: report.excludeTests,
      options: report.insertBenchmark,
      series,
    });
    if (model.blocked.length) throw incomparableReportError(where, section.base, model.blocked);
    return model;
  });
}

export async function insertBenchmarkReportTables(
  report: Report,
  section: ReportSection,
  where: string,
): Promise<Record<string, string>> {
  const m = await insertBenchmarkSection(report, section, where);
  type Row = Record<string, string | number | undefined>;
  const cells = <T>(grid: T[][], steps: typeof m.steps, f: (c: T) => Row): Row[] =>
    m.rows.flatMap((row, i) =>
      steps.map((s, j) => ({ run: row.id, label: row.label, step: s.name, ...f(grid[i]![j]!), base: m.base.id })),
    );
  return {
    throughput: toCsv(
      cells(m.throughput, m.steps, (c) => ({
        value: c.value,
        quartile: c.quartile,
        sla_failed: c.slaFailed ? 1 : 0,
        failed: c.failed,
      })),
      ['run', 'label', 'step', 'value', 'quartile', 'sla_failed', 'failed'],
    ),
    'relative-throughput': toCsv(
      cells(m.relative, m.steps, (c) => ({
        relative: c.text,
        sla_failed: c.slaFailed ? 1 : 0,
        ...intervalFields(c),
      })),
      ['run', 'label', 'step', 'relative', 'sla_failed', 'base', ...INTERVAL_FIELDS],
    ),
    'background-inserts': toCsv(
      cells(m.background.cells, m.background.steps, (c) => ({
        achieved: c.achieved,
        sla_failed: c.slaFailed === undefined ? undefined : c.slaFailed ? 1 : 0,
      })).map((r): Row => ({
        ...r,
        target: m.background.targets[m.background.steps.findIndex((s) => s.name === r.step)],
      })),
      ['run', 'label', 'step', 'achieved', 'target', 'sla_failed'],
    ),
    'step-metrics': toCsv(
      m.details.flatMap((d) =>
        d.metrics.map((x): Row => ({
          run: x.row.id,
          label: x.row.label,
          step: d.step.name,
          ...Object.fromEntries(m.summaryColumns.map((c, j) => [c, x.values[j]])),
        })),
      ),
      ['run', 'label', 'step', ...m.summaryColumns],
    ),
  };
}

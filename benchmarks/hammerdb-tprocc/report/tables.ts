// CSV tables of a HammerDB report section: relative and absolute NOPM per point and column, and the
// iostat/vmstat tables.
import { hammerdbReport, type HammerdbReportModel } from './model.ts';
import { INTERVAL_FIELDS, intervalFields, toCsv } from '../../../src/analysis/export-rows.ts';
import type { Report, ReportSection } from '../../../src/schemas/index.ts';
import { sectionInput, sectionModel } from '../../../src/site/report-memo.ts';

/** The model of one section (made once: the page and its CSV render the same one). */
export function hammerdbSection(report: Report, section: ReportSection, where: string): Promise<HammerdbReportModel> {
  return sectionModel('hammerdb', where, section, report, async () =>
    hammerdbReport({ ...(await sectionInput(report, section, where)), digits: report.hammerdb?.relativeDigits }),
  );
}

const GRID_FIELDS = ['virtual_users', 'warehouses', 'stored_procedures', 'run', 'label', 'value', 'base'] as const;

export async function hammerdbReportTables(
  report: Report,
  section: ReportSection,
  where: string,
): Promise<Record<string, string>> {
  const model = await hammerdbSection(report, section, where);
  const grid = (kind: 'relative' | 'absolute') =>
    toCsv(
      model.rows.flatMap((r) =>
        r.cells.map((c, j) => {
          const col = model.columns[j]!;
          return {
            virtual_users: r.point.virtualUsers,
            warehouses: r.point.warehouses,
            stored_procedures: col.variant,
            run: col.runId,
            label: col.runLabel,
            // Relative values as the page prints them; absolute values as the run holds them.
            value: c.failed ? '' : kind === 'absolute' ? c.value : c.text,
            base: model.base.id,
            ...(kind === 'relative' ? intervalFields(c) : {}),
          };
        }),
      ),
      kind === 'relative' ? [...GRID_FIELDS, ...INTERVAL_FIELDS] : GRID_FIELDS,
    );
  const system = toCsv(
    model.system.flatMap((t) =>
      t.rows.flatMap((r) =>
        t.columns.map((c, i) => ({
          table: t.kind,
          stored_procedures: t.variant,
          run: r.runId,
          label: r.runLabel,
          virtual_users: r.point.virtualUsers,
          warehouses: r.point.warehouses,
          metric: c.metric,
          value: r.values[i],
          computed: r.computed[i] ? 'yes' : '',
        })),
      ),
    ),
    ['table', 'stored_procedures', 'run', 'label', 'virtual_users', 'warehouses', 'metric', 'value', 'computed'],
  );
  return { 'relative-nopm': grid('relative'), nopm: grid('absolute'), ...(model.system.length ? { system } : {}) };
}

// CSV tables of a HammerDB report section. Not written yet: no tables.
import type { Report, ReportSection } from '../../schemas/index.ts';

export async function hammerdbReportTables(_report: Report, _section: ReportSection, _where: string): Promise<Record<string, string>> {
  return {};
}

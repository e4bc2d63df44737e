// CSV tables of an Insert Benchmark report section. Not written yet: no tables.
import type { Report, ReportSection } from '../../schemas/index.ts';

export async function insertBenchmarkReportTables(_report: Report, _section: ReportSection, _where: string): Promise<Record<string, string>> {
  return {};
}

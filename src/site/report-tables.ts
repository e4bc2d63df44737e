// The downloadable CSV tables of every report: `<name>[-<section>].csv` beside the report page.
import type { Report } from '../schemas/index.ts';
import { reportSections } from './report-sections.ts';
import { isRelativeSection, relativeSectionCsv, reportModel } from './report-prose.ts';
import type { BenchmarkReportView } from './report-view.ts';

/**
 * File name (without .csv) -> CSV text, for every section of a report. A section shown as relative tables
 * downloads what it shows, from the same model; another is drawn by the benchmark's own view (`view`), whose
 * tables it downloads.
 */
export async function reportTables(
  report: Report,
  slug: string,
  view: (benchmark: string) => BenchmarkReportView,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const sections = reportSections(report);
  const model = await reportModel(slug, report);
  const where = `content/reports/${slug}.md`;
  for (let i = 0; i < sections.length; i++) {
    const tables = isRelativeSection(report, model.sections[i]!)
      ? { relative: relativeSectionCsv(model.sections[i]!) }
      : await view(report.benchmark).tables(report, sections[i]!, where);
    for (const [name, csv] of Object.entries(tables)) out[`${name}${i ? `-${i + 1}` : ''}`] = csv;
  }
  return out;
}

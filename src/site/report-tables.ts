// The downloadable CSV tables of every report: `<name>[-<section>].csv` beside the report page.
import type { Report, ReportSection } from '../schemas/index.ts';
import { sysbenchReportTables } from './report-tables/sysbench.ts';
import { insertBenchmarkReportTables } from './report-tables/insert-benchmark.ts';
import { hammerdbReportTables } from './report-tables/hammerdb.ts';
import { reportSections } from './report-sections.ts';
import { isRelativeSection, relativeSectionCsv, reportModel } from './report-prose.ts';

type Tables = (report: Report, section: ReportSection, where: string) => Promise<Record<string, string>>;

/** The tables of a section drawn by its benchmark's own view; a benchmark without one shows relative sections only. */
const BY_BENCHMARK: Partial<Record<Report['benchmark'], Tables>> = {
  sysbench: sysbenchReportTables,
  'insert-benchmark': insertBenchmarkReportTables,
  'hammerdb-tprocc': hammerdbReportTables,
};

/** File name (without .csv) -> CSV text, for every section of a report. */
export async function reportTables(report: Report, slug: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const sections = reportSections(report);
  const model = await reportModel(slug, report);
  for (let i = 0; i < sections.length; i++) {
    // A section shown as relative tables downloads what it shows, from the same model.
    const own = BY_BENCHMARK[report.benchmark];
    const tables =
      isRelativeSection(report, model.sections[i]!) || !own
        ? { relative: relativeSectionCsv(model.sections[i]!) }
        : await own(report, sections[i]!, `content/reports/${slug}.md`);
    for (const [name, csv] of Object.entries(tables)) out[`${name}${i ? `-${i + 1}` : ''}`] = csv;
  }
  return out;
}

// A benchmark's own report view (benchmarks/<name>/report/): View.astro draws a section of its reports with
// absolute numbers (the posts' tables of that benchmark, given ReportViewProps); index.ts gives that section's CSV
// tables and pages of their own under a report's. The site finds it by the folder's name (src/benchmark-reports.ts); a benchmark whose descriptor has
// no `ownView` has none, and its reports are the relative tables (src/components/reports/RelativeReport.astro).
import type { Report, ReportSection } from '../schemas/index.ts';
import type { PartFilter } from './report-placement.ts';
import { sectionRunIds } from './report-sections.ts';

/** What a view is given to draw one section. */
export interface ReportViewProps {
  report: Report;
  section: ReportSection;
  slug: string;
  sectionIndex: number;
  /** `summary` on the report's page, or the `part` of one of its `pages`. */
  part: string;
  parts?: PartFilter;
}

/** A page of its own under a report's, `/reports/<slug>/<part>/`: every section drawn with that part. */
export interface ReportPage {
  part: string;
  /** What the page shows, after the report's title (`every step`). */
  name: string;
  /** Its meta description. */
  description(report: Report): string;
  /** Whether a report drawn by this view has the page (its options say). */
  has(report: Report): boolean;
}

/** A benchmark's report/index.ts; its report/View.astro is the Astro component that draws a section. */
export interface BenchmarkReportView {
  /** The section's CSV tables, name -> text (`<name>[-<section>].csv` beside the report page). */
  tables(report: Report, section: ReportSection, where: string): Promise<Record<string, string>>;
  pages?: ReportPage[];
}

/** What each view works out first from its props. */
export function viewBasics({ section, sectionIndex, slug, parts }: ReportViewProps) {
  const only = parts?.only;
  // The element around it: a placed part is a div in the prose's flow.
  const Root: 'div' | 'section' = only ? 'div' : 'section';
  const n = sectionIndex + 1;
  return {
    /** Drawing one placed part in the prose rather than the whole section. */
    only,
    Root,
    n,
    where: `content/reports/${slug}.md`,
    ids: sectionRunIds(section),
    sectionInfo: { number: n, ...(section.title ? { title: section.title } : {}) },
    /** A CSV beside the page: `qps.csv` for the first section, `qps-2.csv` for the second. */
    csv: (name: string) => `${name}${sectionIndex ? `-${n}` : ''}.csv`,
  };
}

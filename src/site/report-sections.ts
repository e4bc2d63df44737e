// A report's comparisons: its `sections`, or the single `base` + `runs` of its frontmatter (none for `noData`).
import type { Report, ReportSection } from '../schemas/index.ts';

export function reportSections(report: Report): ReportSection[] {
  if (report.noData !== undefined) return [];
  if (report.sections?.length) return report.sections;
  return [{ base: report.base!, runs: report.runs!, labels: report.labels }];
}

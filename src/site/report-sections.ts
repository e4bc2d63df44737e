// A report's comparisons: its `sections`, or the single `base` + `runs` of its frontmatter (none for `noData`).
import type { Report, ReportSection } from '../schemas/index.ts';

export function reportSections(report: Report): ReportSection[] {
  if (report.noData !== undefined) return [];
  if (report.sections?.length) return report.sections;
  return [{ base: report.base!, runs: report.runs!, labels: report.labels }];
}

/** A section's run ids, the base first (the order of its columns or rows). */
export function sectionRunIds(section: ReportSection): string[] {
  return [section.base, ...section.runs.filter((id) => id !== section.base)];
}

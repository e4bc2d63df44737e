// What each report view can place in the prose (src/site/report-placement.ts reads it to check the directives):
// the relative view, or the benchmark's own (its descriptor's ownView), each section's groups and tables.
import type { Report } from '../schemas/index.ts';
import { findDescriptor } from '../../benchmarks/index.ts';
import { isRelativeSection, type ReportModel } from '../analysis/report-model.ts';
import type { SectionParts } from './report-placement.ts';

/** The parts each section's view draws: a table, a chart and a summary per group for the relative view. */
export function partsCatalog(report: Report, model: ReportModel): SectionParts[] {
  const own = findDescriptor(model.benchmark)?.ownView;
  return model.sections.map((s) => {
    const groups = s.tableGroups.map((g) => g.name);
    const parts =
      own && !isRelativeSection(report, s)
        ? own.parts(report, { number: s.number, groups })
        : { groups, tables: ['relative'], charts: true, summaries: true };
    return { number: s.number, ...(s.title ? { title: s.title } : {}), ...parts };
  });
}

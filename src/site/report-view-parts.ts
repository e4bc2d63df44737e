// What each report view can place in the prose (src/site/report-placement.ts reads it to check the directives):
// the relative view, or the benchmark's own (SysbenchReport, HammerdbReport, InsertBenchmarkReport), each section's
// groups and tables. Beside the views, since it lists what they draw.
import type { Report } from '../schemas/index.ts';
import { isRelativeSection, type ReportModel } from '../analysis/report-model.ts';
import type { SectionParts } from './report-placement.ts';

type ViewParts = (report: Report, section: ReportModel['sections'][number]) => Omit<SectionParts, 'number' | 'title'>;

const groupsOf = (s: ReportModel['sections'][number]) => s.tableGroups.map((g) => g.name);

/** What the relative view draws: a table, a chart and a summary per group. */
const RELATIVE: ViewParts = (_r, s) => ({ groups: groupsOf(s), tables: ['relative'], charts: true, summaries: true });

/** The benchmarks' own views, by benchmark; another benchmark's view places what the relative view does. */
const VIEWS: Record<string, ViewParts> = {
  sysbench: (_r, s) => ({ groups: groupsOf(s), tables: ['relative', 'absolute'], charts: true, summaries: true }),
  // iostat and vmstat tables only in the sections the report shows them in (HammerdbReport.astro).
  'hammerdb-tprocc': (r, s) => ({
    groups: ['all'],
    tables: [
      'relative',
      'absolute',
      ...((r.hammerdb?.systemMetricsSections?.includes(s.number) ?? true) ? ['iostat', 'vmstat'] : []),
    ],
    charts: true,
    summaries: true,
  }),
  'insert-benchmark': () => ({
    groups: ['all'],
    tables: ['relative', 'throughput', 'background-inserts'],
    charts: true,
    summaries: false,
  }),
};

/** The parts each section's view draws (the relative view, or the benchmark's). */
export function partsCatalog(report: Report, model: ReportModel): SectionParts[] {
  return model.sections.map((s) => {
    const view = isRelativeSection(report, s) ? RELATIVE : (VIEWS[model.benchmark] ?? RELATIVE);
    return { number: s.number, ...(s.title ? { title: s.title } : {}), ...view(report, s) };
  });
}

// The Insert Benchmark's own report view: the posts' three summary tables and the per-second chart on the
// report's page, and every step (harness metrics, histograms, iostat) on a page of its own, /reports/<slug>/steps/.
// The site finds it by this folder's name (src/benchmark-reports.ts).
import type { BenchmarkReportView } from '../../../src/site/report-view.ts';
import { insertBenchmarkReportTables } from './tables.ts';

export const view: BenchmarkReportView = {
  tables: insertBenchmarkReportTables,
  pages: [
    {
      part: 'steps',
      name: 'every step',
      description: (r) => `Every step of ${r.title}: harness metrics, response-time histograms and iostat averages`,
      has: (r) => r.insertBenchmark?.stepDetails ?? true,
    },
  ],
};

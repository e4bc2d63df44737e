// HammerDB TPROC-C's own report view: NOPM by measured point, absolute and relative, and the posts' iostat and
// vmstat tables. The site's report page finds it by this folder's name (src/benchmark-reports.ts).
import type { BenchmarkReportView } from '../../../src/site/report-view.ts';
import { hammerdbReportTables } from './tables.ts';

export const view: BenchmarkReportView = { tables: hammerdbReportTables };

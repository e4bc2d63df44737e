// sysbench's own report view: the posts' tables per group, absolute and relative QPS, the costs per query. The
// site's report page finds it by this folder's name (src/benchmark-reports.ts).
import type { BenchmarkReportView } from '../../../src/site/report-view.ts';
import { sysbenchReportTables } from './tables.ts';

export const view: BenchmarkReportView = { tables: sysbenchReportTables };

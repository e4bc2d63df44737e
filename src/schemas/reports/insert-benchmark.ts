import { z } from 'zod';

/** Report options only Insert Benchmark reports have (frontmatter key `insertBenchmark`). */
export const InsertBenchmarkReportOptionsSchema = z.strictObject({});

export type InsertBenchmarkReportOptions = z.infer<typeof InsertBenchmarkReportOptionsSchema>;

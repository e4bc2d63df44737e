import { z } from 'zod';
import { Name } from '../common.ts';

/** Report options only Insert Benchmark reports have (frontmatter key `insertBenchmark`). */
export const InsertBenchmarkReportOptionsSchema = z.strictObject({
  /**
   * Fraction of the target background insert rate a query step must reach to meet its SLA (default 0.95, as
   * the posts); cells of steps that miss it are greyed.
   */
  slaThreshold: z.number().positive().max(1).optional(),
  /** Steps to show, in this order (default: every step any run has, in run order). */
  steps: z.array(Name).optional(),
  /** Points per line in the per-second charts (default 50); the full series stays in series.json. */
  chartPoints: z.number().int().min(10).max(500).optional(),
  /** Publish the per-step details (metrics, response-time histograms, iostat averages) on the report's steps page, /reports/<slug>/steps/; default true. */
  stepDetails: z.boolean().optional(),
});

export type InsertBenchmarkReportOptions = z.infer<typeof InsertBenchmarkReportOptionsSchema>;

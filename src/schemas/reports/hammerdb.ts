import { z } from 'zod';

/** Report options only HammerDB reports have (frontmatter key `hammerdb`). */
export const HammerdbReportOptionsSchema = z.strictObject({
  /** Decimals of relative NOPM in tables (the posts print 3: `1.054`). */
  relativeDigits: z.number().int().min(1).max(4).default(3),
  /**
   * Sections (1-based, in frontmatter order) that show the iostat/vmstat tables of their runs. Default: every
   * section that has such numbers. The 2026-02-15 post (large server) shows them once, for the two runs of its last comparison.
   */
  systemMetricsSections: z.array(z.number().int().positive()).optional(),
  /** Leave out the chart of relative NOPM (it is drawn when a section compares at least one run with the base). */
  hideChart: z.boolean().default(false),
});

export type HammerdbReportOptions = z.infer<typeof HammerdbReportOptionsSchema>;

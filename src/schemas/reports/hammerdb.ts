import { z } from 'zod';

/** Report options only HammerDB reports have (frontmatter key `hammerdb`). */
export const HammerdbReportOptionsSchema = z.strictObject({});

export type HammerdbReportOptions = z.infer<typeof HammerdbReportOptionsSchema>;

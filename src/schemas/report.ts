import { z } from 'zod';
import { RunId, Text } from './common.ts';
import { Benchmark } from './workload.ts';
import { InsertBenchmarkReportOptionsSchema } from './reports/insert-benchmark.ts';
import { HammerdbReportOptionsSchema } from './reports/hammerdb.ts';

/** Colour thresholds of relative values. */
export const ThresholdsSchema = z.strictObject({
  /** Relative values at or below this are regressions (default 0.95). */
  regression: z.number().positive().default(0.95),
  /** Relative values at or above this are improvements (default 1.05). */
  improvement: z.number().positive().default(1.05),
});

/** One comparison table of a report: runs compared with a named base. */
export const ReportSectionSchema = z.strictObject({
  /** Heading of the section. */
  title: Text.optional(),
  /** Run id of the base; every relative value in the section is `value / value(base)`. */
  base: RunId,
  /** Run ids compared with the base, in column order (the base may be listed too; it is shown first). */
  runs: z.array(RunId).min(1),
  /** Short column names by run id, e.g. `{ "sysbench/vm/20261122-x.pg1518.cy2.pk1": "pg15 async" }`. */
  labels: z.record(z.string(), Text).optional(),
});

/**
 * Frontmatter of `content/reports/<YYYY-MM-DD>-<slug>.md`: which runs a post compares and against what base.
 * The Markdown body is the author's prose.
 */
export const ReportSchema = z
  .strictObject({
    title: Text,
    /** Publication date. YAML dates are accepted as written (`2026-11-22`). */
    date: z.coerce.date(),
    benchmark: Benchmark,
    /** One line for the index page. */
    description: Text.optional(),
    /** Either one comparison (`base` + `runs`) or several `sections`. */
    base: RunId.optional(),
    runs: z.array(RunId).optional(),
    labels: z.record(z.string(), Text).optional(),
    sections: z.array(ReportSectionSchema).optional(),
    thresholds: ThresholdsSchema.optional(),
    /** Show warm-up tests (`*.pre`, `*.warm`), which the posts leave out. */
    includeWarmups: z.boolean().default(false),
    /** Hide a test from every table, e.g. one that failed for a known reason. */
    excludeTests: z.array(Text).optional(),
    draft: z.boolean().default(false),
    /** Options of Insert Benchmark reports. */
    insertBenchmark: InsertBenchmarkReportOptionsSchema.optional(),
    /** Options of HammerDB reports. */
    hammerdb: HammerdbReportOptionsSchema.optional(),
  })
  .superRefine((r, ctx) => {
    if (!r.sections && !(r.base && r.runs)) {
      ctx.addIssue({
        code: 'custom',
        path: ['base'],
        message: 'a report needs `base` and `runs`, or `sections`',
        params: { hint: 'Name the base run id and the runs to compare with it' },
      });
    }
  });

export type Report = z.infer<typeof ReportSchema>;
export type ReportSection = z.infer<typeof ReportSectionSchema>;
export type Thresholds = z.infer<typeof ThresholdsSchema>;

import { z } from 'zod';
import { Name, RunId, Text } from './common.ts';
import { HttpUrl } from './url.ts';
import { THRESHOLDS } from './thresholds.ts';
import { Benchmark } from './workload.ts';
import { GATE_NAMES, sectionShape, type Sections } from '../../benchmarks/index.ts';
import { Tag } from './site-config.ts';

/** Colour thresholds of relative values. */
export const ThresholdsSchema = z.strictObject({
  /** Relative values at or below this are regressions (default 0.95). */
  regression: z.number().positive().default(THRESHOLDS.regression),
  /** Relative values at or above this are improvements (default 1.05). */
  improvement: z.number().positive().default(THRESHOLDS.improvement),
});

/** One comparison table of a report: runs compared with a named base. */
export const ReportSectionSchema = z.strictObject({
  /** Heading of the section. */
  title: Name.optional(),
  /** Run id of the base; every relative value in the section is `value / value(base)`. */
  base: RunId,
  /** Run ids compared with the base, in column order (the base may be listed too; it is shown first). */
  runs: z.array(RunId).min(1),
  /** Short column names by run id, e.g. `{ "sysbench/vm/20261122-x.pg1518.cy2.pk1": "pg15 async" }`. */
  labels: z.record(z.string(), Name).optional(),
  /**
   * A version ladder: each run relative to the one listed before it, the first to `base` (the 2026-04-09 post, MySQL 5.6 to 9.7:
   * 5.6.51 -> 5.7.44 -> 8.0.28 -> ...).
   */
  ladder: z.boolean().optional(),
  /** Tests (or names of the report's `testGroups`) to show in this section, in this order. */
  tests: z.array(Name).min(1).optional(),
});

/**
 * A file attached to a report (flamegraphs, a spreadsheet), in `content/attachments/<report file name>/`. Only
 * types a browser does not run are published: an SVG (which may hold script: flamegraphs do) is attached
 * gzip-compressed, `.svg.gz`, and so downloaded, never shown by the site's origin.
 */
export const AttachmentName = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}\.(svg\.gz|gz|png|jpg|txt|csv)$/,
    'expected a plain file name (letters, digits, . _ -) ending in .svg.gz, .gz, .png, .jpg, .txt or .csv',
  )
  .refine((n) => !n.includes('..'), 'a file name never has ".."');

export const ReportAttachmentSchema = z.strictObject({
  /** File name in content/attachments/<report file name>/. */
  file: AttachmentName,
  /** What it is, e.g. "Flamegraph, MySQL 8.4.8, stored procedures off". */
  title: Name.optional(),
});

/**
 * The post a report recreates. A report of a post names where it was published; the post's own address only when
 * it is known (never a guessed one): `source: https://...` is short for `source: { url: https://... }`.
 */
const ReportSourceObject = z.strictObject({
  /** The post's address. */
  url: HttpUrl.optional(),
  /** The post's title, when the report's title differs from it. */
  title: Text.optional(),
  /** Who wrote it. */
  author: Text.optional(),
  /** The blog or site it was published on, e.g. "Small Datum", and that site's address. */
  site: Text.optional(),
  siteUrl: HttpUrl.optional(),
});
export const ReportSourceSchema = z.union([
  // Typed as the object form so readers see one shape.
  HttpUrl.transform((url): z.output<typeof ReportSourceObject> => ({ url })),
  ReportSourceObject,
]);

/** A page the report links to at its top: a config file, the benchmark's explanation, a performance report. */
export const ReportLinkSchema = z.strictObject({
  /** What the link is, e.g. "my.cnf for MariaDB 10.2 (z12a)". */
  title: Name,
  url: HttpUrl,
});

/** How relative cells are coloured: the older posts' yellow/blue or the newer red/green/grey. */
export const ColourRuleSchema = z.enum(['red-green', 'yellow-blue']);

/** The chart of relative values. */
export const ReportChartSchema = z.strictObject({
  /**
   * Where the value axis starts (default 0). Posts start it at 0.8 "to improve readability at the risk of
   * overstating the differences": say so in the prose.
   */
  axisMin: z.number().nonnegative().optional(),
  /** Where it ends (default: a little above the largest value). */
  axisMax: z.number().positive().optional(),
  /** Leave the chart out. */
  hide: z.boolean().optional(),
});

/** Names of the comparability gates (each benchmark's vocabulary declares its own: benchmarks/index.ts). */
export { GATE_NAMES };

/**
 * Frontmatter of `content/reports/<YYYY-MM-DD>-<slug>.md`: which runs a post compares and against what base.
 * The Markdown body is the author's prose.
 */
const ReportObjectSchema = z
  .strictObject({
    title: Name,
    /** Publication date. YAML dates are accepted as written (`2026-11-22`). */
    date: z.coerce.date(),
    benchmark: Benchmark,
    /** One line for the index page. */
    description: Text.optional(),
    /** The post this report recreates (shown at the top of the page). */
    source: ReportSourceSchema.optional(),
    /** Links shown at the top of the page: config files, the benchmark's explanation. */
    links: z.array(ReportLinkSchema).optional(),
    /**
     * For a post whose results benchsite does not hold: what is missing and why, shown at the top of the page. Such
     * a report names no runs (no `base`, `runs` or `sections`); its prose is the post's words.
     */
    noData: Text.optional(),
    /** Tags, like a blog's labels (`[mariadb, fsync]`): each has a page listing its reports, `/tags/<tag>/`. */
    tags: z.array(Tag).optional(),
    /** Either one comparison (`base` + `runs`) or several `sections`. */
    base: RunId.optional(),
    runs: z.array(RunId).optional(),
    labels: z.record(z.string(), Name).optional(),
    sections: z.array(ReportSectionSchema).optional(),
    thresholds: ThresholdsSchema.optional(),
    /** Show warm-up tests (`*.pre`, `*.warm`), which the posts leave out. */
    includeWarmups: z.boolean().default(false),
    /** Hide a test from every table, e.g. one that failed for a known reason. */
    excludeTests: z.array(Name).optional(),
    /**
     * Differences between the runs and their base that this report compares across on purpose, by gate name
     * (e.g. `[threads]` for a report about concurrency). Without it a report mixing runs that differ on a gate
     * does not build; with it the page shows the difference in a notice.
     */
    acknowledge: z.array(z.enum(GATE_NAMES)).optional(),
    /**
     * Named groups of tests, e.g. `write-heavy: [l.i0, l.i1, l.i2]`: a section's `tests` and the placeholders
     * (`median(rel(z12c, write-heavy))`) use them.
     */
    testGroups: z.record(Name, z.array(Name).min(1)).optional(),
    /** Tests (or testGroups names) every section shows, in this order, unless the section has its own `tests`. */
    tests: z.array(Name).min(1).optional(),
    /**
     * Colours of relative cells: `red-green` (red <= 0.95, green >= 1.05, grey between: the newer posts, and the
     * default) or `yellow-blue` (the older posts' palette; the rule is the same, decided on the printed value).
     * `thresholds` moves the limits.
     */
    colours: ColourRuleSchema.optional(),
    chart: ReportChartSchema.optional(),
    /**
     * `relative`: every section as the posts' relative tables (one table per group, summaries in their words,
     * a chart). Sections holding published-relative runs (no absolute numbers) are always shown so.
     */
    view: z.enum(['relative']).optional(),
    /** Files attached to the report, listed and linked on its page (docs/reports.md, The front matter). */
    attachments: z.array(ReportAttachmentSchema).optional(),
    draft: z.boolean().default(false),
    // The options only one benchmark's reports have, each under its key (its folder's benchmark.ts).
    ...sectionShape('reportOptions'),
  })
  .superRefine((r, ctx) => {
    const builtIn = ['all', 'point', 'range', 'range-agg', 'writes'];
    for (const name of Object.keys(r.testGroups ?? {}))
      if (builtIn.includes(name))
        ctx.addIssue({
          code: 'custom',
          path: ['testGroups', name],
          message: `"${name}" is a group every report has already`,
          params: { hint: `Name the group otherwise; the built-in groups are ${builtIn.join(', ')}` },
        });
    const namesRuns = r.sections !== undefined || r.base !== undefined || r.runs !== undefined;
    if (r.noData !== undefined && namesRuns) {
      ctx.addIssue({
        code: 'custom',
        path: ['noData'],
        message: 'a report with `noData` names no runs',
        params: { hint: 'Remove `noData`, or `base`, `runs` and `sections`' },
      });
    } else if (r.noData === undefined && !r.sections && !(r.base && r.runs)) {
      ctx.addIssue({
        code: 'custom',
        path: ['base'],
        message: 'a report needs `base` and `runs`, or `sections`',
        params: {
          hint: 'Name the base run id and the runs to compare with it (or, for a post with no data here, say what is missing in `noData`)',
        },
      });
    }
  });

/**
 * A report's frontmatter: the shared fields, and the options each benchmark's reports add under its key
 * (`insertBenchmark:`, `hammerdb:`).
 */
export const ReportSchema = ReportObjectSchema as unknown as z.ZodType<
  z.infer<typeof ReportObjectSchema> & Sections<'reportOptions'>,
  z.input<typeof ReportObjectSchema> & Sections<'reportOptions'>
>;

export type Report = z.infer<typeof ReportSchema>;
export type ReportSection = z.infer<typeof ReportSectionSchema>;
export type Thresholds = z.infer<typeof ThresholdsSchema>;
export type ColourRule = z.infer<typeof ColourRuleSchema>;
export type ReportSource = z.infer<typeof ReportSourceSchema>;
export type ReportLink = z.infer<typeof ReportLinkSchema>;

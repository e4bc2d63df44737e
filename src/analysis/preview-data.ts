// What a pull request changes, as `benchsite diff --json` writes it and a preview build's /preview/ page reads
// it (BENCHSITE_PREVIEW names the file). Written by the base branch's code, but every string in it comes from
// the pull request's runs, so the page reads it through this schema and shows it as text.
import { z } from 'zod';
import type { ChangedRun, DiffRow, ReportRef } from './run-diff.ts';

const Row = z.strictObject({
  test: z.string(),
  metric: z.string().optional(),
  value: z.number().optional(),
  /** The values and the relative value as the engine prints them (src/engine/), which the page shows. */
  valueText: z.string(),
  baseValue: z.number().optional(),
  baseText: z.string(),
  relative: z.number().optional(),
  text: z.string(),
  /** As a post printed it against the base (the run has no numbers of its own). */
  published: z.boolean().optional(),
  noise: z.enum(['within', 'beyond']).optional(),
  verdict: z.enum(['regression', 'improvement', 'neutral']),
  failed: z.boolean(),
});

export const PreviewDataSchema = z.strictObject({
  runs: z.array(
    z.strictObject({
      id: z.string(),
      change: z.enum(['added', 'changed']),
      label: z.string(),
      base: z.strictObject({ id: z.string(), why: z.string() }).optional(),
      why: z.string(),
      rows: z.array(Row),
    }),
  ),
  removed: z.array(z.string()),
  reports: z.array(
    z.strictObject({
      slug: z.string(),
      title: z.string(),
      runs: z.array(z.string()),
      fileChange: z.enum(['added', 'changed']).optional(),
    }),
  ),
  problems: z.number().int(),
  thresholds: z.strictObject({ regression: z.number(), improvement: z.number() }),
});

export type PreviewData = z.infer<typeof PreviewDataSchema>;

/** The preview data of a diff: the runs with their rows, and the reports that name a touched run or changed. */
export function previewData(
  runs: Array<ChangedRun & { rows: DiffRow[] }>,
  removed: string[],
  reports: ReportRef[],
  problems: number,
  thresholds: { regression: number; improvement: number },
): PreviewData {
  const touched = new Set([...runs.map((r) => r.run.id), ...removed]);
  return {
    runs: runs.map((r) => ({
      id: r.run.id,
      change: r.change,
      label: r.run.run.label,
      base: r.base && { id: r.base.id, why: r.why },
      why: r.why,
      rows: r.rows,
    })),
    removed,
    reports: reports
      .map((rep) => ({
        slug: rep.slug,
        title: rep.title,
        runs: rep.runIds.filter((id) => touched.has(id)),
        fileChange: rep.fileChange,
      }))
      .filter((rep) => rep.runs.length || rep.fileChange),
    problems,
    thresholds,
  };
}

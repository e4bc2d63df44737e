import { z } from 'zod';
import { Text, Name } from './common.ts';

/** One column of a time series. */
export const SeriesColumnSchema = z.strictObject({ name: Name, unit: Text });

/**
 * A per-interval series as the tool printed it (numbers only, header lines dropped), stored by row:
 * `rows[i][j]` is column j of interval i. `null` marks a value the tool did not print.
 */
export const SeriesSchema = z.strictObject({
  /** e.g. `sysbench`, `vmstat`, `iostat`, `iibench.client1`, `tpm`. */
  name: Name,
  /** Seconds between rows, when regular. */
  intervalSeconds: z.number().positive().optional(),
  /** For iostat: the device of these rows. */
  device: Name.optional(),
  columns: z.array(SeriesColumnSchema).min(1),
  rows: z.array(z.array(z.number().nullable())),
});

/** `series.json` beside a `run.json`: every series of the run by test name. Kept apart so run.json stays small. */
export const SeriesFileSchema = z.strictObject({
  schemaVersion: z.literal(1),
  tests: z.record(Name, z.array(SeriesSchema)),
});

export type Series = z.infer<typeof SeriesSchema>;
export type SeriesFile = z.infer<typeof SeriesFileSchema>;

import { z } from 'zod';
import { RunId, Text, Name } from './common.ts';

/**
 * One table of a post that printed this run's throughput relative to a base run, and nothing absolute
 * (`provenance.source` `published-relative`). The values are the post's: the benchmark's headline number of
 * each test (sysbench QPS, Krows/s for scan; Insert Benchmark inserts/s, indexed rows/s or queries/s; HammerDB
 * NOPM) divided by the base's, rounded as printed. No absolute value can be recovered from them.
 */
export const RelativeTableSchema = z.strictObject({
  /** The base column as the post names it, e.g. `z12b`, `Postgres 17.10`. */
  base: Name,
  /** Run id of the base (a `published-relative` run of the same import, holding no numbers of its own). */
  baseRun: RunId,
  /** Decimals the post printed: each value is known to half a unit of the last one. */
  digits: z.number().int().nonnegative(),
  /** The raw file (a CSV kept in raw.tar.gz) the table was read from. */
  file: Text,
  /** This run's value for each test the table lists: (this run's headline number) / (the base's). */
  values: z
    .array(
      z.strictObject({
        /** The test's `name`. */
        test: Name,
        /** The relative value as printed, e.g. `0.95`; 1 means the same as the base. */
        value: z.number().nonnegative().refine(Number.isFinite, 'expected a finite number'),
      }),
    )
    .min(1),
});

export type RelativeTable = z.infer<typeof RelativeTableSchema>;

// The summary of a run the site keeps in memory (src/runs/run-summary.ts makes it): its shape, here with the
// other stored shapes so that the pure analysis (history, compare) reads it without importing the run store.
import { z } from 'zod';
import { Text } from './common.ts';
import { DbmsSchema, IsoDate, Benchmark, ProvenanceSource, RunId } from './index.ts';

export const RunSummarySchema = z.strictObject({
  benchmark: Benchmark,
  label: Text,
  date: IsoDate,
  host: z.strictObject({ name: Text, description: Text.optional() }),
  dbms: DbmsSchema,
  config: z.strictObject({ name: Text, description: Text.optional() }),
  /** Where the numbers come from (provenance.source): raw files, harness summaries, or a post. */
  source: ProvenanceSource,
  /** How many tests the run has. */
  testCount: z.number().int().nonnegative(),
  /** Names of the tests that failed. */
  failed: z.array(Text),
  /** The workload's size, runs of other sizes are never compared (workloadSize in analysis/comparability.ts). */
  workloadSize: z.string(),
  /** The values the comparability gates compare (comparabilityKey in analysis/comparability.ts). */
  comparable: z.record(z.string(), z.string()),
  /** Per headline entry, its exported 95 % interval [low, high, batches] (engine/noise.ts), or null. */
  headlineNoise: z.array(z.tuple([z.number(), z.number(), z.number()]).nullable()),
  /** Each test's headline number (primaryMetric): [test, metric, value]. */
  headline: z.array(z.tuple([Text, Text, z.number()])),
  /** Published-relative runs only: each table's base run and the values relative to it, [test, value]. */
  relative: z
    .array(z.strictObject({ base: Text, baseRun: RunId, values: z.array(z.tuple([Text, z.number()])) }))
    .optional(),
});

export type RunSummary = z.infer<typeof RunSummarySchema>;

import { z } from 'zod';

/** The insert-benchmark part of a run spec (`benchmark.kind: insert-benchmark`). Not available yet. */
export const InsertBenchmarkSpecSchema = z.strictObject({
  kind: z.literal('insert-benchmark'),
});

export type InsertBenchmarkSpec = z.infer<typeof InsertBenchmarkSpecSchema>;

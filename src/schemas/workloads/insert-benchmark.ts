import { z } from 'zod';

/** How an Insert Benchmark run was driven (mytools ibench: iq.sh / np.sh / iibench.py). */
export const InsertBenchmarkWorkloadSchema = z.strictObject({
  kind: z.literal('insert-benchmark'),
  /** Number of concurrent clients (`dop`). Unknown for runs read from summary tables only. */
  clients: z.number().int().positive().optional(),
  /** One table per client (`1tno`) rather than one shared table (`1tyes`). */
  tablePerClient: z.boolean().optional(),
  /** Rows loaded by l.i0 for all clients together, e.g. 800000000 for `800m`. */
  rowsInitial: z.number().int().positive().optional(),
  /** Rows inserted by l.i1 and l.i2 together, all clients. */
  rowsWrite: z.number().int().positive().optional(),
  /** Whether the database fits in memory (`cpu`) or not (`io`), as the report says. */
  bound: z.enum(['cpu', 'io']).optional(),
  /** Seconds each query step runs. */
  querySeconds: z.number().positive().optional(),
  /** Background insert rates per client for the query steps, e.g. [100, 500, 1000]. */
  rates: z.array(z.number().positive()).optional(),
  /** Whether deletes keep the table size constant (`delete_per_insert`). */
  deletePerInsert: z.boolean().optional(),
  /** Rows per commit of the write steps, in step order (l.i1, l.i2). */
  rowsPerCommit: z.array(z.number().int().positive()).optional(),
});

export type InsertBenchmarkWorkload = z.infer<typeof InsertBenchmarkWorkloadSchema>;

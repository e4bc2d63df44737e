import { z } from 'zod';
import { Text } from '../common.ts';

/** The sysbench microbenchmarks to run. */
export const SysbenchSpecSchema = z.strictObject({
  kind: z.literal('sysbench'),
  /** `--tables`. */
  tables: z.number().int().positive().default(1),
  /** `--table-size`: rows per table. */
  rows: z.number().int().positive(),
  /** Thread counts; every test runs once per count. */
  threads: z.array(z.number().int().positive()).min(1).default([1]),
  /** Seconds per test: read-only tests, write tests, and insert (defaults to write). */
  seconds: z.strictObject({
    read: z.number().positive(),
    write: z.number().positive(),
    insert: z.number().positive().optional(),
  }),
  /** Test names of the posts, e.g. `point-query`, `read-only` (with `range`), `update-index`, `insert`. */
  tests: z.array(Text).min(1),
  /** Range for tests that take one (`--range-size`, `--random-points`); default: each test's own. */
  range: z.number().int().positive().optional(),
  /** sysbench binary on the host. */
  sysbench: Text.default('sysbench'),
  /** Seconds between interval reports (`--report-interval`); they give live QPS and the QPS-over-time charts. */
  reportIntervalSeconds: z.number().int().positive().default(1),
  /** Create and fill the tables before the tests and drop them after. */
  prepare: z.boolean().default(true),
  cleanup: z.boolean().default(true),
});

export type SysbenchSpec = z.infer<typeof SysbenchSpecSchema>;

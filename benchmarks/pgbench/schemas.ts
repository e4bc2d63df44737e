// pgbench's stored and spec shapes: the workload of a run (run.json) and the benchmark part of a run spec.
// Site-safe: zod and src/schemas only.
import { z } from 'zod';
import { Text } from '../../src/schemas/common.ts';

/** How a pgbench run was driven, as its outputs print it (docs/formats/pgbench.md 6.1). */
export const PgbenchWorkloadSchema = z.strictObject({
  kind: z.literal('pgbench'),
  /** `scaling factor:` of the built-in scripts (pgbench counts pgbench_branches): 100,000 accounts per unit. */
  scale: z.number().int().nonnegative().optional(),
  /** `number of clients:` of the tests (`-c`), ascending. */
  clients: z.array(z.number().int().positive()).min(1),
  /** `number of threads:` (`-j`), pgbench's worker threads on the client, ascending. */
  threads: z.array(z.number().int().positive()).optional(),
  /** `duration:` of timed tests (`-T`), when every test ran the same seconds. */
  seconds: z.number().positive().optional(),
  /** `number of transactions per client:` (`-t`), when every test ran the same count. */
  transactionsPerClient: z.number().int().positive().optional(),
  /** `query mode:` (`-M`). */
  queryMode: z.enum(['simple', 'extended', 'prepared']).optional(),
  /** `maximum number of tries:` (`--max-tries`, pgbench 15 and later). */
  maxTries: z.number().int().nonnegative().optional(),
  /** Seconds between `progress:` lines (`-P`), the series of each test. */
  progressSeconds: z.number().positive().optional(),
  /** A new connection per transaction (`-C`: `tps ... (including reconnection times)`). */
  connectPerTransaction: z.boolean().optional(),
  /** `partition method:` and `partitions:` of pgbench_accounts (pgbench 13 and later, when partitioned). */
  partitionMethod: z.enum(['range', 'hash']).optional(),
  partitions: z.number().int().nonnegative().optional(),
});

export type PgbenchWorkload = z.infer<typeof PgbenchWorkloadSchema>;

/** pgbench's built-in scripts (`-b`), as `pgbench -b list` names them. */
const PGBENCH_BUILTINS = ['tpcb-like', 'simple-update', 'select-only'] as const;

/** A custom script (`-f`): its name (the test's name) and its text, written to the host before the tests. */
const PgbenchScriptSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'expected letters, digits, _ and -'),
  sql: Text,
});

/**
 * pgbench against PostgreSQL (`benchmark.kind: pgbench`): per DBMS entry, `pgbench -i -s <scale>` once, then each
 * test once per client count, with `-T`, `-P` and `-r`, vmstat and iostat beside it.
 */
export const PgbenchSpecSchema = z.strictObject({
  kind: z.literal('pgbench'),
  /** The pgbench program on the host. */
  pgbench: Text.default('pgbench'),
  /** `-s` of `pgbench -i`: 100,000 accounts per unit. */
  scale: z.number().int().positive(),
  /** Run `pgbench -i` before the tests (it drops and recreates the pgbench_* tables). */
  init: z.boolean().default(true),
  /** Built-in scripts by name, or custom scripts `{ name, sql }`, each run once per client count. */
  tests: z.array(z.union([z.enum(PGBENCH_BUILTINS), PgbenchScriptSchema])).min(1),
  /** Client counts (`-c`); every test runs once per count. */
  clients: z.array(z.number().int().positive()).min(1).default([1]),
  /** Worker threads (`-j`); default: as many as clients. */
  threads: z.number().int().positive().optional(),
  /** Seconds per test (`-T`). */
  seconds: z.number().int().positive(),
  /** Seconds between progress lines (`-P`): live TPS and the TPS-over-time chart. */
  progressSeconds: z.number().int().positive().default(1),
  /** Per-statement latencies (`-r`). */
  perStatement: z.boolean().default(true),
  /** `-M`. */
  queryMode: z.enum(['simple', 'extended', 'prepared']).default('simple'),
  /** `--max-tries` (pgbench 15 and later): retries of serialization and deadlock failures. */
  maxTries: z.number().int().positive().optional(),
  /** Skip pgbench's vacuum before each test (`-n`); needed for custom scripts on tables other than pgbench's. */
  noVacuum: z.boolean().default(false),
  /** Directory on the host for the custom scripts (`<dir>/<spec>/<label>/<name>.sql`). */
  workDir: Text.default('/tmp/benchsite-pgbench'),
});

export type PgbenchSpec = z.infer<typeof PgbenchSpecSchema>;

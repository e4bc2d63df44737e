// sysbench's stored and spec shapes: the workload of a run (run.json) and the benchmark part of a run spec.
// Site-safe: zod and src/schemas only.
import { z } from 'zod';
import { Text } from '../../src/schemas/common.ts';

/** How a sysbench run was driven: the same for every test in it unless a test's `params` say otherwise. */
export const SysbenchWorkloadSchema = z.strictObject({
  kind: z.literal('sysbench'),
  /** Number of tables (`--tables`). */
  tables: z.number().int().positive().optional(),
  /** Rows per table (`--table-size`). */
  rows: z.number().int().positive().optional(),
  /** Client thread counts that were run (`--threads`), usually one value. */
  threads: z.array(z.number().int().positive()).min(1),
  /** Seconds per test by test class, as the harness arguments name them. */
  seconds: z
    .strictObject({
      read: z.number().positive().optional(),
      write: z.number().positive().optional(),
      insert: z.number().positive().optional(),
    })
    .optional(),
  /** Seconds of warm-up before measuring (`--warmup-time`, sysbench 1.1 only). */
  warmupSeconds: z.number().nonnegative().optional(),
  /** sysbench `--db-driver`. */
  driver: z.enum(['mysql', 'pgsql']).optional(),
  /** Which Lua scripts ran the tests: Mark Callaghan's mytools set or the ones shipped with sysbench. */
  luaScripts: z.enum(['mytools', 'stock']).optional(),
  /** Whether tables have an explicit primary key (the `pk1` / `pk0` of mytools directory names). */
  primaryKey: z.boolean().optional(),
  /** Whether prepared statements were used (`--db-ps-mode`). */
  preparedStatements: z.boolean().optional(),
  /** `--report-interval` in seconds when interval lines were printed. */
  reportIntervalSeconds: z.number().positive().optional(),
  /** Random distribution (`--rand-type`) used by most tests. */
  randType: z.string().optional(),
});

export type SysbenchWorkload = z.infer<typeof SysbenchWorkloadSchema>;

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
  /**
   * Directory of the mytools Lua scripts on the host (a checkout's `bench/sysbench.lua/lua`): every test then runs
   * its mytools script with run.sh's arguments, as the posts' runs did. Without it, sysbench's own scripts run the
   * tests they have an equivalent for. `benchsite run --lua-dir` sets it.
   */
  luaDir: Text.refine((s) => s.startsWith('/'), {
    message: 'must be an absolute path on the host that runs sysbench (it starts with /)',
  }).optional(),
  /** Seconds between interval reports (`--report-interval`); they give live QPS and the QPS-over-time charts. */
  reportIntervalSeconds: z.number().int().positive().default(1),
  /** Create and fill the tables before the tests and drop them after. */
  prepare: z.boolean().default(true),
  cleanup: z.boolean().default(true),
});

export type SysbenchSpec = z.infer<typeof SysbenchSpecSchema>;

/**
 * sysbench workload facts a `--meta` file may give under `sysbench:` (a summary table says nothing of threads,
 * tables, rows or seconds), e.g. `{ threads: [1], tables: 1, rows: 50000000 }`. What the files say wins.
 */
export const SysbenchMetaSchema = SysbenchWorkloadSchema.omit({ kind: true }).partial();

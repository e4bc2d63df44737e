import { z } from 'zod';

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

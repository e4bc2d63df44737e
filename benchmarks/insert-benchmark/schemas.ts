// The Insert Benchmark's stored and spec shapes (site-safe): the workload of a run, the benchmark part of a run
// spec, and the options of its reports.
import { z } from 'zod';
import { Text, Name } from '../../src/schemas/common.ts';

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

const count = z.number().int().positive();

/**
 * The Insert Benchmark part of a run spec (`benchmark.kind: insert-benchmark`): the steps of mytools' iq.sh,
 * each run as np.sh runs it (one iibench.py process per client), with the defaults of iq.sh / np.sh.
 */
export const InsertBenchmarkSpecSchema = z
  .strictObject({
    kind: z.literal('insert-benchmark'),
    /**
     * Path of iibench.py on the host (mytools `bench/ibench/iibench.py`). A relative path starts in the login
     * directory over SSH, in the directory benchsite runs in otherwise.
     */
    iibench: Text,
    /** Python interpreter on the host; it needs psycopg2 (Postgres) or MySQLdb (MySQL, MariaDB). */
    python: Text.default('python3'),
    /** Environment variables for iibench.py (e.g. `PYTHONPATH` of a virtualenv). Recorded as given: no secrets. */
    env: z
      .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'expected an environment variable name'), z.string())
      .default({}),
    /** Concurrent clients (np.sh's `dop`): one iibench.py process each, all started together. */
    clients: count.default(1),
    /** Each client has its own table `pi<N>` (the harness's `1tno`); false: all clients share `pi1` (`1tyes`). */
    tablePerClient: z.boolean().default(true),
    /**
     * Rows inserted per client: `load` by l.i0; `write` by l.i1 (4/5 of it) and l.i2 (1/5), as ra.sh splits
     * its nr2. ra.sh gives these in millions per client (mr1, mr2).
     */
    rows: z.strictObject({
      /** Rows per client loaded by l.i0, in primary key order. */
      load: count,
      /** Rows per client inserted by l.i1 and l.i2 together. */
      write: count,
    }),
    /** Rows per commit of each step kind (`--rows_per_commit`), as iq.sh passes them. */
    rowsPerCommit: z
      .strictObject({
        /** l.i0 and l.x. */
        load: count.default(100),
        /** l.i1. */
        write1: count.default(50),
        /** l.i2. */
        write2: count.default(5),
        /** The query steps' background inserts. */
        query: count.default(50),
      })
      .prefault({}),
    /** Seconds per query step: each client inserts `seconds x rate` rows at `rate` inserts/s while it queries. */
    querySeconds: count.default(1800),
    /** Background inserts/s per client of the query steps (ra.sh's ips); each rate gives a qr<rate> and a qp<rate> step. */
    rates: z.array(count).min(1).default([100, 500, 1000]),
    /** Query threads per client in the query steps (`--query_threads`). */
    queryThreads: count.default(1),
    /** A delete per insert in l.i1, l.i2 and the query steps, so the table size stays constant (`--delete_per_insert`). */
    deletes: z.boolean().default(true),
    /** Secondary indexes per table (`--num_secondary_indexes`, 0 to 3). */
    secondaryIndexes: z.number().int().min(0).max(3).default(3),
    /** `after-load`: l.i0 loads without them and l.x creates them (iq.sh); `with-table`: l.i0 creates them and there is no l.x. */
    createIndexes: z.enum(['after-load', 'with-table']).default('after-load'),
    /** Length range of the `data` column (`--data_length_min`, `--data_length_max`). */
    dataLength: z
      .strictObject({
        /** Shortest value. */
        min: z.number().int().nonnegative().default(10),
        /** Longest value. */
        max: z.number().int().nonnegative().default(20),
      })
      .prefault({}),
    /** MySQL/MariaDB storage engine (`--engine`); Postgres always gets `--engine=pg`, as np.sh passes it. */
    engine: Text.default('innodb'),
    /** Postgres: prepared statements for queries (`--use_prepared_query`), which np.sh always passes for Postgres. */
    preparedQueries: z.boolean().default(true),
    /** Per-DBMS options of iibench.py (`--dbopt`). */
    dbopt: Text.default('none'),
    /**
     * Base of the random seeds: step k (from 0) of client n gets `seed + 1000 k + n`. np.sh seeds from the clock;
     * a fixed base makes a rerun insert the same data.
     */
    seed: z.number().int().nonnegative().default(1),
    /** Seconds between vmstat and iostat samples beside each step (np.sh: `vmstat 5`, `iostat -y -kx 5`). */
    monitorSeconds: count.default(5),
    /** Run only these steps (names as planned, e.g. `[l.i0, l.x, qr100.L1]`), in the planned order; default all. */
    steps: z.array(Text).min(1).optional(),
  })
  .superRefine((s, ctx) => {
    if (s.dataLength.min > s.dataLength.max) {
      ctx.addIssue({
        code: 'custom',
        path: ['dataLength', 'min'],
        message: `min ${s.dataLength.min} is above max ${s.dataLength.max}`,
        params: { hint: 'Make min at most max' },
      });
    }
    const known = insertBenchmarkStepNames(s);
    s.steps?.forEach((name, i) => {
      if (!known.includes(name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['steps', i],
          message: `unknown step "${name}"`,
          params: { hint: `Use the planned names: ${known.join(', ')}` },
        });
      }
    });
    const seen = new Set<number>();
    s.rates.forEach((r, i) => {
      if (seen.has(r))
        ctx.addIssue({
          code: 'custom',
          path: ['rates', i],
          message: `rate ${r} is listed twice`,
          params: { hint: 'List each rate once' },
        });
      seen.add(r);
    });
  });

export type InsertBenchmarkSpec = z.infer<typeof InsertBenchmarkSpecSchema>;

/** Every step iq.sh runs for these settings, in its order: l.i0, l.x, l.i1, l.i2, then qr<rate>.L<2i+1>, qp<rate>.L<2i+2>. */
export function insertBenchmarkStepNames(
  s: Pick<InsertBenchmarkSpec, 'rates' | 'secondaryIndexes' | 'createIndexes'>,
): string[] {
  const indexStep = s.createIndexes === 'after-load' && s.secondaryIndexes > 0 ? ['l.x'] : [];
  return [
    'l.i0',
    ...indexStep,
    'l.i1',
    'l.i2',
    ...s.rates.flatMap((r, i) => [`qr${r}.L${2 * i + 1}`, `qp${r}.L${2 * i + 2}`]),
  ];
}

/** Report options only Insert Benchmark reports have (frontmatter key `insertBenchmark`). */
export const InsertBenchmarkReportOptionsSchema = z.strictObject({
  /**
   * Fraction of the target background insert rate a query step must reach to meet its SLA (default 0.95, as
   * the posts); cells of steps that miss it are greyed.
   */
  slaThreshold: z.number().positive().max(1).optional(),
  /** Steps to show, in this order (default: every step any run has, in run order). */
  steps: z.array(Name).optional(),
  /** Points per line in the per-second charts (default 50); the full series stays in series.json. */
  chartPoints: z.number().int().min(10).max(500).optional(),
  /** Publish the per-step details (metrics, response-time histograms, iostat averages) on the report's steps page, /reports/<slug>/steps/; default true. */
  stepDetails: z.boolean().optional(),
});

export type InsertBenchmarkReportOptions = z.infer<typeof InsertBenchmarkReportOptionsSchema>;

/** Insert Benchmark workload facts a `--meta` file may give under `insertBenchmark:` (`{ clients: 1, bound: cpu }`). What the files say wins. */
export const InsertBenchmarkMetaSchema = InsertBenchmarkWorkloadSchema.omit({ kind: true }).partial();

// HammerDB TPROC-C's stored and spec shapes (site-safe): the workload of a run, the benchmark part of a run
// spec, and the options of its reports.
import { z } from 'zod';
import { Text } from '../../src/schemas/common.ts';

/**
 * How a HammerDB TPROC-C run was driven. Each test is one measured point (virtual users x warehouses, with
 * stored procedures on or off); a field is set here only when it is the same for every test, and each test's
 * `params` carry its own values.
 */
export const HammerdbWorkloadSchema = z.strictObject({
  kind: z.literal('hammerdb-tprocc'),
  /** HammerDB workload name, e.g. `PostgreSQL`, `MySQL` (a MariaDB server can run the MySQL workload). */
  workload: z.string().optional(),
  /** Warehouses (`count_ware`) of the measured points, ascending. */
  warehouses: z.array(z.number().int().positive()).optional(),
  /** Active virtual users of the measured points, ascending (the monitor VU not counted). */
  virtualUsers: z.array(z.number().int().positive()).optional(),
  /** Virtual users used to build the schema. */
  buildVirtualUsers: z.number().int().positive().optional(),
  /** Rampup minutes (excluded from NOPM). */
  rampupMinutes: z.number().nonnegative().optional(),
  /** Measured minutes. */
  durationMinutes: z.number().positive().optional(),
  /** Whether stored procedures were used (`pg_storedprocs true` / `*_no_stored_procs false`). */
  storedProcedures: z.boolean().optional(),
  /** Whether tables were partitioned. */
  partitioned: z.boolean().optional(),
  /** `allwarehouse`: every virtual user uses all warehouses. */
  allWarehouses: z.boolean().optional(),
  /** Whether the time profile (per transaction latency) was gathered. */
  timeProfile: z.boolean().optional(),
});

export type HammerdbWorkload = z.infer<typeof HammerdbWorkloadSchema>;

/** Environment variable names (the Tcl reads passwords from them; `environment:` sets them for hammerdbcli). */
const EnvName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'expected an environment variable name (letters, digits, _)');

/**
 * HammerDB TPROC-C (`benchmark.kind: hammerdb-tprocc`): per DBMS entry, one schema build, then one timed run per
 * virtual-user count, as Mark Callaghan's mytools `bench/hammerdb` harness does. The workload follows each DBMS
 * entry's product: `postgres` runs HammerDB's PostgreSQL workload, `mysql` and `mariadb` its MySQL workload.
 * Defaults are those of the harness's Tcl scripts.
 */
export const HammerdbSpecSchema = z
  .strictObject({
    kind: z.literal('hammerdb-tprocc'),
    /** HammerDB's directory on the host; hammerdbcli runs from it (its launcher finds `./bin` and `./lib` there). */
    installDir: Text.default('/opt/HammerDB-5.0'),
    /** The CLI program, relative to `installDir` or absolute. */
    hammerdbcli: Text.default('./hammerdbcli'),
    /**
     * Directory on the host for the generated Tcl scripts and each step's HammerDB temp directory (`TMP`: jobs
     * database, logs). Each DBMS entry gets `<workDir>/<spec name>/<label>/`.
     */
    workDir: Text.default('/tmp/benchsite-hammerdb'),
    /** Extra environment for hammerdbcli, e.g. `LD_LIBRARY_PATH` for the database client libraries. */
    environment: z.record(EnvName, z.string()).default({}),
    /** Warehouses to build (`<db>_count_ware`). */
    warehouses: z.number().int().positive(),
    /** Virtual users that build the schema (`<db>_num_vu`); at most `warehouses`. Default: 8 as the harness, or `warehouses` when fewer. */
    buildVirtualUsers: z.number().int().positive().max(1024).optional(),
    /** Active virtual users of the measured runs; one timed run per count, in this order (the monitor VU is added by HammerDB). */
    virtualUsers: z.array(z.number().int().positive().max(1024)).min(1),
    /** Minutes of rampup before the measured phase (excluded from NOPM). */
    rampupMinutes: z.number().int().nonnegative().default(5),
    /** Measured minutes of each timed run. */
    durationMinutes: z.number().int().positive().default(120),
    /** Use stored procedures (`pg_storedprocs true`, `mysql_no_stored_procs false`). */
    storedProcedures: z.boolean().default(true),
    /** Partition the large tables. Default: when `warehouses` >= 200, as the harness and HammerDB's samples do. */
    partition: z.boolean().optional(),
    /** Every virtual user uses all warehouses (`<db>_allwarehouse`). */
    allWarehouses: z.boolean().default(true),
    /** Gather per-transaction response times (`<db>_timeprofile`). Default: as the harness, off for PostgreSQL, on for MySQL. */
    timeProfile: z.boolean().optional(),
    /** PostgreSQL only: checkpoint and vacuum after each timed run (`pg_vacuum`). */
    vacuum: z.boolean().default(true),
    /** Seconds between the transaction counter's `<n> <db> tpm` lines (`tcset refreshrate`). */
    counterRefreshSeconds: z.number().int().positive().default(10),
    /** `giset commandline keepalive_margin`: minutes hammerdbcli waits past rampup + duration before giving up on a run. */
    keepaliveMarginMinutes: z.number().int().positive().default(1200),
    /** `jobs profileid N` (HammerDB 5.0 and later): the performance profile the jobs are filed under. */
    profileId: z.number().int().nonnegative().optional(),
    /**
     * PostgreSQL: the role HammerDB creates to own the TPROC-C schema (`pg_user`); the DBMS entry's connection user is
     * the superuser that creates it (`pg_superuser`).
     */
    pgUser: Text.default('tpcc'),
    /** PostgreSQL: environment variable holding `pgUser`'s password (default: the connection's password). */
    pgUserPasswordEnv: EnvName.optional(),
    /** PostgreSQL: database the superuser connects to first (`pg_defaultdbase`). */
    pgDefaultDatabase: Text.default('postgres'),
    /** MySQL/MariaDB storage engine (`mysql_storage_engine`). */
    storageEngine: Text.default('innodb'),
    /** Keep HammerDB's jobs database (`hammer.DB`, credentials blanked) with each step's output, as the harness does. */
    keepJobsDatabase: z.boolean().default(true),
  })
  .superRefine((s, ctx) => {
    if (s.buildVirtualUsers !== undefined && s.buildVirtualUsers > s.warehouses) {
      ctx.addIssue({
        code: 'custom',
        path: ['buildVirtualUsers'],
        message: `${s.buildVirtualUsers} build virtual users for ${s.warehouses} warehouses`,
        params: { hint: 'HammerDB builds at most one warehouse per virtual user: use at most `warehouses`' },
      });
    }
    const seen = new Set<number>();
    s.virtualUsers.forEach((v, i) => {
      if (seen.has(v))
        ctx.addIssue({
          code: 'custom',
          path: ['virtualUsers', i],
          message: `${v} is listed twice`,
          params: { hint: 'List each virtual-user count once' },
        });
      seen.add(v);
    });
  });

export type HammerdbSpec = z.infer<typeof HammerdbSpecSchema>;

/** Report options only HammerDB reports have (frontmatter key `hammerdb`). */
export const HammerdbReportOptionsSchema = z.strictObject({
  /** Decimals of relative NOPM in tables (the posts print 3: `1.054`). */
  relativeDigits: z.number().int().min(1).max(4).default(3),
  /**
   * Sections (1-based, in frontmatter order) that show the iostat/vmstat tables of their runs. Default: every
   * section that has such numbers. The 2026-02-15 post (large server) shows them once, for the two runs of its last comparison.
   */
  systemMetricsSections: z.array(z.number().int().positive()).optional(),
  /** Leave out the chart of relative NOPM (it is drawn when a section compares at least one run with the base). */
  hideChart: z.boolean().default(false),
});

/** HammerDB facts the raw files or a published table may lack, under `hammerdb:` of a `--meta` file; what the files say wins. */
export const HammerdbMetaSchema = z.strictObject({
  /** Rampup minutes. */
  rampupMinutes: z.number().nonnegative().optional(),
  /** Measured minutes. */
  durationMinutes: z.number().positive().optional(),
  /** Whether stored procedures were used. */
  storedProcedures: z.boolean().optional(),
  /** Whether tables were partitioned. */
  partitioned: z.boolean().optional(),
  /** Virtual users used to build the schema. */
  buildVirtualUsers: z.number().int().positive().optional(),
});

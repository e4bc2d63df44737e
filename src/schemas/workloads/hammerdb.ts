import { z } from 'zod';

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

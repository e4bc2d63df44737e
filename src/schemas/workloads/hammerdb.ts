import { z } from 'zod';

/** How a HammerDB TPROC-C run was driven. Each test is one (virtual users, warehouses) point. */
export const HammerdbWorkloadSchema = z.strictObject({
  kind: z.literal('hammerdb-tprocc'),
  /** HammerDB workload name, e.g. `PostgreSQL`, `MySQL` (a MariaDB server runs the MySQL workload). */
  workload: z.string().optional(),
  /** Warehouses (`count_ware`). */
  warehouses: z.number().int().positive().optional(),
  /** Virtual users of the measured runs, one per test. */
  virtualUsers: z.array(z.number().int().positive()).optional(),
  /** Virtual users used to build the schema. */
  buildVirtualUsers: z.number().int().positive().optional(),
  /** Rampup minutes (excluded from NOPM). */
  rampupMinutes: z.number().nonnegative().optional(),
  /** Measured minutes. */
  durationMinutes: z.number().positive().optional(),
  /** Whether stored procedures were used (`*_storedprocs` / `*_no_stored_procs false`). */
  storedProcedures: z.boolean().optional(),
  /** Whether tables were partitioned. */
  partitioned: z.boolean().optional(),
  /** `allwarehouse`: every virtual user uses all warehouses. */
  allWarehouses: z.boolean().optional(),
  /** Whether the time profile (per transaction latency) was gathered. */
  timeProfile: z.boolean().optional(),
});

export type HammerdbWorkload = z.infer<typeof HammerdbWorkloadSchema>;

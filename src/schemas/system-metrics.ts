import { z } from 'zod';
import { Text, Name } from './common.ts';

/** vmstat averages over one test or step. */
export const VmstatAveragesSchema = z.strictObject({
  /** Lines averaged (see the method for which lines count). */
  samples: z.number().int().nonnegative(),
  /** Context switches per second (vmstat `cs`). */
  csPerS: z.number(),
  /** CPU busy percent of all CPUs: `us + sy` (wa and st excluded, as the harness does). */
  cpuPct: z.number(),
  /** User CPU percent (`us`). */
  usPct: z.number().optional(),
  /** System CPU percent (`sy`). */
  syPct: z.number().optional(),
  /** Idle percent (`id`). */
  idPct: z.number().optional(),
  /** IO wait percent (`wa`). */
  waPct: z.number().optional(),
  /** Run queue length (`r`). */
  runQueue: z.number().optional(),
  /** Interrupts per second (`in`). */
  inPerS: z.number().optional(),
});

/** iostat averages for one device over one test or step. */
export const IostatAveragesSchema = z.strictObject({
  /** Device name as iostat prints it. */
  device: Name,
  /** Device lines averaged. */
  samples: z.number().int().nonnegative(),
  /** Reads per second (`r/s`). */
  readsPerS: z.number(),
  /** KB read per second (`rkB/s`). */
  readKBPerS: z.number(),
  /** Writes per second (`w/s`). */
  writesPerS: z.number(),
  /** KB written per second (`wkB/s`). */
  writeKBPerS: z.number(),
  /** Device utilisation percent (`%util`). */
  utilPct: z.number().optional(),
  /** Flush requests (fsync) per second (`f/s`, sysstat 12.2 and later). */
  fsyncsPerS: z.number().optional(),
  /** Average milliseconds a flush request took (`f_await`). */
  fsyncAwaitMs: z.number().optional(),
});

/** Averages computed one way. */
export const SystemAveragesSchema = z.strictObject({
  vmstat: VmstatAveragesSchema.optional(),
  iostat: IostatAveragesSchema.optional(),
});

/**
 * vmstat/iostat for one test or step, averaged two ways:
 * - `harness`: exactly as the mytools scripts do it (docs/formats/vmstat-iostat.md 4.4): vmstat counts the since-boot line and
 *   every repeated header as a zero sample, iostat matches the device name as a substring. It reproduces
 *   `sb.met` and the Insert Benchmark `o.res` files, so our numbers can be checked against published ones.
 * - `clean`: only real interval samples (no since-boot line, no header lines), exact device name.
 */
export const SystemMetricsSchema = z.strictObject({
  /** Sampling interval in seconds (1 for sysbench, 5 for the Insert Benchmark). */
  intervalSeconds: z.number().positive().optional(),
  /** The operation rate the per-operation values divide by, e.g. QPS. */
  opsPerS: z.number().nonnegative().optional(),
  /** Which metric `opsPerS` is, e.g. `qps`, `scan_krows_per_s`, `inserts_per_s`, `nopm`. */
  opsMetric: Text.optional(),
  /** CPUs used to turn CPU percent into CPU µs per operation, and where that number came from. */
  cpus: z.number().int().positive().optional(),
  cpusSource: Text.optional(),
  /** How the iostat device was chosen, e.g. `matches sb.met`, `--meta device`, `only device`. */
  deviceSource: Text.optional(),
  harness: SystemAveragesSchema,
  clean: SystemAveragesSchema,
});

export type SystemMetrics = z.infer<typeof SystemMetricsSchema>;
export type SystemAverages = z.infer<typeof SystemAveragesSchema>;
export type VmstatAverages = z.infer<typeof VmstatAveragesSchema>;
export type IostatAverages = z.infer<typeof IostatAveragesSchema>;

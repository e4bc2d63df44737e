import { z } from 'zod';
import { IsoDateTime, Text, Name } from './common.ts';
import { SystemMetricsSchema } from './system-metrics.ts';

/** SLA of an Insert Benchmark query step: the background insert rate it had to sustain. */
export const SlaSchema = z.strictObject({
  /** Target inserts per second (clients × per-client rate). */
  targetInsertsPerS: z.number().nonnegative(),
  /** Achieved inserts per second over the step. */
  achievedInsertsPerS: z.number().nonnegative(),
  /** Fraction of the target that counts as meeting it (0.95 in the posts). */
  threshold: z.number().positive().max(1),
  /** achieved >= threshold × target. */
  passed: z.boolean(),
});

/** A response-time histogram, e.g. iibench's `Insert rt:` buckets. */
export const HistogramSchema = z.strictObject({
  /** What was timed, e.g. `insert`, `delete`, `query`. */
  name: Name,
  /** Whose operations: a client number, or `all` for the sum over clients. */
  client: z.union([z.number().int().positive(), z.literal('all')]).optional(),
  /** Buckets in order; `upperSeconds` is the bucket's upper bound (null for the last, open bucket). */
  buckets: z
    .array(
      z.strictObject({
        label: Name,
        upperSeconds: z.number().positive().nullable(),
        count: z.number().int().nonnegative(),
      }),
    )
    .min(1),
  /** Largest latency seen, seconds. */
  maxSeconds: z.number().nonnegative().optional(),
});

/** One test (sysbench microbenchmark), step (Insert Benchmark) or measured point (HammerDB) of a run. */
export const TestSchema = z.strictObject({
  /**
   * Name used in tables and exports. sysbench: the microbenchmark without the range suffix when the range is
   * that test's default (`point-query`, `read-only_range=10`); Insert Benchmark: the step (`l.i0`, `qr100.L1`);
   * HammerDB: `vu<N>.w<W>`.
   */
  name: Name,
  /** `failed` when the tool reported an error or printed no result; the run keeps the test so nothing is dropped. */
  status: z.enum(['ok', 'failed']),
  /** What went wrong, quoted from the output where possible (e.g. the `FATAL:` line). */
  error: Text.optional(),
  /**
   * The tool's output of this test stops before its report is whole (a log or paste cut short, a run killed
   * while printing): `line` of raw file `file` is where it ends. Such a test is `failed` (its `error` says where
   * it ends); `results` hold only the values printed before that line, none made up for the rest.
   */
  incomplete: z.strictObject({ file: Text, line: z.number().int().positive() }).optional(),
  /** Tool parameters of this test, e.g. `{ "range": 100, "threads": 1, "seconds": 600, "lua": "oltp_point_select.lua" }`. */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  /** The exact command that ran the test, secrets redacted. */
  command: Text.optional(),
  /** Raw files (paths in the run's manifest) this test was read from. */
  rawFiles: z.array(Text).optional(),
  startedAt: IsoDateTime.optional(),
  endedAt: IsoDateTime.optional(),
  /** Names of this test's time series in the run's `series.json`. */
  series: z.array(Name).optional(),
  /** vmstat/iostat averages and the op rate they are normalised by. */
  system: SystemMetricsSchema.optional(),
  /** Insert Benchmark query steps only. */
  sla: SlaSchema.optional(),
  /** Response-time histograms, when the tool prints them. */
  histograms: z.array(HistogramSchema).optional(),
});

export type Test = z.infer<typeof TestSchema>;
export type Sla = z.infer<typeof SlaSchema>;
export type Histogram = z.infer<typeof HistogramSchema>;

import { z } from 'zod';
import { Text, Name } from './common.ts';

/** A metric's name: snake_case. */
export const METRIC_NAME = /^[a-z][a-z0-9_]*$/;

/**
 * One number of a run: a tidy row, one per test per metric. Metric names are stable export names
 * (`qps`, `tps`, `latency_p95_ms`, `cs_per_query`, `inserts_per_s`, `nopm` ...); see each benchmark's README.
 */
export const ResultRowSchema = z.strictObject({
  /** The test's `name`. */
  test: Name,
  /** Metric name, snake_case. */
  metric: z.string().regex(METRIC_NAME, 'expected a snake_case metric name'),
  /** The value; never NaN or infinite (leave the row out instead). */
  value: z.number().refine(Number.isFinite, 'expected a finite number'),
  /** Unit, e.g. `queries/s`, `ms`, `KB/query`, `count`. */
  unit: Text,
});

export type ResultRow = z.infer<typeof ResultRowSchema>;

// Shapes every benchmark's vocabulary gives its answers in (src/benchmarks/index.ts wires them by name).
import type { GATE_NAMES } from '../schemas/index.ts';

/** The name a report acknowledges a comparability gate with (src/analysis/comparability.ts). */
export type GateName = (typeof GATE_NAMES)[number];

/** A run's workload as the comparability gates see it, by gate; absent or undefined when the run does not say. */
export type WorkloadGates = Partial<Record<GateName, unknown>>;

/** A test duration in words: runs of another class measure another steady state (caches, checkpoints). */
export function durationClass(seconds: number): string {
  if (seconds < 60) return 'under a minute';
  if (seconds < 600) return '1 to 10 minutes';
  return '10 minutes or more';
}

/** The `duration` gate's value of tests that ran these seconds: their classes, each once (none without any). */
export function durationClasses(seconds: number[]): string | undefined {
  // In class order, whatever order the run lists its read/write/insert seconds in (files differ).
  return seconds.length ? [...new Set([...seconds].sort((a, b) => a - b).map(durationClass))].join(', ') : undefined;
}

/** A count in words' digits (`20,000`). */
export function count(x: number | undefined): string | undefined {
  return x === undefined ? undefined : x.toLocaleString('en-US');
}

/** A column of a run page's test table: a metric and its header. */
export interface KeyMetric {
  metric: string;
  title: string;
}

/** A per-interval series column drawn on the run page, one panel per test. */
export interface SeriesChart {
  /** Series name in series.json, e.g. `iibench.client1`. */
  series: string;
  column: string;
  title: string;
  yTitle: string;
  /** Multiply the values by this (e.g. 0.001 for µs -> ms). */
  scale?: number;
}

/** What a run contradicts in itself (validate refuses it): where (a JSON path of run.json), what, what to do. */
export interface RunIssue {
  path: (string | number)[];
  message: string;
  hint: string;
}

// What a benchmark's folder gives the site and the collectors (site-safe): its definition (benchmark.ts: name,
// schemas, vocabulary, descriptor) and the shapes its vocabulary answers in. benchmarks/registry.ts lists the
// definitions; benchmarks/index.ts looks them up. Shared: it names no benchmark.
import type { z } from 'zod';
import type { BenchmarkDescriptor } from '../src/engine/descriptor.ts';
import type { Series, SpecDbms, Test } from '../src/schemas/index.ts';

/** The name a report acknowledges a comparability gate with (a vocabulary's `gates`). */
type GateName = string;

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

/**
 * Where a figure's per-interval values are in a test's series: its noise (a 95 % interval, src/engine/noise.ts)
 * comes from them. `perClient`: one series per client, `<series><N>`, summed second by second.
 */
export interface NoiseSource {
  /** The figure, a result metric of the test (`qps`). */
  metric: string;
  series: string;
  column: string;
  perClient?: boolean;
  /** Only the rows where this column is 1 (HammerDB's measured window). */
  onlyWhere?: string;
  /** The series counts another metric of the test: its values are scaled by the figure / that metric. */
  scaledFrom?: string;
}

/** What the site and the collectors ask of a benchmark's names (its folder's vocabulary.ts). */
export interface Vocabulary<W = unknown> {
  /** The metric of a test's headline number (what the posts put in their relative tables), given what it has. */
  primaryMetric(test: string, has: (metric: string) => boolean): string | undefined;
  /** Whether a test name is one of this benchmark's, as benchsite names its tests. */
  isTestName(test: string): boolean;
  /** The DBMS products it runs against, when not every one (a run spec naming another is refused). */
  products?: readonly SpecDbms['product'][];
  /** For a benchmark whose run spec lists its tests by name (`benchmark.tests`): the names it accepts. */
  specTests?: { known: readonly string[]; accepts(entry: string): boolean };
  /**
   * The comparability gates of its runs (src/analysis/comparability.ts), in the order they are checked: the name a
   * report's `acknowledge` lists -> what it compares. Runs of another benchmark are never comparable (`benchmark`).
   */
  gates: Record<GateName, string>;
  /** The values its gates compare of a run's workload, by gate name in the order of `gates`. */
  gateValues(workload: W): WorkloadGates;
  /** The run-level size of a workload in words (history keeps runs of other sizes apart); none when it has none. */
  size(workload: W, label?: string): string[];
  /** A run page's test table columns, and its extra per-interval charts. */
  runPage: { keyMetrics: KeyMetric[]; seriesCharts?: SeriesChart[] };
  /** The figures whose noise the run writer adds (`<metric>_ci95_low` ...), and where their values are. */
  noise?: NoiseSource[];
  /** Those per-interval values in words, for the pages' note on noise (`sysbench --report-interval lines`). */
  noiseFrom?: string;
  /**
   * What a run of this benchmark may not contradict in itself, beyond the schema (validate refuses it): its
   * tests against its workload, and a test's series against the test (the thread count a series shows).
   */
  checks?: {
    run(workload: W, tests: Test[]): RunIssue[];
    series(test: Test, series: Series[]): string | undefined;
  };
}

/** A section of a YAML file that only this benchmark's files have: its key and its schema. */
export interface Section<K extends string = string, S extends z.ZodType = z.ZodType> {
  key: K;
  schema: S;
  /** A value of it as a `--meta` file writes it, for the help of the commands that read one. */
  example?: string;
}

/** A benchmark as the site and the CLI know it: its folder's benchmark.ts. */
export interface BenchmarkDefinition<K extends string = string, W extends z.ZodType = z.ZodType> {
  /** Its name: `benchmark` of its runs, the first segment of their ids, `benchmark.kind` of a run spec. */
  name: K;
  /** Its name in prose (`Insert Benchmark`, `HammerDB TPROC-C`). */
  title: string;
  /**
   * Its client programs as a process listing names them (argv[0]'s base name; each a regular expression matched
   * whole): their lines of a `ps` listing in the raw files are kept whole (collectors/lib/redact-ps.ts).
   */
  programs: readonly string[];
  /** The run's workload (`workload.kind` is the name). */
  workload: W;
  /** The `benchmark:` part of a run spec (`kind` is the name). */
  spec: z.ZodType;
  vocabulary: Vocabulary<z.infer<W>>;
  descriptor: BenchmarkDescriptor;
  /** Workload facts a `--meta` file may give under its key (what the raw files do not say). */
  meta?: Section;
  /** Options only its reports have, under their key in a report's frontmatter. */
  reportOptions?: Section;
  /** Its README, where its metrics are listed (help texts point at it). */
  readme: string;
}

// What the comparison engine knows of a benchmark: a descriptor (one per benchmark, descriptors/), read by the
// engine and the pages instead of switching on the benchmark's name. A descriptor names things and their order;
// it does no arithmetic (the engine divides, rounds and judges).
import type { NumberFormat } from './format.ts';
import type { Direction } from './verdict.ts';
import type { Report } from '../schemas/index.ts';

/** A metric the engine compares: its unit, which way is better, and how its numbers print. */
export interface MetricDescriptor extends NumberFormat {
  name: string;
  unit: string;
  direction: Direction;
}

/**
 * A group of tests as the posts split them (sysbench's point queries, range queries, ... writes). `kind` keeps
 * reads and writes apart: a summary never pools groups, and a group never mixes reads and writes.
 */
export interface GroupDescriptor {
  id: string;
  title: string;
  kind: 'read' | 'write' | 'mixed';
}

/**
 * A table of costs per operation beside the headline table (sysbench's efficiency: CPU per query ...): the
 * metric of each test by the test's headline metric (scan's costs are per thousand rows).
 */
export interface CostTable {
  id: string;
  title: string;
  unit: string;
  /** Headline metric -> the cost metric of tests compared by it. */
  metricByHeadline: Record<string, string>;
}

/** What a section drawn by a view shows: the parts a report's prose may place (src/site/report-placement.ts). */
interface ViewParts {
  groups: string[];
  tables: string[];
  charts: boolean;
  summaries: boolean;
}

/** A benchmark's own report view, as the CLI's `validate` and the site see it (no Astro). */
interface OwnReportView {
  /** The parts of a section of a report; `groups` are the section's groups as the relative model names them. */
  parts(report: Report, section: { number: number; groups: string[] }): ViewParts;
}

export interface BenchmarkDescriptor {
  name: string;
  /** What tables and summaries call a relative value (`rQPS`, `relative NOPM`). */
  relativeName: string;
  /**
   * The metric of a test's headline number, given the metrics a run has for it (sysbench: Krows/s for scan, QPS
   * otherwise). From the benchmark's vocabulary (src/benchmarks/).
   */
  headline(test: string, has: (metric: string) => boolean): string | undefined;
  /** Every metric the engine compares for this benchmark. */
  metrics: Record<string, MetricDescriptor>;
  /** The groups in the posts' order; none: one group `all` of every test. */
  groups: GroupDescriptor[];
  /** The group of a test; undefined for a test no table shows (sysbench's table load). */
  groupOf(test: string): string | undefined;
  /** Tests the posts leave out unless a report asks for them (sysbench's warm-ups). */
  isWarmup(test: string): boolean;
  /** Tests in the posts' order (the Insert Benchmark's steps in run order; else as given). */
  order(tests: string[]): string[];
  /** One table per group (sysbench), or every test in one table with a summary per group. */
  tablePerGroup: boolean;
  /**
   * Its own report view (its folder's report/, found by the site by the folder's name): what it draws. Without one
   * its reports show the relative tables only (the generic relative view).
   */
  ownView?: OwnReportView;
  /** Relative tables put each run in a row and the tests in columns (the Insert Benchmark's posts). */
  runsAsRows: boolean;
  /** Tables of costs compared beside the headline (lower is better there). */
  costTables: CostTable[];
  /** The benchmark's own tables that are not comparisons (drawn by its report view). */
  extraTables: string[];
}

/** The group every test is in when a benchmark has no groups. */
const ALL_GROUP: GroupDescriptor = { id: 'all', title: 'All tests', kind: 'mixed' };

/** A metric's descriptor; one the benchmark does not list prints in the general format and higher is better. */
export function metricOf(d: BenchmarkDescriptor, name: string): MetricDescriptor {
  return d.metrics[name] ?? { name, unit: '', direction: 'higher', relativeDigits: defaultDigits(d) };
}

/** The decimals of the benchmark's headline relative values (its first metric's). */
function defaultDigits(d: BenchmarkDescriptor): number {
  return Object.values(d.metrics)[0]?.relativeDigits ?? 2;
}

/** The groups of a benchmark, `all` when it has none. */
export function groupsOf(d: BenchmarkDescriptor): GroupDescriptor[] {
  return d.groups.length ? d.groups : [ALL_GROUP];
}

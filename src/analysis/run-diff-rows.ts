// What `benchsite diff` compares a run with, and the rows of that comparison: the latest comparable run with
// numbers of its own (a post's relative table has none: it is read against the base its post names), and each
// test's headline number against the base's, as the engine's cell. Pure.
import type { Run } from '../schemas/index.ts';
import { compareCell, metricOf, runData, type Verdict } from '../engine/index.ts';
import { descriptorOf } from '../../benchmarks/index.ts';
import { compareVersions } from './versions.ts';
import { comparability } from './comparability.ts';

export interface RunRef {
  id: string;
  run: Run;
}

/** The run has numbers of its own (not only the values relative to another run that a post printed). */
export const hasNumbers = (run: Run) => run.results.length > 0;

/**
 * The run that the new run should be read against.
 *
 * A run with numbers: the latest in `candidates` of the same benchmark, host, product and config (the same run
 * earlier), else of the same benchmark, host and product (another config or version); in both cases only runs
 * with numbers of their own that pass every gate of comparability.ts (workload size, concurrency, duration
 * class, Lua scripts ...). When none does, `why` says so and names what the latest such run differs in.
 *
 * A run without numbers (published relative): the base its post's table names, found in `candidates` or in
 * `alongside` (the runs the same change adds: a post's runs come together).
 */
export function latestComparable(
  run: RunRef,
  candidates: RunRef[],
  alongside: RunRef[] = [],
): { base?: RunRef; why: string } {
  if (!hasNumbers(run.run)) return postBase(run, [...candidates, ...alongside]);
  const sameProduct = (c: RunRef) =>
    c.id !== run.id &&
    c.run.benchmark === run.run.benchmark &&
    c.run.host.name === run.run.host.name &&
    c.run.dbms.product === run.run.dbms.product;
  const same = (c: RunRef) => sameProduct(c) && hasNumbers(c.run) && comparability(run.run, c.run).gates.length === 0;
  const latest = (list: RunRef[]) =>
    list.sort(
      (a, b) => b.run.date.localeCompare(a.run.date) || compareVersions(b.run.dbms.version, a.run.dbms.version),
    )[0];
  const sameConfig = latest(candidates.filter((c) => same(c) && c.run.config.name === run.run.config.name));
  if (sameConfig) return { base: sameConfig, why: 'latest run of the same product and config on this host' };
  const sameProductRun = latest(candidates.filter(same));
  if (sameProductRun)
    return { base: sameProductRun, why: 'latest run of the same product on this host (another config)' };
  const incomparable = latest(candidates.filter((c) => sameProduct(c) && hasNumbers(c.run)));
  if (incomparable)
    return {
      why: `no comparable earlier run of this benchmark, host and product: the latest, ${incomparable.id}, has ${comparability(run.run, incomparable.run).blocking.join('; ')}`,
    };
  if (candidates.some(sameProduct))
    return {
      why: 'no earlier run of this benchmark, host and product with numbers of its own (the earlier ones hold only values a post printed relative to another run)',
    };
  return { why: 'no earlier run of this benchmark, host and product' };
}

/** A published relative run against the base of its post's table (the first such base there is). */
function postBase(run: RunRef, candidates: RunRef[]): { base?: RunRef; why: string } {
  const tables = run.run.relative ?? [];
  for (const t of tables) {
    const base = candidates.find((c) => c.id === t.baseRun);
    if (base) return { base, why: `the base of the post's relative table: values as the post printed them` };
  }
  return {
    why: tables.length
      ? `no numbers of its own: a post printed its values relative to ${tables.map((t) => t.baseRun).join(', ')}, which is not here`
      : 'no numbers of its own (every test failed)',
  };
}

export interface Thresholds {
  regression: number;
  improvement: number;
}

/** One test of a run: its headline number, and against the base's when there is one (the engine's cell). */
export interface DiffRow {
  test: string;
  metric?: string;
  value?: number;
  /** The value as the tables print it. */
  valueText: string;
  baseValue?: number;
  baseText: string;
  relative?: number;
  /** The relative value as printed; the verdict is decided on it. */
  text: string;
  /** The relative value is as a post printed it against this base (the run has no number of its own). */
  published?: boolean;
  /** Where both runs carry the figure's noise interval: whether the ratio's 95 % interval includes 1. */
  noise?: 'within' | 'beyond';
  verdict: Verdict;
  failed: boolean;
}

/** The metric of a published relative value: not a measured metric, printed at the benchmark's digits. */
const PUBLISHED_METRIC = 'relative (published)';

/**
 * The headline number of each test (the one the posts compare by), against the base run's when given; a run
 * without numbers shows what its post printed against that base (`base.id` must be the base's run id).
 */
export function diffRows(run: Run, base: RunRef | undefined, thresholds: Thresholds): DiffRow[] {
  const d = descriptorOf(run.benchmark);
  const mine = runData('new', run);
  const theirs = base && runData(base.id, base.run);
  const rows: DiffRow[] = [];
  for (const t of run.tests) {
    if (t.status === 'failed') {
      rows.push({ test: t.name, valueText: '', baseText: '', text: '', verdict: 'neutral', failed: true });
      continue;
    }
    // Against a base: the metric both have; alone: the run's own.
    const metric =
      (theirs &&
        d.headline(t.name, (m) => mine.value(t.name, m) !== undefined && theirs.value(t.name, m) !== undefined)) ||
      d.headline(t.name, (m) => mine.value(t.name, m) !== undefined);
    if (!metric) {
      const printed = theirs && mine.published(theirs.id, t.name);
      if (printed === undefined) continue;
      const cell = compareCell(mine, t.name, theirs, { metric: metricOf(d, PUBLISHED_METRIC), thresholds });
      rows.push({
        test: t.name,
        metric: PUBLISHED_METRIC,
        valueText: '',
        baseText: '',
        relative: cell.relative,
        text: cell.text,
        published: true,
        verdict: cell.verdict,
        failed: false,
      });
      continue;
    }
    const m = metricOf(d, metric);
    const cell = compareCell(mine, t.name, theirs, { metric: m, thresholds });
    // Beyond the thresholds, and beyond the noise where both runs measured it (docs/noise.md).
    const noise = cell.interval ? (cell.withinNoise ? 'within' : 'beyond') : undefined;
    rows.push({
      test: t.name,
      metric,
      value: cell.value,
      valueText: cell.valueText,
      baseValue: cell.baseValue,
      baseText: theirs ? compareCell(theirs, t.name, undefined, { metric: m, thresholds }).valueText : '',
      relative: cell.relative,
      text: cell.text,
      noise,
      verdict: noise === 'within' ? 'neutral' : cell.verdict,
      failed: false,
    });
  }
  return rows;
}

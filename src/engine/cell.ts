// One cell of a comparison: a run's value of a metric for a test against a base run's, relative, printed,
// judged and with its 95 % interval. Every table, CSV, sentence, compare view and diff comment is made of these.
import { estimateOf, ratioInterval, withinNoise, type Interval } from './noise.ts';
import type { MetricDescriptor } from './descriptor.ts';
import { formatRelative, formatValue } from './format.ts';
import type { RunData } from './run-data.ts';
import { verdictOf, type Thresholds, type Verdict } from './verdict.ts';

export interface Cell {
  /** The run's value as compared (for a metric whose harness divides printed values, the printed value). */
  value?: number;
  /** The value as the tables print it. */
  valueText: string;
  /** The base run's value, as compared. */
  baseValue?: number;
  /** value / baseValue, or the value a post printed (published relative). */
  relative?: number;
  /** The relative value as printed (`1.07`, or sum_met.awk's `NA`, `1`, `inf`); '' when there is none. */
  text: string;
  /** Decided on `text` (verdict.ts). */
  verdict: Verdict;
  /** 95 % interval of `relative` (Fieller's, noise.ts), when both runs export one for the metric. */
  interval?: Interval;
  /** The interval includes 1: no difference beyond the runs' own noise. */
  withinNoise?: boolean;
  /** The relative value is as a post printed it (the run has no absolute value). */
  published?: boolean;
  /** The test failed in this run: its error. */
  failed?: string;
}

export interface CellOptions {
  metric: MetricDescriptor;
  thresholds: Thresholds;
  /** Decimals of the relative value when a report asks for others than the metric's. */
  digits?: number;
  /** The base's own cell: relative 1 (if it has a value), never an interval or a verdict. */
  isBase?: boolean;
  /** Only `relative` (and the texts) is wanted: no verdict, no interval, whose t quantiles are most of a cell's cost. */
  relativeOnly?: boolean;
}

/** The cell of `test` of `run` against `base` (its test `baseTest`, by default the same name). */
export function compareCell(
  run: RunData,
  test: string,
  base: RunData | undefined,
  opts: CellOptions,
  baseTest = test,
): Cell {
  const m = opts.metric;
  const digits = opts.digits ?? m.relativeDigits;
  const raw = run.value(test, m.name);
  const asCompared = (x: number | undefined) =>
    x === undefined ? undefined : m.relativeOfPrinted ? Number(formatValue(x, m)) : x;
  const value = asCompared(raw);
  const failed = run.failure(test);
  const cell: Cell = { value, valueText: formatValue(raw, m), text: '', verdict: 'neutral', ...(failed && { failed }) };
  if (!base) return cell;
  const baseValue = asCompared(base.value(baseTest, m.name));
  if (baseValue !== undefined) cell.baseValue = baseValue;
  if (value !== undefined && baseValue !== undefined) {
    if (baseValue !== 0) {
      cell.relative = value / baseValue;
      cell.text = formatRelative(cell.relative, digits);
    } else if (m.awkTexts) {
      if (value === 0) cell.relative = 1;
      cell.text = value === 0 ? '1' : 'inf';
    }
  } else {
    const printed = run.published(base.id, baseTest);
    if (printed !== undefined) {
      cell.relative = printed;
      cell.text = formatRelative(printed, digits);
      cell.published = true;
    } else if (m.awkTexts && (value !== undefined || (baseValue !== undefined && run.hasTest(test) && !failed)))
      cell.text = 'NA';
  }
  if (opts.isBase || opts.relativeOnly) return cell;
  cell.verdict = verdictOf(cell.text, m.direction, opts.thresholds);
  if (cell.relative !== undefined && !cell.published && value !== undefined && baseValue !== undefined) {
    const a = estimateOf(value, (x) => run.value(test, x), m.name);
    const b = estimateOf(baseValue, (x) => base.value(baseTest, x), m.name);
    const q = a && b ? ratioInterval(a, b) : undefined;
    if (q) {
      cell.interval = { low: q.low, high: q.high };
      cell.withinNoise = withinNoise(q);
    }
  }
  return cell;
}

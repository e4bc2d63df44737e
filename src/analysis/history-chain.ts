// Relative values through posts' tables. A published relative run holds, per test, the value a post printed
// against its base run (run / base). Two runs that no table relates directly are related through the runs
// between them: 19beta1 against 18.4 is (19beta1 vs 17.10) ÷ (18.4 vs 17.10); 8.0.28 against 5.6.51 is
// (8.0.28 vs 5.7.44) × (5.7.44 vs 5.6.51). Each printed value is rounded, so a chained value is known only
// within the range its rounded factors allow: the range is given with it. Pure.

/** One printed value: `run` relative to `base` (run / base), as the post printed it. */
export interface PrintedRelative {
  run: string;
  base: string;
  value: number;
}

/** A step of a chain: a printed value, used as printed (run / base) or inverted (base / run). */
interface ChainStep extends PrintedRelative {
  inverted: boolean;
}

export interface Chain {
  /** The product of the steps: `from` relative to `to`. */
  value: number;
  steps: ChainStep[];
  /** The range of the product when each printed value may be off by half its last digit; undefined when a
   * printed value is too close to 0 for a range. */
  low?: number;
  high?: number;
}

/**
 * The printed values per test of `runs` (each run's tables against its bases), keeping only tables whose base
 * is one of `runs`.
 */
export function printedByTest(
  runs: Array<{ id: string; relative?: Array<{ baseRun: string; values: Array<[string, number]> }> }>,
): Map<string, PrintedRelative[]> {
  const ids = new Set(runs.map((r) => r.id));
  const byTest = new Map<string, PrintedRelative[]>();
  for (const r of runs)
    for (const t of r.relative ?? []) {
      if (!ids.has(t.baseRun) || t.baseRun === r.id) continue;
      for (const [test, value] of t.values) {
        const list = byTest.get(test) ?? [];
        list.push({ run: r.id, base: t.baseRun, value });
        byTest.set(test, list);
      }
    }
  return byTest;
}

/**
 * `from` relative to `to` through the fewest printed values (a direct table first), or undefined when no chain
 * of tables joins them. `halfStep` is half the last printed digit (0.005 for two decimals).
 */
export function chainedRelative(
  printed: readonly PrintedRelative[],
  from: string,
  to: string,
  halfStep: number,
): Chain | undefined {
  if (from === to) return { value: 1, steps: [], low: 1, high: 1 };
  // Breadth-first from `from`: the shortest chain, and among chains of one length the first in table order.
  const via = new Map<string, { prev: string; step: ChainStep }>();
  const seen = new Set([from]);
  let frontier = [from];
  while (frontier.length && !seen.has(to)) {
    const next: string[] = [];
    for (const node of frontier)
      for (const p of printed) {
        const other = p.run === node ? p.base : p.base === node ? p.run : undefined;
        if (other === undefined || seen.has(other) || p.value <= 0) continue;
        seen.add(other);
        // node / other: the printed value when node is the table's run, its inverse when node is its base.
        via.set(other, { prev: node, step: { ...p, inverted: p.run !== node } });
        next.push(other);
      }
    frontier = next;
  }
  if (!seen.has(to)) return undefined;
  const steps: ChainStep[] = [];
  for (let node = to; node !== from; node = via.get(node)!.prev) steps.unshift(via.get(node)!.step);
  let value = 1;
  let low = 1;
  let high = 1;
  for (const s of steps) {
    const lo = s.value - halfStep;
    const hi = s.value + halfStep;
    value *= s.inverted ? 1 / s.value : s.value;
    low *= s.inverted ? 1 / hi : lo;
    high *= s.inverted ? 1 / lo : hi;
  }
  const bounded = steps.every((s) => s.value - halfStep > 0);
  return { value, steps, ...(bounded && { low, high }) };
}

/** How wide a chained value's range may be (relative to the value) for the value itself to be printed. */
const PRECISE_WITHIN = 0.05;

/**
 * Whether a chained value is known well enough to print (its range within ±2.5 % of it): a chain through a
 * value printed as 0.01 (the post's 100 times slower) is known only as a range, from 70 to 213 for 1.06 ÷ 0.01.
 */
export const isPrecise = (c: Chain) =>
  c.low !== undefined && c.high !== undefined && (c.high - c.low) / c.value <= PRECISE_WITHIN;

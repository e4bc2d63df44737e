// Several groups' compare data as one: the compare view loads one file per host it shows
// (/data/compare/<benchmark>/<host>.json) and compares runs across them. Apart from compare-index.ts, which
// reads the benchmarks' descriptors: the browser loads this, and never a benchmark's code.
import type { CompareIndex } from './compare-index.ts';

/**
 * Several groups' indexes of one benchmark as one (the compare view loads the hosts it shows, each its own file):
 * the tests in order of first appearance, each run's arrays placed by test. A test's metric is its first
 * measured one, as compareIndex takes it; a run measured in another metric for that test has no value there.
 */
export function mergeCompareIndexes(parts: CompareIndex[]): CompareIndex {
  if (parts.length === 1) return parts[0]!;
  const tests: string[] = [];
  const metrics: string[] = [];
  const group: Array<string | null> = [];
  const warmup: boolean[] = [];
  const position = new Map<string, number>();
  for (const p of parts)
    p.tests.forEach((test, i) => {
      const at = position.get(test);
      if (at === undefined) {
        position.set(test, tests.length);
        tests.push(test);
        metrics.push(p.metrics[i]!);
        group.push(p.descriptor.group[i] ?? null);
        warmup.push(p.descriptor.warmup[i] ?? false);
      } else if (metrics[at] === 'relative' && p.metrics[i] !== 'relative') metrics[at] = p.metrics[i]!;
    });
  const runs = parts.flatMap((p) => {
    const to = p.tests.map((t) => position.get(t)!);
    const place = <T>(xs: Array<T | null>, keep: (i: number) => boolean = () => true) => {
      const out: Array<T | null> = tests.map(() => null);
      xs.forEach((x, i) => {
        if (keep(i)) out[to[i]!] = x;
      });
      return out;
    };
    const sameMetric = (i: number) => p.metrics[i] === metrics[to[i]!];
    return p.runs.map((r) => ({
      ...r,
      values: place(r.values, sameMetric),
      noise: place(r.noise, sameMetric),
      ...(r.relative && { relative: r.relative.map((t) => ({ ...t, values: place(t.values) })) }),
    }));
  });
  const first = parts[0]!;
  return { benchmark: first.benchmark, descriptor: { ...first.descriptor, group, warmup }, tests, metrics, runs };
}

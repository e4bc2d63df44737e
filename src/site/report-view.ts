// Which view draws a report's sections with absolute numbers: the benchmark's own, looked up by its name. A
// report of a benchmark that has none is an error naming the report and the benchmarks that have one, never a
// page drawn by another benchmark's view.
import { BENCHMARK_NAMES } from '../../benchmarks/index.ts';

export function reportView<V>(views: Record<string, V>, benchmark: string, file: string): V {
  if (Object.hasOwn(views, benchmark)) return views[benchmark]!;
  const known = BENCHMARK_NAMES.filter((b) => Object.hasOwn(views, b));
  throw new Error(
    `${file}: benchmark "${benchmark}" has no report view; the benchmarks reports can show are ${known.join(', ')}. Set \`benchmark:\` to one of them.`,
  );
}

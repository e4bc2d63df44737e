/// <reference types="astro/client" />
// Each benchmark's own report view (benchmarks/<name>/report/: View.astro and index.ts), found by its folder's name
// as the CLI finds a folder's collect.ts (collectors/benchmarks.ts): adding a benchmark adds no line here. A
// benchmark whose reports are the relative tables only (its descriptor has no `ownView`) has no report/ folder.
import { benchmarkOf, findDescriptor } from '../benchmarks/index.ts';
import type { BenchmarkReportView, ReportViewProps } from './site/report-view.ts';

type View = (props: ReportViewProps) => unknown;

const views = import.meta.glob<View>('../benchmarks/*/report/View.astro', { eager: true, import: 'default' });
const modules = import.meta.glob<BenchmarkReportView>('../benchmarks/*/report/index.ts', {
  eager: true,
  import: 'view',
});

/** A glob's files by benchmark name, each checked: a registered benchmark whose descriptor has an ownView. */
function byBenchmark<T>(files: Record<string, T>): Map<string, T> {
  return new Map(
    Object.entries(files).map(([path, value]) => {
      const b = benchmarkOf(/^\.\.\/benchmarks\/([^/]+)\//.exec(path)![1]!, path.slice(3));
      if (!b.descriptor.ownView) throw new Error(`${path.slice(3)}: ${b.name}'s descriptor has no ownView`);
      return [b.name, value];
    }),
  );
}

const VIEWS = byBenchmark(views);

/** The views, by benchmark name: what each gives besides its View. */
export const REPORT_VIEWS: ReadonlyMap<string, BenchmarkReportView & { View: View }> = new Map(
  [...byBenchmark(modules)].map(([name, m]) => {
    const View = VIEWS.get(name);
    if (!View) throw new Error(`benchmarks/${name}/report/: index.ts without View.astro`);
    return [name, { ...m, View }];
  }),
);

/** The view of a report's benchmark; `file` (the report) is named when its descriptor has one but no folder does. */
export function reportViewOf(benchmark: string, file: string): BenchmarkReportView & { View: View } {
  const view = REPORT_VIEWS.get(benchmark);
  if (view) return view;
  throw new Error(
    `${file}: ${findDescriptor(benchmark) ? `benchmark "${benchmark}" has no report view (benchmarks/${benchmark}/report/)` : `unknown benchmark "${benchmark}"`}`,
  );
}

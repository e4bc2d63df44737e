// The CLI's side of each registered benchmark (benchmarks/registry.ts): its folder's collect.ts, found by the
// folder's name, so adding a benchmark adds no line here. Harvest, import and run go through this list.
import { BENCHMARK_NAMES } from '../benchmarks/index.ts';
import type { BenchmarkFolder } from './lib/benchmark-folder.ts';

/** Every benchmark's folder, in the registry's order (the order harvest tries them on a raw tree). */
export const BENCHMARK_FOLDERS: readonly BenchmarkFolder[] = await Promise.all(
  BENCHMARK_NAMES.map(async (name) => {
    const { folder } = (await import(`../benchmarks/${name}/collect.ts`)) as { folder: BenchmarkFolder };
    if (folder?.name !== name) throw new Error(`benchmarks/${name}/collect.ts: its folder is named "${folder?.name}"`);
    return folder;
  }),
);

/** The folder of a benchmark (a registered name: the schemas have checked it). */
export function folderOf(name: string): BenchmarkFolder {
  const f = BENCHMARK_FOLDERS.find((b) => b.name === name);
  if (!f) throw new Error(`no benchmark folder named "${name}"; the known ones are ${BENCHMARK_NAMES.join(', ')}`);
  return f;
}

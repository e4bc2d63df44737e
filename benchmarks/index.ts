// The benchmarks of the registry, looked up by name (site-safe; names none). The schemas' unions, the engine's
// descriptors, the site's vocabularies and the CLI's folders (collectors/benchmarks.ts) all come from here: a
// name that is not registered is an error naming the known ones.
import * as registry from './registry.ts';
import type { BenchmarkDescriptor } from '../src/engine/descriptor.ts';
import type { z } from 'zod';
import type { BenchmarkDefinition, Section, Vocabulary } from './shapes.ts';

/** A registered benchmark's definition (its folder's benchmark.ts). */
export type Registered = (typeof registry)[keyof typeof registry];
export type RegisteredName = Registered['name'];

/** Every registered benchmark, by name. */
export const BENCHMARKS: readonly Registered[] = Object.values(registry).sort((a, b) => a.name.localeCompare(b.name));

/** Their names, for schemas and messages. */
export const BENCHMARK_NAMES = BENCHMARKS.map((b) => b.name) as [RegisteredName, ...RegisteredName[]];

/**
 * The comparability gates a report may acknowledge: each benchmark's (its vocabulary's `gates`), each once. Not
 * `benchmark`: runs of two benchmarks are never comparable (comparability.ts splitGates).
 */
export const GATE_NAMES = [...new Set(BENCHMARKS.flatMap((b) => Object.keys((b.vocabulary as Vocabulary).gates)))] as [
  string,
  ...string[],
];

/** A benchmark by name, or undefined. */
export function findBenchmark(name: string): Registered | undefined {
  return BENCHMARKS.find((b) => b.name === name);
}

/** What is wrong with a name that is no benchmark's (`unknown benchmark "x"; the known benchmarks are ...`). */
export function unknownBenchmark(name: unknown): string {
  const known = `the known benchmarks are ${BENCHMARK_NAMES.join(', ')}`;
  return typeof name === 'string'
    ? `unknown benchmark ${JSON.stringify(name)}; ${known}`
    : `no benchmark named; ${known}`;
}

/** A benchmark by name; `where` (a file, an option) is named in the error when no benchmark has the name. */
export function benchmarkOf(name: string, where?: string): Registered {
  const b = findBenchmark(name);
  if (b) return b;
  throw new Error(`${where ? `${where}: ` : ''}${unknownBenchmark(name)}`);
}

/** The options only this benchmark's reports have (under its definition's reportOptions key), if it has any. */
export function reportOptionsOf(report: { benchmark: string }): Record<string, unknown> | undefined {
  const key = findBenchmark(report.benchmark) && definitionOf(report.benchmark).reportOptions?.key;
  return key ? ((report as Record<string, unknown>)[key] as Record<string, unknown> | undefined) : undefined;
}

/** The engine's descriptor of a benchmark, or undefined when no benchmark has that name. */
export function findDescriptor(name: string): BenchmarkDescriptor | undefined {
  return findBenchmark(name)?.descriptor;
}

/** The engine's descriptor of a benchmark; `where` (a file) is named in the error when there is none. */
export function descriptorOf(name: string, where?: string): BenchmarkDescriptor {
  return benchmarkOf(name, where).descriptor;
}

/** A registered benchmark seen through the shared definition (its optional parts readable whatever it is). */
export function definitionOf(name: string, where?: string): BenchmarkDefinition {
  return benchmarkOf(name, where) as BenchmarkDefinition;
}

/** The vocabulary of a benchmark (of a workload's `kind`): the registry pairs each kind with its workload's. */
export function vocabularyOf<W extends { kind: string }>(workload: W): Vocabulary<W> {
  return benchmarkOf(workload.kind).vocabulary as Vocabulary<W>;
}

/** Metric name of a test's headline number, given the metrics the run has for that test. */
export function primaryMetric(benchmark: string, test: string, has: (metric: string) => boolean): string | undefined {
  return benchmarkOf(benchmark).vocabulary.primaryMetric(test, has);
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type SectionOf<B, F extends string> =
  B extends Record<F, infer Sec>
    ? Sec extends { key: infer K extends string; schema: infer S extends z.ZodType }
      ? { [P in K]?: z.infer<S> }
      : Record<never, never>
    : Record<never, never>;

/** The sections of a `--meta` file (`meta`) or of a report's frontmatter (`reportOptions`) each benchmark adds. */
export type Sections<F extends 'meta' | 'reportOptions'> = UnionToIntersection<SectionOf<Registered, F>>;

/** The zod shape of those sections, each optional, to spread into the shared schema's object. */
export function sectionShape(field: 'meta' | 'reportOptions'): Record<string, z.ZodOptional<z.ZodType>> {
  const out: Record<string, z.ZodOptional<z.ZodType>> = {};
  for (const b of BENCHMARKS) {
    const s: Section | undefined = (b as BenchmarkDefinition)[field];
    if (s) out[s.key] = s.schema.optional();
  }
  return out;
}

// What each benchmark folder (collectors/<benchmark>/index.ts) gives the commands, once: how to harvest its raw
// files, how `benchsite run` runs it, and how `benchsite import` reads its harness's archived summary tables.
// collectors/benchmarks.ts lists the folders; adding a benchmark is its folder and one line there.
import type { BenchmarkName, Meta, RunSpec, Test, Workload } from '../../src/schemas/index.ts';
import type { ArchiveImport } from './archive-run.ts';
import type { ExecuteOptions } from './execute-steps.ts';
import type { HarvestedRun, HarvestResult } from './harvested.ts';
import type { DecodedLabel } from './labels.ts';
import type { RawEntry, RawTree } from './raw-tree.ts';
import type { StepContext } from './run-steps.ts';
import type { DbmsPlan, Plan } from './steps.ts';

export interface HarvestOptions {
  meta?: Meta;
  /** Name of the meta file, recorded as a source. */
  metaName?: string;
}

/** Files of a tree that make one run on their own: a run directory, with paths relative to it. */
export interface HarvestUnit {
  label: string;
  /** The directory (or input) the files came from, for messages and provenance. */
  input: string;
  entries: RawEntry[];
}

export type SpecKind = RunSpec['benchmark']['kind'];
export type SpecOf<K extends SpecKind> = Extract<RunSpec['benchmark'], { kind: K }>;

export interface BenchmarkFolder<K extends SpecKind & BenchmarkName = SpecKind & BenchmarkName> {
  name: K;
  /** Every run of this benchmark in a raw tree; the files it did not use are listed as skipped, with why. */
  harvest(tree: RawTree, opts?: HarvestOptions): HarvestResult;
  /**
   * Optional: the runs of a tree that are each harvested from their own files alone, so that harvest can work
   * on them on several threads. The promise: `harvest(tree)` is the runs of `harvest(unit)` for each unit in
   * order, then the runs and skipped files of `harvest(rest)`; and `split(rest)` finds no unit.
   */
  units?: {
    split(tree: RawTree): { units: HarvestUnit[]; rest: RawTree };
    harvest(unit: HarvestUnit, opts?: HarvestOptions): HarvestedRun;
  };
  /** What `benchsite run` needs. */
  run: {
    /** Programs that must exist on the host before anything runs. */
    tools(spec: SpecOf<K>): string[];
    plan(spec: RunSpec & { benchmark: SpecOf<K> }): Plan;
    execute(plan: DbmsPlan, ctx: StepContext, opts: ExecuteOptions): Promise<void>;
    /** Secrets the benchmark's part of the spec names (by value), beyond the DBMS and SSH ones. */
    secrets?(spec: SpecOf<K>): string[];
  };
  /** The harness's archived summary tables `benchsite import` reads, when the benchmark has any. */
  archive?: {
    /** Whether a file (by its name) is one of them. */
    recognises(path: string): boolean;
    /** The runs of the recognised files of one input (`input` names it in messages). */
    import(input: string, entries: RawEntry[], opts: HarvestOptions): ArchiveImport;
  };
  /** What `benchsite import` of a post's relative tables needs (collectors/published/import-relative.ts). */
  published: {
    /** A column label of a post decoded into DBMS and config, as this benchmark's harness writes its labels. */
    decodeLabel(label: string): DecodedLabel;
    /** The workload of such a run: what --meta says, and what the test names say; throws when a fact is missing. */
    workload(tests: Test[], meta: Meta, metaName?: string): Workload;
    /** A test's params, as its name gives them. */
    params(test: string): Test['params'];
  };
}

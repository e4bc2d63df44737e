// What each benchmark's folder (benchmarks/<name>/collect.ts) gives the commands, once: how to harvest its raw
// files, how `benchsite run` runs it, how `benchsite import` reads its harness's archived summary tables and a
// post's tables, and its lines of the commands' --help. collectors/benchmarks.ts finds the folders by the
// registry's names.
import type { BenchmarkName, Meta, RunSpec, Test, Workload } from '../../src/schemas/index.ts';
import type { PublishedCsv } from '../published/csv.ts';
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

type SpecKind = RunSpec['benchmark']['kind'];
type SpecOf<K extends SpecKind> = Extract<RunSpec['benchmark'], { kind: K }>;

export interface BenchmarkFolder<K extends SpecKind & BenchmarkName = SpecKind & BenchmarkName> {
  name: K;
  /** Its lines of the commands' --help (one paragraph each, wrapped when printed). */
  help: {
    /** The raw files `benchsite harvest` reads. */
    harvest: string;
    /** Its part of a run spec (`benchmark:` with `kind: <name>`). */
    run: string;
  };
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
    /** Its line of `benchsite import --help`: the files, and what becomes a run. */
    help: string;
  };
  /** Why `benchsite import` does not read a file of this benchmark (its raw output, its harness's reports), if it is one. */
  notImported?(name: string): string | undefined;
  /** What `benchsite import` of a post's relative tables needs (collectors/published/import-relative.ts). */
  published: {
    /** A column label of a post decoded into DBMS and config, as this benchmark's harness writes its labels. */
    decodeLabel(label: string): DecodedLabel;
    /** The workload of such a run: what --meta says, and what the test names say; throws when a fact is missing. */
    workload(tests: Test[], meta: Meta, metaName?: string): Workload;
    /** A test's params, as its name gives them. */
    params(test: string): Test['params'];
    /** A few of its test names as a post's table names them (for the error of a test no benchmark has). */
    testExamples: string[];
    /** Tables of absolute values a post printed (CSV), when the benchmark has a format for them. */
    tables?: {
      /** What such a table is, by its columns (`a published HammerDB table (label, virtual_users, ...)`). */
      what: string;
      /** Its line of `benchsite import --help`. */
      help: string;
      /** Whether a CSV's header line is one. */
      recognises(header: string[]): boolean;
      /** The runs of all such tables of an import; throws one error listing every problem. */
      import(csvs: PublishedCsv[], meta: Meta, metaName?: string): HarvestedRun[];
    };
  };
}

/** Why `benchsite import` leaves out a benchmark's raw output (its folder's `notImported`). */
export const RAW_OUTPUT = 'raw tool output: `benchsite harvest` reads it';

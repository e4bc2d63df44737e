// What `benchsite run` needs from each benchmark folder: its plan, the tools it needs on the host, its
// execute and its harvest. Add a benchmark here.
import type { RunSpec } from '../src/schemas/index.ts';
import type { ExecuteOptions } from './lib/execute-steps.ts';
import type { HarvestResult } from './lib/harvested.ts';
import type { RawTree } from './lib/raw-tree.ts';
import type { StepContext } from './lib/run-steps.ts';
import type { DbmsPlan, Plan } from './lib/steps.ts';
import { executeSysbench } from './sysbench/execute.ts';
import { harvestSysbench } from './sysbench/harvest.ts';
import { planSysbench } from './sysbench/plan.ts';
import { executeInsertBenchmark } from './insert-benchmark/execute.ts';
import { harvestInsertBenchmark } from './insert-benchmark/harvest.ts';
import { planInsertBenchmark } from './insert-benchmark/plan.ts';
import { executeHammerdb } from './hammerdb/execute.ts';
import { harvestHammerdb } from './hammerdb/harvest.ts';
import { hammerdbcliPath, planHammerdb } from './hammerdb/plan.ts';

export interface BenchmarkRunner {
  /** Programs that must exist on the host before anything runs. */
  tools(spec: RunSpec): string[];
  plan(spec: RunSpec): Plan;
  execute(plan: DbmsPlan, ctx: StepContext, opts: ExecuteOptions): Promise<void>;
  /** Harvest one finished raw run directory (its benchsite-meta.json holds the spec's facts). */
  harvest(tree: RawTree): HarvestResult;
}

type Kind = RunSpec['benchmark']['kind'];
type SpecOf<K extends Kind> = Extract<RunSpec['benchmark'], { kind: K }>;

export const RUNNERS: { [K in Kind]: BenchmarkRunner } = {
  sysbench: {
    tools: (spec) => [(spec.benchmark as SpecOf<'sysbench'>).sysbench, 'vmstat', 'iostat'],
    plan: (spec) => planSysbench(spec.benchmark as SpecOf<'sysbench'>, spec.dbms),
    execute: executeSysbench,
    harvest: (tree) => harvestSysbench(tree),
  },
  'insert-benchmark': {
    tools: (spec) => [(spec.benchmark as SpecOf<'insert-benchmark'>).python, 'vmstat', 'iostat'],
    plan: (spec) => planInsertBenchmark(spec.benchmark as SpecOf<'insert-benchmark'>, spec.dbms),
    execute: executeInsertBenchmark,
    harvest: (tree) => harvestInsertBenchmark(tree),
  },
  'hammerdb-tprocc': {
    tools: (spec) => [hammerdbcliPath(spec.benchmark as SpecOf<'hammerdb-tprocc'>), 'vmstat', 'iostat'],
    plan: (spec) => planHammerdb(spec.benchmark as SpecOf<'hammerdb-tprocc'>, spec.dbms, spec.name),
    execute: executeHammerdb,
    harvest: (tree) => harvestHammerdb(tree),
  },
};

export function runnerOf(spec: RunSpec): BenchmarkRunner {
  return RUNNERS[spec.benchmark.kind];
}

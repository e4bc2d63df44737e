// The steps of one insert-benchmark DBMS entry -> a raw run directory in the layout harvest.ts reads.
import { executeSteps, type ExecuteOptions } from '../lib/execute-steps.ts';
import type { StepContext } from '../lib/run-steps.ts';
import type { DbmsPlan } from '../lib/steps.ts';

export function executeInsertBenchmark(plan: DbmsPlan, ctx: StepContext, opts: ExecuteOptions = {}): Promise<void> {
  return executeSteps(plan, ctx, opts);
}

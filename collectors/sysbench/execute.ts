// The steps of one sysbench DBMS entry -> a raw run directory in the mytools layout that harvest.ts reads
// (sb.o/sb.vm/sb.io per test, sb.prepare.o, dbms-version.txt, dbms-settings.txt, the journal). sysbench needs
// nothing beyond the shared step runner: its plan says which files each command writes.
import { executeSteps, type ExecuteOptions } from '../lib/execute-steps.ts';
import type { StepContext } from '../lib/run-steps.ts';
import type { DbmsPlan } from '../lib/steps.ts';

export function executeSysbench(plan: DbmsPlan, ctx: StepContext, opts: ExecuteOptions = {}): Promise<void> {
  return executeSteps(plan, ctx, opts);
}

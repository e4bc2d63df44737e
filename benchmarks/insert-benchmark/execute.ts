// The steps of one Insert Benchmark DBMS entry -> a raw run directory in the layout harvest.ts reads: one
// directory per step with np.sh's o.ib.dop<N>.<i>, o.vm.dop<N> and o.io.dop<N>. The shared step runner does
// the work; this adds the monitors' sampling interval, which np.sh fixes at 5 s and the files do not record.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { executeSteps, type ExecuteOptions } from '../../collectors/lib/execute-steps.ts';
import type { StepContext } from '../../collectors/lib/run-steps.ts';
import type { DbmsPlan, RunStep } from '../../collectors/lib/steps.ts';
import { MONITORS_FILE, monitorsFileText } from './monitors-file.ts';

export async function executeInsertBenchmark(
  plan: DbmsPlan,
  ctx: StepContext,
  opts: ExecuteOptions = {},
): Promise<void> {
  const interval = plan.steps.find((s): s is RunStep => s.kind === 'run' && s.monitors !== undefined)?.monitors
    ?.intervalSeconds;
  await mkdir(ctx.dir, { recursive: true });
  if (interval) await writeFile(join(ctx.dir, MONITORS_FILE), monitorsFileText(interval));
  return executeSteps(plan, ctx, opts);
}

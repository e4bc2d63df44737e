// The steps of one sysbench DBMS entry -> a raw run directory in the mytools layout that harvest.ts reads
// (sb.o/sb.vm/sb.io per test, sb.prepare.o, dbms-version.txt, dbms-settings.txt, the journal). sysbench needs
// nothing beyond the shared step runner: its plan says which files each command writes.
import { executeSteps, type ExecuteOptions } from '../../collectors/lib/execute-steps.ts';
import { RunStopped, type StepContext } from '../../collectors/lib/run-steps.ts';
import type { DbmsPlan } from '../../collectors/lib/steps.ts';

export async function executeSysbench(plan: DbmsPlan, ctx: StepContext, opts: ExecuteOptions = {}): Promise<void> {
  await checkScripts(plan, ctx);
  return executeSteps(plan, ctx, opts);
}

/** The Lua scripts the plan runs by path (a `luaDir`'s), which the host must have. */
export function scriptPaths(plan: DbmsPlan): string[] {
  const paths = new Set<string>();
  for (const s of plan.steps)
    if (s.kind === 'run') for (const c of s.commands) for (const a of c.argv) if (/^\/.*\.lua$/.test(a)) paths.add(a);
  return [...paths];
}

/**
 * A script missing from the host would fail its test after hours of the others: every one is looked for
 * before the first step, and the run does not start without them.
 */
async function checkScripts(plan: DbmsPlan, ctx: StepContext): Promise<void> {
  const paths = scriptPaths(plan);
  if (!paths.length) return;
  const r = await ctx.transport.exec(['sh', '-c', 'for f; do [ -r "$f" ] || echo "$f"; done', 'sh', ...paths]);
  const missing = r.stdout.split('\n').filter(Boolean);
  if (r.code !== 0 || missing.length)
    throw new RunStopped(
      `${ctx.dbms}: ${missing.length ? `no readable ${missing.join(', ')}` : `cannot look for the Lua scripts (${r.stderr.trim() || `exit ${r.code}`})`} on ${ctx.transport.where}. --lua-dir (luaDir) must name the directory holding the mytools scripts on that host (mytools/bench/sysbench.lua/lua)`,
      false,
    );
}

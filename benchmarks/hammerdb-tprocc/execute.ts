// The steps of one hammerdb-tprocc DBMS entry -> a raw run directory in the mytools layout that harvest.ts
// reads. The shared executor runs the steps; after each build or timed run this copies what HammerDB left in the
// step's TMP directory on the host (the jobs database, its VU, transaction counter and time profile logs) into
// the result directory, as the harness moves hammer.DB there. HammerDB's settings caches (*.db) stay on the host.
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { executeSteps, type ExecuteOptions } from '../../collectors/lib/execute-steps.ts';
import { finishedSteps, readJournal, JOURNAL } from '../../collectors/lib/journal.ts';
import { RunStopped, type StepContext } from '../../collectors/lib/run-steps.ts';
import type { DbmsPlan } from '../../collectors/lib/steps.ts';
import { blankJobsDbCredentials } from './blank-credentials.ts';
import type { Collect, HammerdbPlan } from './plan.ts';

const JOBS_DB = 'hammer.DB';
/** What HammerDB writes into TMP that belongs with the run: its jobs database and its logs. */
const KEPT = /^(hammer\.DB|.+\.log)$/;

async function listHostDir(ctx: StepContext, dir: string): Promise<string[]> {
  const r = await ctx.transport.exec(['ls', '-1A', '--', dir]);
  if (r.disconnected)
    throw new RunStopped(
      `lost the connection (${ctx.transport.where}) while copying HammerDB's files of ${ctx.dbms}`,
      true,
    );
  return r.code === 0 ? r.stdout.split('\n').filter((n) => KEPT.test(n)) : [];
}

/** Copy a step's HammerDB files into the raw directory (passwords blanked in the jobs database). */
async function collectStep(ctx: StepContext, c: Collect, keepJobsDb: boolean): Promise<string[]> {
  const copied: string[] = [];
  for (const name of await listHostDir(ctx, c.hostDir)) {
    if (name === JOBS_DB && !keepJobsDb) continue;
    let data: Uint8Array;
    try {
      data = await ctx.transport.readFile(`${c.hostDir}/${name}`);
    } catch (e) {
      ctx.progress.log(ctx.host, `${ctx.dbms}: ${(e as Error).message}; it stays on the host in ${c.hostDir}`);
      continue;
    }
    const local = name === JOBS_DB ? c.jobsDb : `${c.prefix}${name}`;
    if (name === JOBS_DB) {
      try {
        data = blankJobsDbCredentials(data, `${c.hostDir}/${name}`);
      } catch (e) {
        ctx.progress.log(
          ctx.host,
          `${ctx.dbms}: ${(e as Error).message}; not copied (it stays on the host in ${c.hostDir})`,
        );
        continue;
      }
    }
    await mkdir(dirname(join(ctx.dir, local)), { recursive: true });
    await writeFile(join(ctx.dir, local), data);
    copied.push(local);
  }
  return copied;
}

/** Whether a step's files were copied already (a run interrupted after the step and before the copy has none). */
function collected(ctx: StepContext, c: Collect): boolean {
  const dir = join(ctx.dir, dirname(c.prefix));
  const start = c.prefix.slice(c.prefix.lastIndexOf('/') + 1);
  if (existsSync(join(ctx.dir, c.jobsDb))) return true;
  return existsSync(dir) && readdirSync(dir).some((n) => n.startsWith(start) && n.endsWith('.log'));
}

export async function executeHammerdb(plan: DbmsPlan, ctx: StepContext, opts: ExecuteOptions = {}): Promise<void> {
  const { collect = [], keepJobsDatabase = true } = plan as Partial<HammerdbPlan>;
  const byStep = new Map(collect.map((c) => [c.step, c]));
  const copy = async (c: Collect) => {
    const files = await collectStep(ctx, c, keepJobsDatabase);
    if (files.length)
      ctx.progress.log(
        ctx.host,
        `${ctx.dbms}: kept HammerDB's ${files.map((f) => f.slice(f.lastIndexOf('/') + 1)).join(', ')}`,
      );
  };
  await executeSteps(plan, ctx, {
    ...opts,
    afterStep: async (step) => {
      const c = byStep.get(step.id);
      if (c) await copy(c);
    },
  });
  // A resumed run: steps that ended in an earlier attempt whose files were not copied yet.
  const done = finishedSteps(await readJournal(join(ctx.dir, JOURNAL)));
  for (const c of collect) if (done.has(c.step) && !collected(ctx, c)) await copy(c);
}

// Run the steps of one DBMS entry into its raw run directory: every step journaled, files of an
// interrupted step set aside before it runs again, measured tests reported to the progress line.
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { finishedSteps, readJournal, unfinishedSteps, JOURNAL } from './journal.ts';
import {
  failureOf,
  journal,
  now,
  runAbortable,
  runClientStep,
  runShellStep,
  startMonitors,
  stopIfLost,
  RunStopped,
  type StepContext,
} from './run-steps.ts';
import type { DbmsPlan, RunStep } from './steps.ts';
import type { ExecResult, Running } from './transport/index.ts';

export interface ExecuteOptions {
  /** CPUs of the host, for `N CPUs` lines. */
  cpus?: number;
  /** Called when a measured test starts and whenever its live rate changes. */
  onTest?: (info: {
    index: number;
    total: number;
    name: string;
    rate?: number;
    rateUnit?: string;
    remainingSeconds: number;
  }) => void;
  /** Called after each `run` step that ended (done, or a failed test), before the next step: e.g. to copy files the program left on the host. */
  afterStep?: (step: RunStep) => Promise<void>;
}

/** Move the files of steps that started but never finished into attempts/, so nothing is overwritten or lost. */
async function setAsideUnfinished(ctx: StepContext): Promise<void> {
  const events = await readJournal(join(ctx.dir, JOURNAL));
  for (const { step, files } of unfinishedSteps(events)) {
    const to = join('attempts', `${step.replace(/[^A-Za-z0-9._=-]/g, '_')}.${Date.now()}`);
    for (const f of files) {
      try {
        await stat(join(ctx.dir, f));
        await mkdir(dirname(join(ctx.dir, to, f)), { recursive: true });
        await rename(join(ctx.dir, f), join(ctx.dir, to, f));
      } catch {
        // never written
      }
    }
    await journal(ctx, { event: 'moved', at: now(), step, to });
    ctx.progress.log(ctx.host, `${ctx.dbms}: partial files of ${step} kept in ${to}/`);
  }
}

/** The plan's generated files: on the host for the steps, in the raw directory as evidence (same content on resume: the plan is pure). */
async function writePlanFiles(plan: DbmsPlan, ctx: StepContext): Promise<void> {
  for (const f of plan.files ?? []) {
    await mkdir(dirname(join(ctx.dir, f.keep)), { recursive: true });
    await writeFile(join(ctx.dir, f.keep), f.content);
    try {
      await ctx.transport.writeFile(f.hostPath, f.content);
    } catch (e) {
      if (ctx.signal.aborted) throw new RunStopped(`interrupted (Ctrl-C) before ${ctx.dbms} could start`, true);
      throw new RunStopped(
        `${ctx.dbms}: cannot write ${f.hostPath} on ${ctx.transport.where}: ${(e as Error).message}. Check that its directory can be created there`,
        true,
      );
    }
  }
}

/** Sleep, ending early when the run is aborted. */
const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

async function runStep(
  ctx: StepContext,
  step: RunStep,
  opts: ExecuteOptions,
  report: (rate?: number) => void,
): Promise<void> {
  const files = [...step.commands.map((c) => c.file), ...(step.monitors ? [step.monitors.vm, step.monitors.io] : [])];
  await journal(ctx, { event: 'start', at: now(), step: step.id, files });
  const t0 = Date.now();
  for (const c of step.commands) {
    await mkdir(dirname(join(ctx.dir, c.file)), { recursive: true });
    const lines = [c.header, c.cpusLine && opts.cpus ? `${opts.cpus} CPUs` : undefined].filter(
      (l): l is string => l !== undefined,
    );
    await writeFile(join(ctx.dir, c.file), lines.length ? `${lines.join('\n')}\n` : '');
  }
  if (!step.test) ctx.progress.log(ctx.host, `${ctx.dbms}: ${step.what}`);
  // vmstat/iostat: started after a delay or by a line of output, stopped by a line or when the step ends.
  const m = step.monitors;
  let monitors: Running[] = [];
  let monitorsDone = false;
  const startMonitorsNow = () => {
    if (!m || monitors.length || monitorsDone || ctx.signal.aborted) return;
    monitors = startMonitors(ctx, m, m.intervalSeconds);
  };
  const stopMonitors = () => {
    monitorsDone = true;
    return Promise.all(monitors.map((x) => x.stop()));
  };
  let delay: ReturnType<typeof setTimeout> | undefined;
  if (m) {
    await mkdir(dirname(join(ctx.dir, m.vm)), { recursive: true });
    if (m.delaySeconds !== undefined || !m.startOn) delay = setTimeout(startMonitorsNow, (m.delaySeconds ?? 0) * 1000);
  }
  let failedBecause: string | undefined;
  const running: Running[] = [];
  const onLine = (line: string) => {
    if (m?.startOn?.test(line)) startMonitorsNow();
    if (m?.stopOn?.test(line)) void stopMonitors();
    if (step.failOn?.test(line) && failedBecause === undefined) {
      failedBecause = `the output says: ${line.trim()}`;
      for (const r of running) void r.stop();
    }
  };
  const start = (c: RunStep['commands'][number]): Running => {
    let partial = '';
    const r = ctx.transport.start(c.argv, {
      env: c.env,
      input: c.input,
      outputFile: join(ctx.dir, c.file),
      timeoutMs: step.timeoutMs,
      onOutput: (chunk) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop() ?? '';
        // Carriage returns of a program's line editor (HammerDB's CLI starts lines with one) are not text.
        for (const l of lines.map((x) => x.replace(/^\r+|\r+$/g, ''))) {
          const rate = c.liveRate?.exec(l);
          if (rate) report(Number(rate[1]));
          onLine(l);
        }
      },
    });
    running.push(r);
    return r;
  };
  const results: ExecResult[] = await Promise.all(
    step.commands.map(async (c) => {
      // A command may wait for the others (the Insert Benchmark's clients of a shared table wait for its creator).
      if (c.delaySeconds) await wait(c.delaySeconds * 1000, ctx.signal);
      // Interrupted while waiting: never started (stopIfLost below reports the interruption).
      if (ctx.signal.aborted)
        return {
          code: null,
          signal: null,
          timedOut: false,
          disconnected: false,
          stdout: '',
          stderr: 'not started: interrupted',
        };
      return runAbortable(ctx, start(c));
    }),
  );
  clearTimeout(delay);
  await stopMonitors();
  for (const r of results) await stopIfLost(ctx, step.id, r);
  const seconds = (Date.now() - t0) / 1000;
  const bad = failedBecause !== undefined ? results[0] : results.find((r) => r.code !== 0);
  if (bad) {
    const reason = failedBecause ?? failureOf(bad);
    await journal(ctx, { event: 'failed', at: now(), step: step.id, code: bad.code, reason });
    if (!step.test)
      throw new RunStopped(
        `${ctx.dbms}: ${step.what} failed (${reason}); see ${join(ctx.dir, step.commands[results.indexOf(bad)]!.file)}`,
        false,
      );
    // A failed test is data: its output stays and harvest reports it as failed.
    ctx.progress.log(
      ctx.host,
      `${ctx.dbms}: ${step.test.name} FAILED (${reason}), output kept in ${step.commands[results.indexOf(bad)]!.file}`,
    );
    return;
  }
  await journal(ctx, { event: 'done', at: now(), step: step.id, code: 0, seconds });
  if (step.test) {
    const rate = step.test.summary?.pattern.exec(results[0]?.stdout ?? '')?.[1];
    ctx.progress.log(
      ctx.host,
      `${ctx.dbms}: ${step.test.name} done in ${seconds.toFixed(1)} s${rate ? `, ${rate} ${step.test.summary!.unit}` : ''}`,
    );
  }
}

/** Run every step not yet finished. Throws RunStopped when the run cannot go on. */
export async function executeSteps(plan: DbmsPlan, ctx: StepContext, opts: ExecuteOptions = {}): Promise<void> {
  await mkdir(ctx.dir, { recursive: true });
  await setAsideUnfinished(ctx);
  await writePlanFiles(plan, ctx);
  const done = finishedSteps(await readJournal(join(ctx.dir, JOURNAL)));
  const tests = plan.steps.filter((s): s is RunStep => s.kind === 'run' && s.test !== undefined);
  let testIndex = 0;
  for (const step of plan.steps) {
    const isTest = step.kind === 'run' && step.test !== undefined;
    if (isTest) testIndex++;
    if (done.has(step.id)) continue;
    if (ctx.signal.aborted) throw new RunStopped(`interrupted (Ctrl-C) before ${ctx.dbms} / ${step.id}`, true);
    if (step.kind === 'shell') await runShellStep(ctx, step.id, step.script);
    else if (step.kind === 'client') await runClientStep(ctx, step.id, step.command, step.file);
    else if (!step.test) {
      await runStep(ctx, step, opts, () => {});
      await opts.afterStep?.(step);
    } else {
      const test = step.test;
      const left = tests.slice(testIndex - 1).reduce((n, t) => n + t.test!.seconds + 2, 0);
      const t0 = Date.now();
      const report = (rate?: number) =>
        opts.onTest?.({
          index: testIndex,
          total: tests.length,
          name: test.name,
          rate,
          rateUnit: step.commands.find((c) => c.liveRate)?.liveRateUnit,
          remainingSeconds: Math.max(0, left - (Date.now() - t0) / 1000),
        });
      report();
      ctx.progress.log(ctx.host, `${ctx.dbms}: [${testIndex}/${tests.length}] ${test.name} (${step.what})`);
      await runStep(ctx, step, opts, report);
      await opts.afterStep?.(step);
    }
  }
}

// The steps of one DBMS entry -> a raw run directory in the mytools layout that harvest.ts reads
// (sb.o/sb.vm/sb.io per test, sb.prepare.o, dbms-version.txt, dbms-settings.txt, the journal).
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { finishedSteps, readJournal, unfinishedSteps, JOURNAL } from '../lib/journal.ts';
import { redactSecrets } from '../lib/provenance.ts';
import { failureOf, journal, now, runAbortable, runClientStep, runShellStep, startMonitors, stopIfLost, RunStopped, type StepContext } from '../lib/run-steps.ts';
import type { DbmsPlan, Step } from './plan.ts';

const INTERVAL = /\[\s*\d+s\s*\]\s+thds:\s*\d+\s+tps:\s*[\d.]+\s+qps:\s*([\d.]+)/;

export interface ExecuteOptions {
  /** CPUs of the host, for the `N CPUs` line run.sh writes. */
  cpus?: number;
  /** Called when a measured test starts or reports, for the progress line. */
  onTest?: (info: { index: number; total: number; name: string; qps?: number; remainingSeconds: number }) => void;
}

/** Move the files of steps that started but never finished into attempts/, so nothing is overwritten or lost. */
async function setAsideUnfinished(ctx: StepContext): Promise<void> {
  const events = await readJournal(join(ctx.dir, JOURNAL));
  for (const { step, files } of unfinishedSteps(events)) {
    const to = join('attempts', `${step.replace(/[^A-Za-z0-9._=-]/g, '_')}.${Date.now()}`);
    await mkdir(join(ctx.dir, to), { recursive: true });
    for (const f of files) {
      try {
        await stat(join(ctx.dir, f));
        await rename(join(ctx.dir, f), join(ctx.dir, to, f));
      } catch {
        // never written
      }
    }
    await journal(ctx, { event: 'moved', at: now(), step, to });
    ctx.progress.log(ctx.host, `${ctx.dbms}: partial files of ${step} kept in ${to}/`);
  }
}

async function runSysbenchCommand(ctx: StepContext, step: Extract<Step, { kind: 'sysbench' }>): Promise<void> {
  await journal(ctx, { event: 'start', at: now(), step: step.id, files: [step.file] });
  const t0 = Date.now();
  await writeFile(join(ctx.dir, step.file), `${redactSecrets(step.argv.join(' '))}\n`);
  ctx.progress.log(ctx.host, `${ctx.dbms}: ${step.what}`);
  const r = await runAbortable(ctx, ctx.transport.start(step.argv, { outputFile: join(ctx.dir, step.file), timeoutMs: 6 * 3600_000 }));
  await stopIfLost(ctx, step.id, r);
  if (r.code !== 0) {
    await journal(ctx, { event: 'failed', at: now(), step: step.id, code: r.code, reason: failureOf(r) });
    throw new RunStopped(`${ctx.dbms}: sysbench ${step.what} failed (${failureOf(r)}); see ${join(ctx.dir, step.file)}`, false);
  }
  await journal(ctx, { event: 'done', at: now(), step: step.id, code: 0, seconds: (Date.now() - t0) / 1000 });
}

async function runTest(ctx: StepContext, step: Extract<Step, { kind: 'test' }>, opts: ExecuteOptions, report: (qps?: number) => void): Promise<void> {
  const files = step.files;
  await journal(ctx, { event: 'start', at: now(), step: step.id, files: [files.out, files.vm, files.io] });
  const t0 = Date.now();
  // Line 1: the command (password redacted), line 2: `N CPUs`, as mytools run.sh writes them.
  await writeFile(join(ctx.dir, files.out), `${redactSecrets(step.argv.join(' '))}\n${opts.cpus ? `${opts.cpus} CPUs\n` : ''}`);
  const monitors = startMonitors(ctx, files);
  let partial = '';
  const sysbench = ctx.transport.start(step.argv, {
    outputFile: join(ctx.dir, files.out),
    timeoutMs: (step.seconds + Math.max(120, step.seconds)) * 1000,
    onOutput: (chunk) => {
      const text = partial + chunk;
      const lines = text.split('\n');
      partial = lines.pop() ?? '';
      for (const l of lines) {
        const m = INTERVAL.exec(l);
        if (m) report(Number(m[1]));
      }
    },
  });
  const r = await runAbortable(ctx, sysbench);
  await Promise.all(monitors.map((m) => m.stop()));
  await stopIfLost(ctx, step.id, r);
  const seconds = (Date.now() - t0) / 1000;
  if (r.code !== 0) {
    // A failed test is data: its output stays and harvest reports it as failed.
    await journal(ctx, { event: 'failed', at: now(), step: step.id, code: r.code, reason: failureOf(r) });
    ctx.progress.log(ctx.host, `${ctx.dbms}: ${step.name} FAILED (${failureOf(r)}), output kept in ${files.out}`);
    return;
  }
  await journal(ctx, { event: 'done', at: now(), step: step.id, code: 0, seconds });
  const qps = /queries:\s+\d+\s+\(([\d.]+) per sec\.\)/.exec(r.stdout)?.[1];
  ctx.progress.log(ctx.host, `${ctx.dbms}: ${step.name} done in ${seconds.toFixed(1)} s${qps ? `, ${qps} qps` : ''}`);
}

/** Run every step not yet finished. Throws RunStopped when the run cannot go on. */
export async function executeSysbench(plan: DbmsPlan, ctx: StepContext, opts: ExecuteOptions = {}): Promise<void> {
  await mkdir(ctx.dir, { recursive: true });
  await setAsideUnfinished(ctx);
  const done = finishedSteps(await readJournal(join(ctx.dir, JOURNAL)));
  const tests = plan.steps.filter((s): s is Extract<Step, { kind: 'test' }> => s.kind === 'test');
  let testIndex = 0;
  for (const step of plan.steps) {
    if (step.kind === 'test') testIndex++;
    if (done.has(step.id)) continue;
    if (ctx.signal.aborted) throw new RunStopped(`interrupted (Ctrl-C) before ${ctx.dbms} / ${step.id}`, true);
    switch (step.kind) {
      case 'shell':
        await runShellStep(ctx, step.id, step.script);
        break;
      case 'client':
        await runClientStep(ctx, step.id, step.command, step.file);
        break;
      case 'sysbench':
        await runSysbenchCommand(ctx, step);
        break;
      case 'test': {
        const left = tests.slice(testIndex - 1).reduce((n, t) => n + t.seconds + 2, 0);
        const t0 = Date.now();
        const report = (qps?: number) =>
          opts.onTest?.({ index: testIndex, total: tests.length, name: step.name, qps, remainingSeconds: Math.max(0, left - (Date.now() - t0) / 1000) });
        report();
        ctx.progress.log(ctx.host, `${ctx.dbms}: [${testIndex}/${tests.length}] ${step.name} (${step.seconds} s, ${step.threads} thread${step.threads > 1 ? 's' : ''})`);
        await runTest(ctx, step, opts, report);
        break;
      }
    }
  }
}

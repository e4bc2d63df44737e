// Running planned steps on a host, shared by the benchmarks' execute.ts: the context of one raw run
// directory, the journal around each step, setup/client steps, and vmstat/iostat beside a measured step.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appendJournal, JOURNAL } from './journal.ts';
import type { Progress } from './progress.ts';
import { redactCommand, redactConfigText } from './redact.ts';
import type { ClientCommand } from './dbms-client.ts';
import type { ExecResult, Running, Transport } from './transport/index.ts';

export interface StepContext {
  host: string;
  dbms: string;
  transport: Transport;
  /** Local raw run directory. */
  dir: string;
  progress: Progress;
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
  /** The spec's passwords, by value: never written or shown (redact.ts). */
  secrets?: string[];
}

/** A run cannot go on: connection lost, Ctrl-C, or a setup step failed. The message says what is on disk. */
export class RunStopped extends Error {
  readonly resumable: boolean;
  constructor(message: string, resumable: boolean) {
    super(message);
    this.resumable = resumable;
  }
}

export const now = () => new Date().toISOString();

export function journal(ctx: StepContext, e: Parameters<typeof appendJournal>[1]): Promise<void> {
  return appendJournal(join(ctx.dir, JOURNAL), e);
}

/** Why a command ended badly, in words. */
export function failureOf(r: ExecResult): string {
  if (r.timedOut) return 'timed out';
  if (r.signal) return `killed by ${r.signal}`;
  const last = (r.stderr || r.stdout).trim().split('\n').filter(Boolean).pop();
  return `exit code ${r.code}${last ? `: ${last}` : ''}`;
}

/** Stop when the connection is gone or the user pressed Ctrl-C; the journal records where. */
export async function stopIfLost(ctx: StepContext, step: string, r: ExecResult): Promise<void> {
  if (!r.disconnected && !ctx.signal.aborted) return;
  const reason = ctx.signal.aborted ? 'interrupted (Ctrl-C)' : `lost the connection (${ctx.transport.where})`;
  await journal(ctx, { event: 'interrupted', at: now(), step, reason });
  throw new RunStopped(`${reason} during ${ctx.dbms} / ${step}`, true);
}

/** Run a command, stopping it when the run is aborted. */
export async function runAbortable(ctx: StepContext, running: Running): Promise<ExecResult> {
  const onAbort = () => void running.stop();
  ctx.signal.addEventListener('abort', onAbort);
  try {
    return await running.done;
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
  }
}

/** A `setup:`/`teardown:` command of the spec. Its output is kept as `<id>.log`. */
export async function runShellStep(ctx: StepContext, id: string, script: string): Promise<void> {
  await journal(ctx, { event: 'start', at: now(), step: id, files: [`${id}.log`] });
  const shown = redactCommand(script, ctx.secrets);
  ctx.progress.log(ctx.host, `${ctx.dbms}: ${id}: ${shown}`);
  await writeFile(join(ctx.dir, `${id}.log`), `$ ${shown}\n`);
  const t0 = Date.now();
  const r = await runAbortable(
    ctx,
    ctx.transport.start(['sh', '-c', script], { outputFile: join(ctx.dir, `${id}.log`) }),
  );
  await stopIfLost(ctx, id, r);
  if (r.code !== 0) {
    await journal(ctx, { event: 'failed', at: now(), step: id, code: r.code, reason: failureOf(r) });
    throw new RunStopped(
      `${ctx.dbms}: ${id} failed (${failureOf(r)}); the tests were not run because the DBMS may not be set up as the spec says`,
      false,
    );
  }
  await journal(ctx, { event: 'done', at: now(), step: id, code: 0, seconds: (Date.now() - t0) / 1000 });
}

/**
 * A database client command (create database, version, settings); stdout kept in `file`, with secrets in it
 * redacted (a server's settings may hold passwords: `primary_conninfo`, `ssl_passphrase_command`).
 */
export async function runClientStep(
  ctx: StepContext,
  id: string,
  command: ClientCommand,
  file?: string,
): Promise<void> {
  await journal(ctx, { event: 'start', at: now(), step: id, files: file ? [file] : [] });
  const t0 = Date.now();
  const r = await runAbortable(ctx, ctx.transport.start(command.argv, { env: command.env, timeoutMs: 120_000 }));
  await stopIfLost(ctx, id, r);
  if (r.code !== 0 && !(command.okWhenStderr && command.okWhenStderr.test(r.stderr))) {
    await journal(ctx, { event: 'failed', at: now(), step: id, code: r.code, reason: failureOf(r) });
    throw new RunStopped(
      `${ctx.dbms}: ${id} failed: \`${command.argv[0]}\` ${failureOf(r)}. Check the connection settings of this DBMS entry and that the server runs`,
      false,
    );
  }
  if (file) await writeFile(join(ctx.dir, file), redactConfigText(r.stdout));
  await journal(ctx, { event: 'done', at: now(), step: id, code: r.code, seconds: (Date.now() - t0) / 1000 });
}

/** vmstat 1 and iostat -y -kx 1 beside a measured step, as the mytools harness runs them (C locale for dates). */
export function startMonitors(ctx: StepContext, files: { vm: string; io: string }, intervalSeconds = 1): Running[] {
  const env = { LC_ALL: 'C', LANG: 'C' };
  return [
    ctx.transport.start(['vmstat', String(intervalSeconds)], { outputFile: join(ctx.dir, files.vm), env }),
    ctx.transport.start(['iostat', '-y', '-kx', String(intervalSeconds)], { outputFile: join(ctx.dir, files.io), env }),
  ];
}

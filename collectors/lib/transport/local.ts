// Commands on this machine, as child processes (no shell unless asked for).
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { OutputSink } from './capture.ts';
import type { ExecOptions, ExecResult, Running, Transport } from './types.ts';

/**
 * A file descriptor of `text` for a child's standard input: a file readable only by this user, in a private
 * directory removed at once, so nothing is left on disk by name. Not a pipe: Node gives children a socket,
 * and a program cannot open either again as /dev/stdin (`sysbench --config-file=/dev/stdin`); a file it can.
 */
function fileHolding(text: string): number {
  const dir = mkdtempSync(join(tmpdir(), 'benchsite-stdin-'));
  try {
    const file = join(dir, 'in');
    writeFileSync(file, text, { mode: 0o600 });
    return openSync(file, 'r');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export class LocalTransport implements Transport {
  readonly where = 'this machine';

  exec(argv: string[], opts: ExecOptions = {}): Promise<ExecResult> {
    return this.start(argv, opts).done;
  }

  shell(script: string, opts: ExecOptions = {}): Promise<ExecResult> {
    return this.exec(['sh', '-c', script], opts);
  }

  start(argv: string[], opts: ExecOptions = {}): Running {
    const sink = new OutputSink(opts);
    const stdin = opts.input === undefined ? 'ignore' : fileHolding(opts.input);
    const child = spawn(argv[0]!, argv.slice(1), {
      env: { ...process.env, ...opts.env },
      stdio: [stdin, 'pipe', 'pipe'],
    });
    if (typeof stdin === 'number') closeSync(stdin);
    let timedOut = false;
    const timer = opts.timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          child.kill('SIGKILL');
        }, opts.timeoutMs)
      : undefined;
    child.stdout!.on('data', (c: Buffer) => sink.out(c));
    child.stderr!.on('data', (c: Buffer) => sink.err(c));
    const done = new Promise<ExecResult>((resolve) => {
      let settled = false;
      const finish = async (code: number | null, signal: string | null, error?: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        await sink.close();
        resolve({
          code: error ? 127 : code,
          signal,
          timedOut,
          disconnected: false,
          stdout: sink.stdout,
          stderr: error ? `${sink.stderr}${error.message}\n` : sink.stderr,
        });
      };
      child.on('error', (e) => void finish(null, null, e));
      child.on('close', (code, signal) => void finish(code, signal));
    });
    return {
      done,
      stop: async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
          const r = await done;
          clearTimeout(killer);
          return r;
        }
        return done;
      },
    };
  }

  readFile(path: string): Promise<Buffer> {
    return readFile(path);
  }

  async writeFile(path: string, data: string | Uint8Array): Promise<void> {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, data);
  }

  async close(): Promise<void> {}
}

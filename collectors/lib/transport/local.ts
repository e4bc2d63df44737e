// Commands on this machine, as child processes (no shell unless asked for).
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { OutputSink } from './capture.ts';
import type { ExecOptions, ExecResult, Running, Transport } from './types.ts';

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
    const child = spawn(argv[0]!, argv.slice(1), {
      env: { ...process.env, ...opts.env },
      stdio: [opts.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    if (opts.input !== undefined) {
      child.stdin!.on('error', () => {}); // a program that exits without reading it
      child.stdin!.end(opts.input);
    }
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

// Output handling shared by both transports: append to a file as it arrives, keep a bounded copy, report chunks.
import { createWriteStream, type WriteStream } from 'node:fs';
import type { ExecOptions } from './types.ts';

export class OutputSink {
  stdout = '';
  stderr = '';
  private file?: WriteStream;
  private readonly limit: number;
  private readonly opts: ExecOptions;

  constructor(opts: ExecOptions) {
    this.opts = opts;
    this.limit = opts.captureLimit ?? 1 << 20;
    if (opts.outputFile) this.file = createWriteStream(opts.outputFile, { flags: 'a' });
  }

  out(chunk: Buffer | string): void {
    const text = chunk.toString();
    this.file?.write(chunk);
    if (this.stdout.length < this.limit) this.stdout += text.slice(0, this.limit - this.stdout.length);
    this.opts.onOutput?.(text);
  }

  err(chunk: Buffer | string): void {
    this.file?.write(chunk);
    if (this.stderr.length < this.limit) this.stderr += chunk.toString().slice(0, this.limit - this.stderr.length);
  }

  /** Flush the file to disk before the caller reads it. */
  close(): Promise<void> {
    const f = this.file;
    if (!f) return Promise.resolve();
    return new Promise((resolve, reject) => f.end((e?: Error | null) => (e ? reject(e) : resolve())));
  }
}

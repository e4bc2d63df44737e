// One interface to run commands on a benchmark host, here (local.ts) or over SSH (ssh.ts).
// Commands are argument arrays, quoted for the remote shell, never interpolated into a string.

export interface ExecOptions {
  /** Environment variables for the command (secrets go here, not on the command line). */
  env?: Record<string, string>;
  /**
   * Text for the command's standard input, as a file readable only by the user and already removed (a program
   * can open it again as /dev/stdin: how sysbench reads a password, `--config-file=/dev/stdin`). Without it the
   * command's standard input is empty.
   */
  input?: string;
  /** Kill the command after this long; the result says `timedOut`. */
  timeoutMs?: number;
  /** Append stdout, and stderr as it comes, to this local file (the harness's `>& file`). */
  outputFile?: string;
  /** Called with each chunk of stdout, e.g. to read live QPS from sysbench's interval lines. */
  onOutput?: (chunk: string) => void;
  /** Keep at most this much stdout/stderr text in the result (default 1 MB each). */
  captureLimit?: number;
}

export interface ExecResult {
  /** Exit code; null when the command was killed or the connection was lost. */
  code: number | null;
  /** Signal that ended it, if any. */
  signal: string | null;
  timedOut: boolean;
  /** The connection to the host was lost while the command ran. */
  disconnected: boolean;
  stdout: string;
  stderr: string;
}

/** A command running in the background (vmstat, iostat beside a test). */
export interface Running {
  /** Resolves when it ends on its own or after `stop()`. */
  done: Promise<ExecResult>;
  /** Stop it (SIGTERM, then SIGKILL) and wait for it to end. */
  stop(): Promise<ExecResult>;
}

export interface Transport {
  /** For messages: `this machine` or `ssh bench@10.0.0.5:22`. */
  readonly where: string;
  /** Run a command (argv[0] is the program) to its end. Never throws for a failing command; see the result. */
  exec(argv: string[], opts?: ExecOptions): Promise<ExecResult>;
  /** Run a shell command line the user wrote (spec `setup:` entries), with `sh -c`. */
  shell(script: string, opts?: ExecOptions): Promise<ExecResult>;
  /** Start a command in the background. */
  start(argv: string[], opts?: ExecOptions): Running;
  /** Read a file on the host. */
  readFile(path: string): Promise<Buffer>;
  /** Write a file on the host (its directory is created), replacing it when it exists. */
  writeFile(path: string, data: string | Uint8Array): Promise<void>;
  close(): Promise<void>;
}

/** Thrown when the host cannot be reached or refuses us; the message says what to do. */
export class TransportError extends Error {}

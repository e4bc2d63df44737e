// The steps every benchmark's plan.ts produces and lib/execute-steps.ts runs: pure data, so a plan can be
// printed (--dry-run), compared, and matched step by step on --resume.
import type { SpecDbms } from '../../src/schemas/index.ts';
import type { ClientCommand } from './dbms-client.ts';

/** One program run of a `run` step, its stdout and stderr appended to `file` (relative to the raw run directory). */
export interface RunCommand {
  argv: string[];
  /** Environment of the program: where passwords go (never into argv, which every user of the host can see). */
  env?: Record<string, string>;
  /** Text for the program's standard input (a password for a program that reads it from a file: /dev/stdin). */
  input?: string;
  /** Output file; parent directories are created. */
  file: string;
  /** Lines written to the file first (e.g. the command as mytools run.sh echoes it). Secrets redacted by the caller. */
  header?: string;
  /** Also write `<N> CPUs` after the header, as run.sh does. */
  cpusLine?: boolean;
  /** Regex whose first group is a live rate in the output, shown in the progress line (e.g. sysbench qps). */
  liveRate?: RegExp;
  /** Unit of that rate (default `qps`). */
  liveRateUnit?: string;
  /** Start this long after the step's other commands (the Insert Benchmark's clients of a shared table wait for its creator). */
  delaySeconds?: number;
}

/** vmstat/iostat beside a `run` step, into these files. */
interface Monitors {
  vm: string;
  io: string;
  intervalSeconds: number;
  /** Start them this long after the step (HammerDB: after rampup). */
  delaySeconds?: number;
  /** Start them when a line of the step's output matches (HammerDB: `Rampup complete`), or after `delaySeconds` if that comes first. */
  startOn?: RegExp;
  /** Stop them when a line of the step's output matches (HammerDB: `Test complete`), so they cover only the measured phase. */
  stopOn?: RegExp;
}

export type Step =
  /** A spec `setup:`/`teardown:` shell command; its failure stops the DBMS entry. */
  | { id: string; kind: 'shell'; what: 'setup' | 'teardown'; script: string }
  /** A database client command (create database, server version, settings). */
  | { id: string; kind: 'client'; what: string; command: ClientCommand; file?: string }
  /**
   * Programs run together (one, or one per benchmark client), optionally with vmstat/iostat beside them.
   * With `test`, the step is a measured test: counted in progress, and a failure is recorded, not fatal.
   */
  | {
      id: string;
      kind: 'run';
      what: string;
      /** A measured test: its name in tables, planned seconds (for the ETA), and the rate to log when it ends. */
      test?: { name: string; seconds: number; summary?: { pattern: RegExp; unit: string } };
      commands: RunCommand[];
      monitors?: Monitors;
      timeoutMs?: number;
      /** A line of output matching this means the step failed and will not end by itself: its programs are stopped (HammerDB's VUs wait forever for a failed monitor). */
      failOn?: RegExp;
    };

export type RunStep = Extract<Step, { kind: 'run' }>;

/** The steps of one DBMS entry, run into one raw run directory. */
export interface DbmsPlan {
  dbms: SpecDbms;
  /** Raw run directory name (also the run's label). */
  dir: string;
  steps: Step[];
  /** Files the steps need on the host (generated scripts): written there before the steps run, and kept in the raw run directory as `keep`. */
  files?: Array<{ hostPath: string; keep: string; content: string }>;
}

export interface Plan {
  runs: DbmsPlan[];
  /** Parts of the spec that cannot run, and why (printed, never silently dropped). */
  skipped: Array<{ test: string; reason: string }>;
}

// The shape of a `benchsite` subcommand.
export interface Command {
  name: string;
  /** Full `benchsite <name> --help` text. */
  help: string;
  /** Runs the command; returns the exit code. Throw an Error for a clear one-line failure. */
  run(args: string[]): Promise<number>;
}

/** Thrown for bad command-line use: printed with the command's usage line. */
export class UsageError extends Error {}

// Bad input, told as one line: `<file>:<line>: <what is wrong>. <what to do>` (or `<file>: <json.path>: ...`).
// Harvest and import throw an InputError for anything wrong with the files they are given; anything else that
// escapes them is a bug in benchsite, which the CLI reports as such (the stack only with --debug).

export interface InputErrorFields {
  /** The file at fault, as the user named it or as a path inside the input (`run/sb.o.scan`). */
  file: string;
  /** `12` (a line number) or `tests[3].name` (a JSON path), when one place is at fault. */
  where?: number | string;
  /** What is wrong, e.g. `not gzip data (incorrect header check)`. */
  what: string;
  /** What to do about it, e.g. `Give the original file, or remove it from the input`. */
  todo?: string;
}

/** A refusal of bad input: names the file (and line or JSON path), what is wrong and what to do. */
export class InputError extends Error {
  readonly file: string;
  readonly where?: number | string;
  readonly what: string;
  readonly todo?: string;

  /**
   * From its fields, or from a whole message already worded `<file>: <what>. <what to do>` (the file is then
   * what comes before the first `: `, and the line number when one follows it).
   */
  constructor(fields: InputErrorFields | string) {
    const f = typeof fields === 'string' ? fieldsOf(fields) : fields;
    super(typeof fields === 'string' ? fields : inputErrorText(f));
    this.name = 'InputError';
    this.file = f.file;
    this.where = f.where;
    this.what = f.what;
    this.todo = f.todo;
  }
}

function fieldsOf(message: string): InputErrorFields {
  const m = /^(.+?)(?::(\d+))?: ([^]*)$/.exec(message);
  return m ? { file: m[1]!, where: m[2] ? Number(m[2]) : undefined, what: m[3]! } : { file: '', what: message };
}

/** The one line of an input error. */
export function inputErrorText(f: InputErrorFields): string {
  const at = f.where === undefined ? '' : typeof f.where === 'number' ? `:${f.where}` : `: ${f.where}`;
  const what = f.what.replace(/[.\s]+$/, '');
  const todo = f.todo ? ` ${f.todo.replace(/[.\s]+$/, '')}.` : '';
  return `${f.file}${at}: ${what}${/[?!]$/.test(what) ? '' : '.'}${todo}`;
}

/** Shorthand for the common case. */
export function inputError(file: string, where: number | string | undefined, what: string, todo?: string) {
  return new InputError({ file, where, what, todo });
}

/** Whether `e` is a refusal of input the user can act on, as opposed to a bug. */
export function isInputError(e: unknown): e is InputError {
  return e instanceof InputError;
}

/** Whether stack traces are wanted: `--debug` on the command line or BENCHSITE_DEBUG set (not 0). */
export function debugWanted(argv: readonly string[] = []): boolean {
  const env = process.env.BENCHSITE_DEBUG;
  return argv.includes('--debug') || (env !== undefined && env !== '' && env !== '0');
}

/**
 * Whether an error is a bug rather than a failure benchsite means to report: the errors JavaScript itself
 * throws (a property of null, a bad regex, JSON.parse) and zlib's, which reach the user only when some code
 * forgot to turn them into an InputError. Commands throw plain Errors with a message meant for the user.
 */
export function isBug(e: unknown): boolean {
  if (isInputError(e)) return false;
  if (e instanceof TypeError || e instanceof RangeError || e instanceof SyntaxError || e instanceof ReferenceError)
    return true;
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('Z_');
}

/**
 * What the CLI prints for an error: bad input and the other expected failures as their message (one line, or
 * one per problem); a bug as one line saying so, and its stack when debugging.
 */
export function describeError(e: unknown, debug: boolean): string {
  const err = e instanceof Error ? e : new Error(String(e));
  if (!isBug(e)) return debug && err.stack ? `${err.message}\n${err.stack}` : err.message;
  const line = `internal error (a bug in benchsite, not a problem of your files): ${err.message.split('\n', 1)[0]}`;
  if (debug) return `${line}\n${err.stack ?? ''}`;
  return `${line}. Run again with --debug (or BENCHSITE_DEBUG=1) for the stack trace, and please report it.`;
}

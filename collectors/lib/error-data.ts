// Errors across a worker thread: structured cloning keeps only an Error's message, so an InputError would reach
// the main thread as a plain Error and a bug as something else; this keeps what describeError looks at.
import { InputError } from './input-error.ts';

export interface ErrorData {
  /** The constructor: `InputError`, a built-in error's name (TypeError ...), or `Error`. */
  kind: string;
  message: string;
  stack?: string;
  code?: string;
  input?: { file: string; where?: number | string; what: string; todo?: string };
}

const BUILT_IN: Record<string, ErrorConstructor> = { TypeError, RangeError, SyntaxError, ReferenceError, Error };

export function errorData(e: unknown): ErrorData {
  const err = e instanceof Error ? e : new Error(String(e));
  const code = (err as NodeJS.ErrnoException).code;
  const data: ErrorData = { kind: err instanceof InputError ? 'InputError' : err.name, message: err.message };
  if (err.stack !== undefined) data.stack = err.stack;
  if (typeof code === 'string') data.code = code;
  if (err instanceof InputError) data.input = { file: err.file, where: err.where, what: err.what, todo: err.todo };
  return data;
}

/** The error again, of the class it had (an InputError's subclass comes back as an InputError). */
export function errorFrom(d: ErrorData): Error {
  const e = d.input ? new InputError(d.input) : new (BUILT_IN[d.kind] ?? Error)(d.message);
  e.message = d.message;
  if (d.stack !== undefined) e.stack = d.stack;
  if (d.code !== undefined) (e as NodeJS.ErrnoException).code = d.code;
  return e;
}

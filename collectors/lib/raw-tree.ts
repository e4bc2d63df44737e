// The files of a raw input in memory (raw-input.ts reads them) and their text, as the harvesters read them: a
// `.gz` raw file gunzipped up to the bound, a file too long for a string refused with a message.
import { isAscii } from 'node:buffer';
import { gunzipSync } from 'node:zlib';
import type { Refusal } from './harvested.ts';
import { InputError } from './input-error.ts';
import { maxRawBytes, shownSize, tooLarge } from './raw-size-limit.ts';

export interface RawEntry {
  /** Path relative to the input, with forward slashes. */
  path: string;
  /** The bytes as stored (still gzipped for `.gz` files). */
  data: Uint8Array;
  /** Modification time, when the input had one. */
  mtimeMs?: number;
  /** SHA-256 (hex), when the loader computed it while reading (on the thread pool, beside parsing). */
  sha256?: string;
  /** The path in the input as loaded, kept when a harvester re-roots `path` at a run directory: errors name it. */
  origin?: string;
}

/** The name of an entry's file for messages: its path in the input. */
export function entryName(e: RawEntry): string {
  return e.origin ?? e.path;
}

export interface RawTree {
  /** Base name of the input, e.g. `x.pg1518.cy1.pk1` or `sysbench` for `sysbench.tar.gz`. */
  name: string;
  entries: RawEntry[];
  /**
   * Files of the input that could not be read (no permission, gone while reading, cut off in a truncated
   * archive), each with the one-line error naming it: the rest is harvested, and the command exits non-zero.
   */
  refused?: Refusal[];
}

const decoder = new TextDecoder();

/** Entries in the order of their paths (code units, as the committed runs list them). */
export const byPath = (a: RawEntry, b: RawEntry) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** What a zlib error means for the user's file. */
export function gzipProblem(err: unknown): string {
  const m = (err as Error).message;
  if (/incorrect header check|unknown compression method|invalid block type/.test(m))
    return `not gzip data, though its name says so (${m})`;
  if (/unexpected end of file/.test(m)) return `the gzip data is cut short (${m}): the file is truncated`;
  return `corrupt gzip data (${m})`;
}

export const GZIP_TODO = 'Copy the file again from where the benchmark ran, or remove it from the input';

/**
 * The longest raw file read as text: JavaScript strings hold at most 2^29 - 24 characters (V8), so a larger
 * file cannot be read in one piece and is refused with a message rather than failing inside the decoder.
 */
export const MAX_TEXT_BYTES = 2 ** 29 - 24;

function tooLongForText(e: RawEntry, bytes: number): InputError {
  return new InputError({
    file: entryName(e),
    what: `one file of ${shownSize(bytes)} or more; benchsite reads a raw file of up to ${shownSize(MAX_TEXT_BYTES)} as text`,
    todo: 'Split it (e.g. split -l 1000000), or leave it out of the input',
  });
}

/**
 * UTF-8 bytes as text. Raw output is almost always ASCII, where a byte is a character: copying the bytes as
 * latin1 gives the same string as the UTF-8 decoder (no BOM can be ASCII) at several times its speed.
 */
export function decodeText(bytes: Uint8Array): string {
  if (isAscii(bytes)) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return decoder.decode(bytes);
}

/** The text of a raw file, gunzipped (up to the bound) when its name ends in `.gz`. */
export function entryText(e: RawEntry): string {
  return decodeText(entryBytes(e));
}

/**
 * The bytes of a raw file that entryText decodes (gunzipped when its name ends in `.gz`), with its checks and
 * errors: for the parsers that read bytes (text-bytes.ts).
 */
export function entryBytes(e: RawEntry): Uint8Array {
  if (e.data.length > MAX_TEXT_BYTES) throw tooLongForText(e, e.data.length);
  if (!e.path.endsWith('.gz')) return e.data;
  const limit = maxRawBytes();
  try {
    return gunzipSync(e.data, { maxOutputLength: Math.min(limit, MAX_TEXT_BYTES) });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw limit > MAX_TEXT_BYTES ? tooLongForText(e, MAX_TEXT_BYTES) : tooLarge(entryName(e), limit);
    throw new InputError({ file: entryName(e), what: gzipProblem(err), todo: GZIP_TODO });
  }
}

/** Group entries by their directory (`''` for the top level). */
export function byDirectory(entries: RawEntry[]): Map<string, RawEntry[]> {
  const out = new Map<string, RawEntry[]>();
  for (const e of entries) {
    const slash = e.path.lastIndexOf('/');
    const dir = slash < 0 ? '' : e.path.slice(0, slash);
    let list = out.get(dir);
    if (!list) out.set(dir, (list = []));
    list.push(e);
  }
  return out;
}

/** The file name part of a path. */
export function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

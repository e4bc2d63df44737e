// Inputs of `harvest` (a directory, a single output file, or a .tar.gz of either) -> files in memory.
// This is the I/O edge; the harvesters get the files and stay pure. An input is held in memory whole, so its
// size is bounded (maxRawBytes, BENCHSITE_MAX_RAW): a directory or file is measured before it is read, and a
// .tar.gz is unpacked as a stream, each file's size checked before its bytes are kept, so a small archive that
// unpacks to gigabytes (a decompression bomb) is refused at the limit, not after filling the memory.
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, readdirSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { isAscii } from 'node:buffer';
import { basename, join, relative, sep } from 'node:path';
import { createGunzip, gunzipSync } from 'node:zlib';
import type { Refusal } from './harvested.ts';
import { InputError } from './input-error.ts';
import { TarFormatError, TarReader } from './tar.ts';

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

/** The default bound of an input's raw files, unpacked: far above a day of 1-second samples. */
const DEFAULT_MAX_RAW_BYTES = 2 * 1024 ** 3;

/** `2G`, `500M`, `64k` or bytes: a size as BENCHSITE_MAX_RAW is written. */
export function parseSize(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)i?b?\s*$/i.exec(text);
  if (!m) return undefined;
  return Math.round(Number(m[1]) * 1024 ** ' kmgt'.indexOf(m[2]!.toLowerCase() || ' '));
}

/** The bound of an input's raw files: BENCHSITE_MAX_RAW, else 2 GiB. */
export function maxRawBytes(): number {
  const set = process.env.BENCHSITE_MAX_RAW;
  if (set === undefined || set === '') return DEFAULT_MAX_RAW_BYTES;
  const n = parseSize(set);
  if (!n) throw new Error(`BENCHSITE_MAX_RAW=${set} is not a size. Write it as bytes or with K, M, G, e.g. 4G.`);
  return n;
}

const shownSize = (n: number) =>
  n >= 1024 ** 3
    ? `${+(n / 1024 ** 3).toFixed(2)} GiB`
    : n >= 1024 ** 2
      ? `${+(n / 1024 ** 2).toFixed(1)} MiB`
      : `${n} bytes`;

/** An input over the bound. */
export class InputTooLarge extends InputError {}

/** The refusal of an input over the bound: what, how much, and how to raise the bound. */
export function tooLarge(what: string, limit: number): InputTooLarge {
  return new InputTooLarge({
    file: what,
    what: `the raw files unpack to more than ${shownSize(limit)}, the limit of one input, so benchsite stops here (a small archive that unpacks to this much may be a decompression bomb)`,
    todo: 'If the input is genuine, raise the limit: BENCHSITE_MAX_RAW=8G, or harvest its run directories one by one',
  });
}

/** What a zlib error means for the user's file. */
function gzipProblem(err: unknown): string {
  const m = (err as Error).message;
  if (/incorrect header check|unknown compression method|invalid block type/.test(m))
    return `not gzip data, though its name says so (${m})`;
  if (/unexpected end of file/.test(m)) return `the gzip data is cut short (${m}): the file is truncated`;
  return `corrupt gzip data (${m})`;
}

const GZIP_TODO = 'Copy the file again from where the benchmark ran, or remove it from the input';

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

/** Files up to this size are hashed on this thread: a round trip to the thread pool costs more than hashing them. */
const HASH_HERE_BYTES = 1 << 20;

/**
 * SHA-256 of every entry: small files here, large ones on libuv's thread pool (WebCrypto digests there), where
 * both cores hash them at once.
 */
async function hashEntries(entries: RawEntry[]): Promise<void> {
  const large: RawEntry[] = [];
  for (const e of entries) {
    if (e.data.length > HASH_HERE_BYTES) large.push(e);
    else e.sha256 = createHash('sha256').update(e.data).digest('hex');
  }
  let next = 0;
  const worker = async () => {
    while (next < large.length) {
      const e = large[next++]!;
      const digest = await crypto.subtle.digest('SHA-256', e.data as Uint8Array<ArrayBuffer>);
      e.sha256 = Buffer.from(digest).toString('hex');
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

/** Load an input path (and the sha256 of every file). Throws with a clear message when it does not exist or cannot be read. */
export async function loadRawInput(input: string): Promise<RawTree> {
  const tree = await readRawInput(input);
  for (const e of tree.entries) e.origin = e.path;
  await hashEntries(tree.entries);
  return tree;
}

async function readRawInput(input: string): Promise<RawTree> {
  const limit = maxRawBytes();
  let info;
  try {
    info = await stat(input);
  } catch {
    throw new InputError({
      file: input,
      what: 'no such file or directory',
      todo: 'Give a raw result directory, an output file or a .tar.gz of them',
    });
  }
  const byPath = (a: RawEntry, b: RawEntry) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  if (info.isDirectory()) {
    // Read synchronously: a result directory holds hundreds of small files, and one round trip to the thread
    // pool per stat and read took several times longer than the reading itself.
    const files: Array<{ full: string; size: number; mtimeMs: number }> = [];
    const refused: Refusal[] = [];
    const inInput = (full: string) => relative(input, full).split(sep).join('/');
    walk(input, files, (full, e) => refused.push(unreadable(inInput(full), e)));
    if (files.reduce((n, f) => n + f.size, 0) > limit) throw tooLarge(input, limit);
    const entries: RawEntry[] = [];
    for (const f of files) {
      let b: Buffer;
      try {
        b = readFileSync(f.full);
      } catch (e) {
        refused.push(unreadable(inInput(f.full), e));
        continue;
      }
      // A view of the buffer read, not a copy (a copy of a gigabyte cost a second).
      const data = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
      entries.push({ path: inInput(f.full), data, mtimeMs: f.mtimeMs });
    }
    const tree: RawTree = { name: basename(input), entries: entries.sort(byPath) };
    if (refused.length) tree.refused = refused.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return tree;
  }
  if (/\.(tar\.gz|tgz)$/.test(input)) {
    const unpacked = await unpackTarGz(input, limit);
    const entries = unpacked.entries.map((e) => ({
      path: memberPath(input, e.path),
      data: e.data,
      mtimeMs: e.mtime ? e.mtime * 1000 : undefined,
    }));
    // A member stored twice (tar -r appends) is what tar -x leaves: the last copy.
    const last = new Map(entries.map((e) => [e.path, e]));
    const tree: RawTree = {
      name: basename(input).replace(/\.(tar\.gz|tgz)$/, ''),
      entries: [...last.values()].sort(byPath),
    };
    if (unpacked.cut) {
      // The members before the cut are whole (a truncated file loses its end, not its start), but the folders
      // the archive ends inside may have had more files after it: their files are left out too, so no run is
      // harvested from part of its files. Folders tar had finished before the cut are read.
      const open = openFolders(unpacked.cut.openAt);
      const folder = (p: string) => p.slice(0, Math.max(0, p.lastIndexOf('/')));
      const partial = tree.entries.filter((e) => open.has(folder(e.path)));
      tree.entries = tree.entries.filter((e) => !open.has(folder(e.path)));
      tree.refused = [{ path: unpacked.cut.path || input, reason: unpacked.cut.reason }];
      if (partial.length)
        tree.refused.push({
          path: input,
          reason: new InputError({
            file: input,
            what: `${partial.length} file(s) of the folders it is cut inside (${[...open].map((d) => d || '(top)').join(', ')}) are left out too, since their files after the cut are lost: ${partial
              .slice(0, 5)
              .map((e) => e.path)
              .join(', ')}${partial.length > 5 ? ` and ${partial.length - 5} more` : ''}`,
            todo: 'Make the archive again (tar -czf) from the complete files',
          }).message,
        });
    }
    return tree;
  }
  if (info.size > limit) throw tooLarge(input, limit);
  const data = new Uint8Array(await readFile(input));
  return { name: basename(input), entries: [{ path: basename(input), data, mtimeMs: info.mtimeMs }] };
}

/**
 * A member's path as a path inside the input: `./` and empty segments dropped. A member that would leave the
 * archive's folder (`..`, an absolute path, a drive letter) is refused: benchsite reads no path it names, and a
 * result directory packed with tar -czf never holds one.
 */
function memberPath(input: string, path: string): string {
  const parts = path.split('/').filter((p) => p !== '' && p !== '.');
  if (
    path.startsWith('/') ||
    /^[a-zA-Z]:/.test(path) ||
    path.includes('\\') ||
    parts.includes('..') ||
    parts.length === 0
  )
    throw new InputError({
      file: input,
      what: `the archive holds a member named ${JSON.stringify(path.slice(0, 200))}, which is outside the archive's folder`,
      todo: 'Make the archive again from the result directory (tar -czf x.tar.gz dir), or harvest the directory',
    });
  return parts.join('/');
}

/**
 * The files of a .tar.gz, unpacked as a stream and refused as soon as they pass `limit` bytes. An archive cut
 * short (a truncated download) gives the members before the cut, and `cut` names the member it ends inside.
 */
async function unpackTarGz(input: string, limit: number) {
  let kept = 0;
  const tar = new TarReader((path, size) => {
    kept += size;
    if (kept > limit) throw tooLarge(`${input} (at ${path})`, limit);
  });
  const source = createReadStream(input);
  const gunzip = createGunzip();
  source.on('error', (e) => gunzip.destroy(e));
  source.pipe(gunzip);
  let unpacked = 0;
  let endsEarly: string | undefined;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      unpacked += chunk.length;
      // Headers and padding count too: an archive of nothing but those is still refused at the limit.
      if (unpacked > limit + (64 << 20)) throw tooLarge(input, limit);
      tar.push(chunk);
      if (tar.done) break;
    }
  } catch (e) {
    if (e instanceof InputError) throw e;
    if (e instanceof TarFormatError)
      throw new InputError({
        file: input,
        what: `not a tar archive inside the gzip: ${e.message}`,
        todo: 'Make the archive again with tar -czf',
      });
    const code = (e as NodeJS.ErrnoException).code;
    // gzip data that stops (a truncated file) holds the members before the cut as they were.
    if (code === 'Z_BUF_ERROR' && /unexpected end of file/.test((e as Error).message)) endsEarly = gzipProblem(e);
    else
      throw new InputError({
        file: input,
        what: code?.startsWith('Z_') ? gzipProblem(e) : `cannot be read (${(e as Error).message})`,
        todo: code?.startsWith('Z_') ? `${GZIP_TODO}; a .tar.gz is made with tar -czf` : undefined,
      });
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  const entries = tar.end();
  const cutShort = tar.cutShort ?? (endsEarly !== undefined ? '' : undefined);
  if (cutShort === undefined) return { entries };
  const whole = entries.filter((e) => e.path !== cutShort);
  // A cut between members (in a header, or after a whole member) is inside the folders of the last whole
  // member: the archive may have held more of their files after it.
  const between = cutShort === '' || cutShort === '(a header)';
  const openAt = between ? (whole.at(-1)?.path ?? '') : cutShort;
  if (whole.length === 0)
    throw new InputError({
      file: input,
      what: endsEarly ?? `the archive ends inside ${JSON.stringify(tar.cutShort)}: it is truncated`,
      todo: 'Make the archive again (tar -czf) from the complete files',
    });
  const inside = between
    ? `${cutShort === '' ? 'after' : 'inside the header after'} its last whole member ${JSON.stringify(openAt)}`
    : `inside ${JSON.stringify(cutShort)}`;
  const reason = new InputError({
    file: input,
    what: `the archive is cut short ${inside}${endsEarly ? ' (the gzip data ends early)' : ''}: ${between ? '' : 'that member is left out, and '}the members before it are read`,
    todo: 'Make the archive again (tar -czf) from the complete files',
  }).message;
  return { entries: whole, cut: { path: between ? '' : cutShort, openAt, reason } };
}

/** The folders a member path is in, up to the top (`''`): those a tar cut at that member is inside. */
function openFolders(path: string): Set<string> {
  const parts = path.split('/').filter((p) => p !== '' && p !== '.');
  const out = new Set<string>(['']);
  for (let k = 1; k < parts.length; k++) out.add(parts.slice(0, k).join('/'));
  return out;
}

/** The refusal of a file of a directory input that cannot be read. */
function unreadable(path: string, e: unknown): Refusal {
  const err = e as NodeJS.ErrnoException;
  const why = err.code === 'EACCES' || err.code === 'EPERM' ? 'permission denied' : (err.message ?? String(e));
  return {
    path,
    reason: new InputError({
      file: path,
      what: `cannot be read (${why})`,
      todo: 'Fix its permissions, or leave it out',
    }).message,
  };
}

/** Every regular file below `dir` with its size (links are not followed); what cannot be read goes to `bad`. */
function walk(
  dir: string,
  out: Array<{ full: string; size: number; mtimeMs: number }>,
  bad: (full: string, e: unknown) => void,
): void {
  let list;
  try {
    list = readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    return bad(dir, e);
  }
  for (const d of list) {
    const full = join(dir, d.name);
    if (d.isDirectory()) walk(full, out, bad);
    else if (d.isFile()) {
      try {
        const info = statSync(full);
        out.push({ full, size: info.size, mtimeMs: info.mtimeMs });
      } catch (e) {
        bad(full, e);
      }
    }
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

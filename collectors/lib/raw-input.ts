// Inputs of `harvest` (a directory, a single output file, or a .tar.gz of either) -> files in memory.
// This is the I/O edge; the harvesters get the files and stay pure. An input is held in memory whole, so its
// size is bounded (maxRawBytes, BENCHSITE_MAX_RAW): a directory or file is measured before it is read, and a
// .tar.gz is unpacked as a stream, each file's size checked before its bytes are kept, so a small archive that
// unpacks to gigabytes (a decompression bomb) is refused at the limit, not after filling the memory.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import type { Refusal } from './harvested.ts';
import { InputError } from './input-error.ts';
import { maxRawBytes, tooLarge } from './raw-size-limit.ts';
import { readTarGz } from './raw-tar-gz.ts';
import { byPath, type RawEntry, type RawTree } from './raw-tree.ts';

/**
 * SHA-256 of every entry, on this thread. WebCrypto on the thread pool (once used for files over 1 MiB, so that
 * both cores hashed) copies each file into fresh zeroed memory first: for 105 MB of long runs that cost more CPU
 * and wall time than hashing here (0.50 to 0.80 CPU-s against 0.65 to 0.87 for reading and hashing them, 2-core
 * AMD EPYC VM).
 */
function hashEntries(entries: RawEntry[]): void {
  for (const e of entries) e.sha256 = createHash('sha256').update(e.data).digest('hex');
}

/** Load an input path (and the sha256 of every file). Throws with a clear message when it does not exist or cannot be read. */
export async function loadRawInput(input: string): Promise<RawTree> {
  const tree = await readRawInput(input);
  for (const e of tree.entries) e.origin = e.path;
  hashEntries(tree.entries);
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
  if (/\.(tar\.gz|tgz)$/.test(input)) return readTarGz(input, limit);
  if (info.size > limit) throw tooLarge(input, limit);
  const data = new Uint8Array(await readFile(input));
  return { name: basename(input), entries: [{ path: basename(input), data, mtimeMs: info.mtimeMs }] };
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

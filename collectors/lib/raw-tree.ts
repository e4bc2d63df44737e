// Inputs of `harvest` (a directory, a single output file, or a .tar.gz of either) -> files in memory.
// This is the I/O edge; the harvesters get the files and stay pure.
import { readFile, readdir, stat } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { readTar } from './tar.ts';

export interface RawEntry {
  /** Path relative to the input, with forward slashes. */
  path: string;
  /** The bytes as stored (still gzipped for `.gz` files). */
  data: Uint8Array;
  /** Modification time, when the input had one. */
  mtimeMs?: number;
  /** SHA-256 (hex), when the loader computed it while reading (on the thread pool, beside parsing). */
  sha256?: string;
}

export interface RawTree {
  /** Base name of the input, e.g. `x.pg1518.cy1.pk1` or `sysbench` for `sysbench.tar.gz`. */
  name: string;
  entries: RawEntry[];
}

const decoder = new TextDecoder();

/** The text of a raw file, gunzipped when its name ends in `.gz`. */
export function entryText(e: RawEntry): string {
  const bytes = e.path.endsWith('.gz') ? gunzipSync(e.data) : e.data;
  return decoder.decode(bytes);
}

/** SHA-256 of every entry on libuv's thread pool (WebCrypto digests there), so hashing runs beside parsing. */
async function hashEntries(entries: RawEntry[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const e = entries[next++]!;
      const digest = await crypto.subtle.digest('SHA-256', e.data as Uint8Array<ArrayBuffer>);
      e.sha256 = Buffer.from(digest).toString('hex');
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

/** Load an input path (and the sha256 of every file). Throws with a clear message when it does not exist or cannot be read. */
export async function loadRawInput(input: string): Promise<RawTree> {
  const tree = await readRawInput(input);
  await hashEntries(tree.entries);
  return tree;
}

async function readRawInput(input: string): Promise<RawTree> {
  let info;
  try {
    info = await stat(input);
  } catch {
    throw new Error(
      `${input}: no such file or directory. Give a raw result directory, an output file or a .tar.gz of them.`,
    );
  }
  if (info.isDirectory()) {
    const entries: RawEntry[] = [];
    await walk(input, input, entries);
    entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { name: basename(input), entries };
  }
  const data = new Uint8Array(await readFile(input));
  if (/\.(tar\.gz|tgz)$/.test(input)) {
    const entries = readTar(gunzipSync(data)).map((e) => ({
      path: e.path.replace(/^\.\//, ''),
      data: e.data,
      mtimeMs: e.mtime ? e.mtime * 1000 : undefined,
    }));
    entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { name: basename(input).replace(/\.(tar\.gz|tgz)$/, ''), entries };
  }
  return { name: basename(input), entries: [{ path: basename(input), data, mtimeMs: info.mtimeMs }] };
}

async function walk(root: string, dir: string, out: RawEntry[]): Promise<void> {
  for (const d of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, d.name);
    if (d.isDirectory()) await walk(root, full, out);
    else if (d.isFile()) {
      const [data, info] = await Promise.all([readFile(full), stat(full)]);
      out.push({ path: relative(root, full).split(sep).join('/'), data: new Uint8Array(data), mtimeMs: info.mtimeMs });
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

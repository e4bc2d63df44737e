// A run's raw.tar.gz: its raw files, secrets redacted (publishable.ts), in a reproducible tar (sorted, mtime 0)
// compressed with gzip (no timestamp in the header). A large tar is compressed in 4 MiB pieces at once on the
// thread pool and the gzip members concatenated: still one valid .tar.gz (gzip, tar and zlib read every
// member), made on every core instead of one. The pieces are cut at large files' edges (tar.ts, tarPieces) and
// given to zlib as their parts, views of the files' bytes and headers, not copied together. A harvest thread
// starts a run directory's archive before it parses the directory (archiveAhead), so the pool compresses while
// that thread parses.
import { createHash } from 'node:crypto';
import { createGzip } from 'node:zlib';
import { concatBytes } from './concat-bytes.ts';
import type { HarvestedRun } from './harvested.ts';
import { sha256Hex } from './provenance.ts';
import { applyRawRedactions, rawRedactions, redactRawFiles } from './publishable.ts';
import type { RawEntry } from './raw-tree.ts';
import { tarPieces } from './tar.ts';

/** Raw files above this size are compressed at gzip level 1 instead of 6. */
export const FAST_ARCHIVE_BYTES = 64 << 20;

/**
 * gzip level 6 for the usual run; level 1 for long runs (hours of 1-second samples): three times faster,
 * about a quarter larger, and harvesting a gigabyte then takes seconds rather than a minute.
 */
export function archiveLevelFor(h: Pick<HarvestedRun, 'raw'>): number {
  let bytes = 0;
  for (const e of h.raw) bytes += e.data.length;
  return bytes > FAST_ARCHIVE_BYTES ? 1 : 6;
}

/** Bytes of tar per gzip member: archives of up to this size are one ordinary gzip stream. */
export const ARCHIVE_CHUNK = 4 << 20;

/**
 * gzip's output buffer: a member's whole output in one (zlib's default 16 KiB pieces, each a buffer and a callback,
 * added a few percent to level 1's CPU time). The bytes are the same.
 */
const GZIP_OUTPUT_BYTES = 1 << 20;

/**
 * Pieces compressed at once: up to 128 MiB of tar, so that the pool has the whole of a usual long run directory
 * to compress while its thread parses it (nothing more is handed to the pool until the parse ends). Each holds
 * zlib's state and an output buffer meanwhile, about 1.3 MB.
 */
const ARCHIVE_IN_FLIGHT = 32;

/**
 * One gzip member of these bytes, one after the other (zlib's output is the same however its input is cut), as
 * zlib's output: views of its output buffers, copied once into the archive.
 */
function gzipMember(parts: Uint8Array[], level: number): Promise<Uint8Array[]> {
  return new Promise((resolve, reject) => {
    const z = createGzip({ level, chunkSize: GZIP_OUTPUT_BYTES });
    const out: Uint8Array[] = [];
    z.on('data', (b: Buffer) => out.push(b));
    z.on('end', () => resolve(out));
    z.on('error', reject);
    // A piece of one part (a large file's) is given with its end: one job on the pool, where a write and then
    // the end took two, with a turn of this thread (busy parsing) between them.
    if (parts.length === 1) z.end(parts[0]);
    else {
      for (const p of parts) z.write(p);
      z.end();
    }
  });
}

/** The archive of these files (already redacted), at a gzip level. */
async function archiveOf(raw: RawEntry[], level: number): Promise<Uint8Array> {
  const entries = [...raw].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const members: Uint8Array[][] = [];
  const running: Array<Promise<void>> = [];
  // The archive's sha256, taken member by member as they arrive in order: while the pool still compresses the
  // last pieces, not after them.
  const hash = createHash('sha256');
  let hashed = 0;
  let n = 0;
  for (const piece of tarPieces(entries, ARCHIVE_CHUNK, 0)) {
    const i = n++;
    const done = gzipMember(piece, level).then((m) => {
      members[i] = m;
      for (; members[hashed]; hashed++) for (const b of members[hashed]!) hash.update(b);
    });
    done.catch(() => {}); // awaited below, in order
    running.push(done);
    if (running.length >= ARCHIVE_IN_FLIGHT) await running.shift();
  }
  await Promise.all(running);
  // One copy into a buffer of its own (it may be moved to another thread).
  const archive = concatBytes(members.flat());
  digests.set(archive, hash.digest('hex'));
  return archive;
}

/** The sha256 (hex) of the archives archiveOf made on this thread. */
const digests = new WeakMap<Uint8Array, string>();

/** An archive's sha256 (hex): taken already for one rawArchive or archiveAhead made. */
export function archiveSha256(archive: Uint8Array): string {
  return digests.get(archive) ?? sha256Hex(archive);
}

/** The run's raw archive; its raw files are redacted in place first (publishable.ts). */
export async function rawArchive(h: HarvestedRun, level = archiveLevelFor(h)): Promise<Uint8Array> {
  redactRawFiles(h);
  return archiveOf(h.raw, level);
}

/**
 * The archive of a run directory's files, started before a harvester reads them: redacted into copies (the
 * files stay as they are for the harvester) and compressed on the thread pool meanwhile. `take` gives it to
 * the run harvested from them, redacting the run's files as rawArchive would, when its raw files are exactly
 * these; else (the harvester left a file out) undefined, and the run's archive is made as usual.
 */
export function archiveAhead(files: RawEntry[]): { take(h: HarvestedRun): Promise<Uint8Array> | undefined } {
  const level = archiveLevelFor({ raw: files });
  const data = new Map(files.map((e) => [e.path, e.data]));
  let changed = new Map<string, Uint8Array>();
  let archiving: Promise<Uint8Array>;
  try {
    changed = rawRedactions(files);
    archiving = archiveOf(
      files.map((e) => ({ path: e.path, data: changed.get(e.path) ?? e.data })),
      level,
    );
  } catch (e) {
    archiving = Promise.reject(e); // a file that cannot be checked: the run's archive fails as rawArchive would
  }
  archiving.catch(() => {}); // awaited by the run that takes it
  return {
    take(h) {
      if (data.size !== files.length || h.raw.length !== data.size) return undefined;
      if (!h.raw.every((e) => data.get(e.path) === e.data)) return undefined;
      applyRawRedactions(h, changed);
      return archiving;
    },
  };
}

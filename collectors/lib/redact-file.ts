// A raw file as it may go into a run's archive, whatever it holds: text redacted (redact-text.ts) over its whole
// length, read in pieces cut at line ends so that a file of any size is searched to its end; a gzip or zstd
// file decompressed, its content redacted as a file of its own and compressed again; a tar file member by
// member; an SQLite database value by value (redact-sqlite.ts). Other binary files (a NUL byte in the first
// 64 KiB: images, core files) hold no text line to redact and are kept as they are.
import { constants, gunzipSync, gzipSync } from 'node:zlib';
import * as zlib from 'node:zlib';
import { InputError } from './input-error.ts';
import { maxRawBytes, tooLarge } from './raw-size-limit.ts';
import { redactRawText } from './redact-text.ts';
import { isSqlite, redactSqlite } from './redact-sqlite.ts';
import type { ListingState } from './redact-ps.ts';
import { readTar, writeTar } from './tar.ts';

/**
 * Text is redacted in pieces of about this size, cut at line ends: a string this small is made in the young
 * generation, where a gigabyte of them costs a copy, not a page fault per 4 KiB (a string of 16 MiB is not).
 */
const PIECE_BYTES = 64 << 10;
/** A line longer than this is cut (JavaScript strings cannot hold a gigabyte file). */
const LINE_BYTES = 16 << 20;
/** Where the first NUL byte is looked for: text files have none. */
const BINARY_SNIFF_BYTES = 64 << 10;
/** Archives inside archives inside archives: deeper than this is refused, not unpacked without end. */
const MAX_DEPTH = 4;

type Zstd = { zstdDecompressSync(b: Uint8Array, o?: object): Buffer; zstdCompressSync(b: Uint8Array): Buffer };
const zstd = (zlib as unknown as Partial<Zstd>).zstdDecompressSync ? (zlib as unknown as Zstd) : undefined;

const isGzip = (b: Buffer) => b.length >= 10 && b[0] === 0x1f && b[1] === 0x8b;
const isZstd = (b: Buffer) => b.length >= 4 && b.readUInt32LE(0) === 0xfd2fb528;
const isTar = (b: Buffer) => b.length >= 1024 && b.toString('latin1', 257, 262) === 'ustar';

function cannotCheck(path: string, why: string): InputError {
  return new InputError({
    file: path,
    what: `cannot be checked for passwords before it is archived: ${why}`,
    todo: 'Repair it or leave it out of the input',
  });
}

/**
 * The bytes of a raw file as they may be archived, or undefined when nothing in them changes. Throws an
 * InputError for a file that cannot be checked (a compressed file that does not decompress, an SQLite file
 * SQLite cannot open, archives nested deeper than 4).
 */
export function redactRawFile(path: string, data: Uint8Array, depth = 0): Uint8Array | undefined {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (isGzip(bytes) || (zstd && isZstd(bytes)) || isTar(bytes)) {
    if (depth >= MAX_DEPTH) throw cannotCheck(path, `archives nested more than ${MAX_DEPTH} deep`);
    if (isTar(bytes)) return redactTar(path, bytes, depth);
    return redactCompressed(path, bytes, depth);
  }
  if (isSqlite(bytes)) {
    try {
      return redactSqlite(bytes);
    } catch (e) {
      throw cannotCheck(path, `not a database SQLite can open (${(e as Error).message})`);
    }
  }
  if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) return undefined;
  return redactText(bytes);
}

function redactCompressed(path: string, bytes: Buffer, depth: number): Uint8Array | undefined {
  const limit = maxRawBytes();
  const gzip = isGzip(bytes);
  let inner: Buffer;
  try {
    // A gzip file cut short gives what it has (finishFlush), as the tools that read it would.
    inner = gzip
      ? gunzipSync(bytes, { maxOutputLength: limit, finishFlush: constants.Z_SYNC_FLUSH })
      : zstd!.zstdDecompressSync(bytes, { maxOutputLength: limit });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(path, limit);
    throw cannotCheck(path, `its ${gzip ? 'gzip' : 'zstd'} data is corrupt (${(e as Error).message})`);
  }
  const shown = redactRawFile(path, inner, depth + 1);
  if (!shown) return undefined;
  return gzip ? gzipSync(shown) : zstd!.zstdCompressSync(shown);
}

function redactTar(path: string, bytes: Buffer, depth: number): Uint8Array | undefined {
  let entries;
  try {
    entries = readTar(bytes);
  } catch {
    return redactText(bytes); // "ustar" at the place of a tar header, but no tar file
  }
  let changed = false;
  for (const e of entries) {
    const shown = redactRawFile(`${path}:${e.path}`, e.data, depth + 1);
    if (!shown) continue;
    e.data = shown;
    changed = true;
  }
  return changed ? writeTar(entries) : undefined;
}

/** Text of any size, in pieces cut at line ends (a line longer than LINE_BYTES is cut where that ends). */
function redactText(bytes: Buffer): Uint8Array | undefined {
  const state: ListingState = {};
  // The pieces that changed, by where they start: most files have none.
  const edits: Array<{ at: number; end: number; shown: string }> = [];
  for (let at = 0; at < bytes.length;) {
    let end = Math.min(bytes.length, at + PIECE_BYTES);
    if (end < bytes.length) {
      const nl = bytes.subarray(end, end + LINE_BYTES).indexOf(10);
      if (nl >= 0) end += nl + 1;
    }
    const text = bytes.toString('latin1', at, end);
    const shown = redactRawText(text, state);
    if (shown !== text) edits.push({ at, end, shown });
    at = end;
  }
  if (!edits.length) return undefined;
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const e of edits) {
    pieces.push(bytes.subarray(from, e.at), Buffer.from(e.shown, 'latin1'));
    from = e.end;
  }
  pieces.push(bytes.subarray(from));
  return Buffer.concat(pieces);
}

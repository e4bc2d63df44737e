// Raw text as UTF-8 bytes, for the parsers of long files (vmstat, iostat): a file's bytes are already in memory,
// and decoding hundreds of MB into strings was a second copy on the heap that the garbage collector had to
// follow and collect (docs/internals.md). The parsers give the same results on these bytes as on the text.
import { isAscii } from 'node:buffer';

/**
 * The UTF-8 bytes of a text. A string is encoded; bytes are the text a file decodes to (raw-tree's decodeText):
 * ASCII bytes are that text already (no copy), other bytes are decoded (byte order mark dropped, bad sequences
 * U+FFFD) and encoded again, so every parser sees valid UTF-8 of exactly the text it would have been given.
 */
export function textBytes(text: string | Uint8Array): Buffer {
  if (text instanceof Buffer && read.has(text)) return text;
  let b: Buffer;
  if (typeof text === 'string') b = Buffer.from(text, 'utf8');
  else {
    b = Buffer.from(text.buffer, text.byteOffset, text.byteLength);
    if (!isAscii(b)) b = Buffer.from(new TextDecoder().decode(b), 'utf8');
  }
  read.add(b);
  return b;
}

/** Buffers textBytes returned: passed to it again (a parser, then the harness's averages), they are as they were. */
const read = new WeakSet<Buffer>();

/** Whether b[at...] starts with the ASCII string s. */
export function startsWithAscii(b: Uint8Array, s: string, at: number): boolean {
  if (at + s.length > b.length) return false;
  for (let i = 0; i < s.length; i++) if (b[at + i] !== s.charCodeAt(i)) return false;
  return true;
}

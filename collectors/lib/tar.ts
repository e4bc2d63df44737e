// A small ustar reader and writer: raw archives must be byte-for-byte reproducible (fixed mtime, owner and
// order) so that harvesting the same files twice writes the same archive.
import { concatBytes } from './concat-bytes.ts';

export interface TarEntry {
  path: string;
  data: Uint8Array;
  /** Modification time in seconds since 1970 (0 in archives benchsite writes). */
  mtime?: number;
}

const BLOCK = 512;
const enc = new TextEncoder();
const dec = new TextDecoder();

function octal(n: number, width: number): string {
  return n.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, type: string, mtime: number): Uint8Array {
  const h = new Uint8Array(BLOCK);
  const put = (text: string, offset: number, width: number) => h.set(enc.encode(text).subarray(0, width), offset);
  let prefix = '';
  let base = name;
  if (enc.encode(name).length > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut > 0 && enc.encode(name.slice(cut + 1)).length <= 100) {
      prefix = name.slice(0, cut);
      base = name.slice(cut + 1);
    }
  }
  put(base, 0, 100);
  put(octal(0o644, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12);
  put(octal(mtime, 12), 136, 12);
  put('        ', 148, 8);
  put(type, 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  put(prefix, 345, 155);
  let sum = 0;
  for (const b of h) sum += b;
  put(octal(sum, 7) + ' ', 148, 8);
  return h;
}

function pad(n: number): number {
  return (BLOCK - (n % BLOCK)) % BLOCK;
}

/** The pieces of a tar file of `entries` (in the order given), in order: headers, data and padding. */
function tarParts(entries: TarEntry[], mtime = 0): Uint8Array[] {
  const parts: Uint8Array[] = [];
  for (const e of entries) {
    const nameBytes = enc.encode(e.path).length;
    if (nameBytes > 100 && !(e.path.lastIndexOf('/', 155) > 0)) {
      const record = paxRecord('path', e.path);
      parts.push(header('PaxHeader', record.length, 'x', mtime), record, new Uint8Array(pad(record.length)));
    }
    parts.push(header(e.path, e.data.length, '0', mtime), e.data, new Uint8Array(pad(e.data.length)));
  }
  parts.push(new Uint8Array(BLOCK * 2));
  return parts.filter((p) => p.length > 0);
}

/** Encode entries (in the order given) as a tar file. Names longer than ustar allows get a pax header. */
export function writeTar(entries: TarEntry[], mtime = 0): Uint8Array {
  return concatBytes(tarParts(entries, mtime));
}

/**
 * The tar of `entries` in pieces of at most `size` bytes, which together are the tar: what a large raw archive
 * is compressed from, without building the whole tar in memory. A tar of `size` or less is one piece. Else a
 * file's bytes of `size / 4` or more are pieces of their own, views of them cut every `size` bytes, and the
 * rest (headers, padding, small files) is grouped into pieces between them: a piece never spans a large file's
 * edge. Each piece is given as its parts, views of the files' bytes and of the headers, not copied together
 * (a gzip stream takes them one after the other: a gigabyte of tar is compressed from the files themselves).
 */
export function* tarPieces(entries: TarEntry[], size: number, mtime = 0): Generator<Uint8Array[]> {
  const parts = tarParts(entries, mtime);
  const total = parts.reduce((n, p) => n + p.length, 0);
  let pending: Uint8Array[] = [];
  let have = 0;
  const flush = () => {
    const piece = pending;
    pending = [];
    have = 0;
    return piece;
  };
  const own = total > size ? size / 4 : Infinity;
  for (const part of parts) {
    if (part.length >= own) {
      if (have) yield flush();
      for (let at = 0; at < part.length; at += size) yield [part.subarray(at, at + size)];
      continue;
    }
    if (have + part.length > size && have) yield flush();
    // A small part longer than the room left (size / 4 or more only when the tar is one piece) is cut.
    for (let at = 0; at < part.length;) {
      const take = Math.min(part.length - at, size - have);
      pending.push(part.subarray(at, at + take));
      have += take;
      at += take;
      if (have === size) yield flush();
    }
  }
  if (have) yield flush();
}

/** tarPieces with each piece's parts copied into one array (a piece of one part is that view itself). */
export function* tarChunks(entries: TarEntry[], size: number, mtime = 0): Generator<Uint8Array> {
  for (const piece of tarPieces(entries, size, mtime)) yield piece.length === 1 ? piece[0]! : concatBytes(piece);
}

function paxRecord(key: string, value: string): Uint8Array {
  // A pax record is "<length> <key>=<value>\n" where <length> counts its own digits too.
  const base = enc.encode(` ${key}=${value}\n`).length;
  let len = base + 1;
  while (base + String(len).length !== len) len = base + String(len).length;
  return enc.encode(`${len} ${key}=${value}\n`);
}

function readString(b: Uint8Array, offset: number, width: number): string {
  const slice = b.subarray(offset, offset + width);
  const nul = slice.indexOf(0);
  return dec.decode(nul < 0 ? slice : slice.subarray(0, nul));
}

/** A tar header's fields. */
interface Header {
  name: string;
  size: number;
  mtime: number;
  type: string;
}

/** Whether a header's checksum (field at 148, the sum of its bytes with that field as spaces) holds. */
function checksumHolds(h: Uint8Array): boolean {
  const stored = parseInt(readString(h, 148, 8).trim(), 8);
  if (!Number.isFinite(stored)) return false;
  let unsigned = 0;
  let signed = 0; // some old tars summed signed bytes
  for (let i = 0; i < BLOCK; i++) {
    const b = i >= 148 && i < 156 ? 32 : h[i]!;
    unsigned += b;
    signed += b > 127 ? b - 256 : b;
  }
  return stored === unsigned || stored === signed;
}

/** A tar file that is not one: a header that fails its checksum, at a byte offset. */
export class TarFormatError extends Error {}

function parseHeader(h: Uint8Array): Header {
  const octalField = (offset: number, width: number) => parseInt(readString(h, offset, width).trim() || '0', 8) || 0;
  const magic = readString(h, 257, 6);
  const prefix = magic.startsWith('ustar') ? readString(h, 345, 155) : '';
  const base = readString(h, 0, 100);
  return {
    name: prefix ? `${prefix}/${base}` : base,
    size: octalField(124, 12),
    mtime: octalField(136, 12),
    type: String.fromCharCode(h[156]!),
  };
}

const isFile = (type: string) => type === '0' || type === '\0' || type === '7';
/** GNU long names and pax records are small; a header that says otherwise is not believed. */
const MAX_NAME_RECORD = 1 << 20;

/**
 * A tar file read piece by piece, as it is unpacked, so it is never whole in memory: ustar, GNU long names and
 * pax path records; only regular files are kept, each in its own buffer. `onFile` hears each file's declared
 * size before its bytes are kept, and may throw to refuse it (a size limit).
 */
export class TarReader {
  readonly entries: TarEntry[] = [];
  private readonly onFile?: (path: string, size: number) => void;
  private readonly header = new Uint8Array(BLOCK);
  private headerFill = 0;
  private current?: Header;
  private data?: Uint8Array;
  private dataFill = 0;
  /** Bytes of the current entry (data and padding) still to come. */
  private remaining = 0;
  private longName?: string;
  private finished = false;
  /** Bytes read so far, for the offset of a bad header. */
  private offset = 0;
  /** The path of a file the input ended inside (a truncated archive), once end() has been called. */
  cutShort?: string;

  constructor(onFile?: (path: string, size: number) => void) {
    this.onFile = onFile;
  }

  /** Whether the end-of-archive block has been read (what follows it is not part of the archive). */
  get done(): boolean {
    return this.finished;
  }

  push(chunk: Uint8Array): void {
    let off = 0;
    while (off < chunk.length && !this.finished) {
      if (!this.current) {
        const n = Math.min(BLOCK - this.headerFill, chunk.length - off);
        this.header.set(chunk.subarray(off, off + n), this.headerFill);
        this.headerFill += n;
        off += n;
        this.offset += n;
        if (this.headerFill === BLOCK) this.startEntry();
      } else {
        const n = Math.min(this.remaining, chunk.length - off);
        if (this.data && this.dataFill < this.data.length) {
          const keep = Math.min(n, this.data.length - this.dataFill);
          this.data.set(chunk.subarray(off, off + keep), this.dataFill);
          this.dataFill += keep;
        }
        this.remaining -= n;
        off += n;
        this.offset += n;
        if (this.remaining === 0) this.endEntry();
      }
    }
  }

  /**
   * The files read; a file cut short by the end of the input keeps the bytes it has, and its path is in
   * `cutShort` (a reader of untrusted archives refuses them: a cut file would be read as a shorter run).
   */
  end(): TarEntry[] {
    if (this.current && isFile(this.current.type)) {
      this.cutShort = this.longName ?? this.current.name;
      if (this.data) this.endEntry(this.data.subarray(0, this.dataFill));
    } else if (this.current || this.headerFill > 0) this.cutShort = this.current?.name ?? '(a header)';
    return this.entries;
  }

  private startEntry(): void {
    this.headerFill = 0;
    if (this.header.every((b) => b === 0)) {
      this.finished = true;
      return;
    }
    if (!checksumHolds(this.header))
      throw new TarFormatError(`corrupt tar header at byte ${this.offset - BLOCK} (its checksum does not match)`);
    const h = parseHeader(this.header);
    this.current = h;
    this.dataFill = 0;
    this.remaining = h.size + pad(h.size);
    if (isFile(h.type)) {
      this.onFile?.(this.longName ?? h.name, h.size);
      this.data = new Uint8Array(h.size);
    } else if ((h.type === 'L' || h.type === 'x') && h.size <= MAX_NAME_RECORD) this.data = new Uint8Array(h.size);
    else this.data = undefined;
    if (this.remaining === 0) this.endEntry();
  }

  private endEntry(data = this.data): void {
    const h = this.current!;
    this.current = undefined;
    this.data = undefined;
    if (h.type === 'L') {
      this.longName = data ? readString(data, 0, data.length) : undefined;
    } else if (h.type === 'x') {
      const m = data ? /(?:^|\n)\d+ path=([^\n]*)\n/.exec(dec.decode(data)) : null;
      if (m) this.longName = m[1];
    } else if (isFile(h.type)) {
      this.entries.push({ path: this.longName ?? h.name, data: data ?? new Uint8Array(), mtime: h.mtime });
      this.longName = undefined;
    } else {
      this.longName = undefined; // directories, links, global headers
    }
  }
}

/** Decode a tar file (ustar, GNU long names, pax path records). Only regular files are returned. */
export function readTar(buf: Uint8Array): TarEntry[] {
  const reader = new TarReader();
  reader.push(buf);
  return reader.end();
}

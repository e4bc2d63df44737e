// A small ustar reader and writer: raw archives must be byte-for-byte reproducible (fixed mtime, owner and
// order) so that harvesting the same files twice writes the same archive.

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
export function tarParts(entries: TarEntry[], mtime = 0): Uint8Array[] {
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
  const parts = tarParts(entries, mtime);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/**
 * The tar of `entries` in pieces of exactly `size` bytes (the last one shorter), cut across entries as the
 * bytes fall, without building the whole tar in memory: what a large raw archive is compressed from.
 */
export function* tarChunks(entries: TarEntry[], size: number, mtime = 0): Generator<Uint8Array> {
  let pending: Uint8Array[] = [];
  let have = 0;
  const flush = () => {
    const chunk = pending.length === 1 ? pending[0]! : Buffer.concat(pending, have);
    pending = [];
    have = 0;
    return chunk;
  };
  for (let part of tarParts(entries, mtime)) {
    while (have + part.length >= size) {
      const take = size - have;
      pending.push(part.subarray(0, take));
      have += take;
      yield flush();
      part = part.subarray(take);
    }
    if (part.length) {
      pending.push(part);
      have += part.length;
    }
  }
  if (have) yield flush();
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

/** Decode a tar file (ustar, GNU long names, pax path records). Only regular files are returned. */
export function readTar(buf: Uint8Array): TarEntry[] {
  const out: TarEntry[] = [];
  let offset = 0;
  let longName: string | undefined;
  while (offset + BLOCK <= buf.length) {
    const h = buf.subarray(offset, offset + BLOCK);
    if (h.every((b) => b === 0)) break;
    const size = parseInt(readString(h, 124, 12).trim() || '0', 8);
    const mtime = parseInt(readString(h, 136, 12).trim() || '0', 8);
    const type = String.fromCharCode(h[156]!);
    const magic = readString(h, 257, 6);
    const prefix = magic.startsWith('ustar') ? readString(h, 345, 155) : '';
    const name = prefix ? `${prefix}/${readString(h, 0, 100)}` : readString(h, 0, 100);
    const dataStart = offset + BLOCK;
    const data = buf.subarray(dataStart, dataStart + size);
    offset = dataStart + size + pad(size);
    if (type === 'L') {
      longName = readString(data, 0, data.length);
    } else if (type === 'x') {
      const m = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(dec.decode(data));
      if (m) longName = m[1];
    } else if (type === '0' || type === '\0' || type === '7') {
      out.push({ path: longName ?? name, data, mtime });
      longName = undefined;
    } else {
      longName = undefined; // directories, links, global headers
    }
  }
  return out;
}

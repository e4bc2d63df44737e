// series.json straight from its bytes, for the site build: decoding a 300 KB file to a string, JSON.parse and
// the schema check cost the run page's render more than drawing its charts. This scanner reads the bytes once
// and builds the same SeriesFile that JSON.parse and parseSeriesFile give a valid file, but it only accepts
// what it fully understands: a file with anything else (an escape in a string, a duplicate or unknown key, a
// value of another type, bad UTF-8, a syntax error) gives undefined, and the caller takes the usual path, so
// every bad file still gets JSON.parse's and zod's own messages.
import { badNameChar } from '../schemas/common.ts';
import type { Series, SeriesFile } from '../schemas/index.ts';

/** Thrown at the first thing the scanner does not accept; never leaves this module. */
const NOT_UNDERSTOOD = Symbol('not understood');
function bail(): never {
  throw NOT_UNDERSTOOD;
}

// ignoreBOM: a U+FEFF at the start of a string is kept, as decoding the whole file keeps it there.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
// Powers of ten exactly as doubles (up to 1e22 they are exact).
const POW10 = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));

// Reads past the end give undefined, which is no digit.
const isDigit = (c: number | undefined): c is number => c !== undefined && c >= 48 && c <= 57;

// The same few names (columns, units, series) recur thousands of times a file: one string each, by a hash of
// its bytes, compared before use.
const strings = new Map<number, string>();
function interned(b: Buffer, start: number, end: number, hash: number): string {
  const s = strings.get(hash);
  if (s !== undefined && s.length === end - start) {
    let i = 0;
    while (i < s.length && s.charCodeAt(i) === b[start + i]) i++;
    if (i === s.length) return s;
  }
  const made = b.toString('latin1', start, end);
  if (strings.size >= 4096) strings.clear();
  strings.set(hash, made);
  return made;
}

class Scanner {
  pos = 0;
  readonly b: Buffer;
  constructor(b: Buffer) {
    this.b = b;
  }

  /** The next byte that is not JSON whitespace, -1 at the end. */
  peek(): number {
    const b = this.b;
    let p = this.pos;
    let c = p < b.length ? b[p]! : -1;
    while (c === 32 || c === 10 || c === 13 || c === 9) c = ++p < b.length ? b[p]! : -1;
    this.pos = p;
    return c;
  }

  take(c: number): void {
    if (this.peek() !== c) bail();
    this.pos++;
  }

  /** `,` (true) or `close` (false) after a member or element. */
  more(close: number): boolean {
    const c = this.peek();
    this.pos++;
    if (c === 44) return true;
    if (c !== close) bail();
    return false;
  }

  /** A string without escapes or control characters, UTF-8 checked. */
  string(): string {
    this.take(34);
    const b = this.b;
    const start = this.pos;
    let p = start;
    let ascii = true;
    let hash = 0;
    for (;;) {
      if (p >= b.length) bail();
      const c = b[p]!;
      if (c === 34) break;
      if (c < 32 || c === 92) bail();
      if (c >= 128) ascii = false;
      hash = (Math.imul(hash, 31) + c) | 0;
      p++;
    }
    this.pos = p + 1;
    if (ascii) return p - start <= 32 ? interned(b, start, p, hash) : b.toString('latin1', start, p);
    try {
      return utf8.decode(b.subarray(start, p));
    } catch {
      return bail();
    }
  }

  /** A name as the schema's Name accepts it: not empty, none of the characters names may not hold. */
  name(): string {
    const s = this.string();
    if (!s || badNameChar(s)) bail();
    return s;
  }

  /** A JSON number as JSON.parse reads it (correctly rounded), finite. */
  number(): number {
    const b = this.b;
    let p = this.pos;
    const start = p;
    const neg = b[p] === 45;
    if (neg) p++;
    let c = b[p];
    let m = 0;
    let digits = 0;
    let frac = 0;
    if (c === 48) c = b[++p];
    else if (isDigit(c)) {
      do {
        m = m * 10 + (c - 48);
        digits++;
        c = b[++p];
      } while (isDigit(c));
    } else bail();
    if (c === 46) {
      c = b[++p];
      if (!isDigit(c)) bail();
      do {
        m = m * 10 + (c - 48);
        digits++;
        frac++;
        c = b[++p];
      } while (isDigit(c));
    }
    let exp = false;
    if (c === 101 || c === 69) {
      exp = true;
      c = b[++p];
      if (c === 43 || c === 45) c = b[++p];
      if (!isDigit(c)) bail();
      do c = b[++p];
      while (isDigit(c));
    }
    this.pos = p;
    // Up to 15 digits the digits are an exact integer and m / 10^frac one correctly rounded division, as
    // JSON.parse rounds; any other number is read by Number(), which reads JSON's number syntax the same.
    if (!exp && digits <= 15) return neg ? -(m / POW10[frac]!) : m / POW10[frac]!;
    const v = Number(b.toString('latin1', start, p));
    if (!Number.isFinite(v)) bail();
    return v;
  }

  /** `rows`: lists of numbers or null. */
  rows(): Array<Array<number | null>> {
    const rows: Array<Array<number | null>> = [];
    this.take(91);
    if (this.peek() === 93) {
      this.pos++;
      return rows;
    }
    do {
      const row: Array<number | null> = [];
      this.take(91);
      if (this.peek() === 93) this.pos++;
      else {
        const b = this.b;
        for (;;) {
          let c = b[this.pos];
          if (c === 32 || c === 10 || c === 13 || c === 9) c = this.peek();
          if (c === 110) {
            const p = this.pos;
            if (b[p + 1] !== 117 || b[p + 2] !== 108 || b[p + 3] !== 108) bail();
            this.pos = p + 4;
            row.push(null);
          } else row.push(this.number());
          // The usual separator right after the value, else the general case.
          c = b[this.pos];
          if (c === 44) this.pos++;
          else if (c === 93) {
            this.pos++;
            break;
          } else if (!this.more(93)) break;
        }
      }
      rows.push(row);
    } while (this.more(93));
    return rows;
  }

  /** The members of an object, each key given to `member`, which reads its value (and refuses a key twice). */
  object(member: (key: string) => void): void {
    this.take(123);
    if (this.peek() === 125) {
      this.pos++;
      return;
    }
    do {
      const key = this.string();
      this.take(58);
      member(key);
    } while (this.more(125));
  }

  /** An array of `item`s. */
  array<T>(item: () => T): T[] {
    const out: T[] = [];
    this.take(91);
    if (this.peek() === 93) {
      this.pos++;
      return out;
    }
    do out.push(item());
    while (this.more(93));
    return out;
  }

  column(): { name: string; unit: string } {
    const col: Record<string, string> = {};
    this.object((key) => {
      if (col[key] !== undefined) bail();
      if (key === 'name') col.name = this.name();
      else if (key === 'unit') {
        const unit = this.string();
        if (!unit) bail();
        col.unit = unit;
      } else bail();
    });
    if (col.name === undefined || col.unit === undefined) bail();
    return col as { name: string; unit: string };
  }

  series(): Series {
    // Its fields in the file's order, as JSON.parse makes the object.
    const s: Record<string, unknown> = {};
    this.object((key) => {
      if (s[key] !== undefined) bail();
      if (key === 'name' || key === 'device') s[key] = this.name();
      else if (key === 'intervalSeconds') {
        if (this.peek() === 110) bail();
        const v = this.number();
        if (!(v > 0)) bail();
        s[key] = v;
      } else if (key === 'columns') {
        const columns = this.array(() => this.column());
        if (!columns.length) bail();
        s[key] = columns;
      } else if (key === 'rows') s[key] = this.rows();
      else bail();
    });
    if (s.name === undefined || s.columns === undefined || s.rows === undefined) bail();
    return s as unknown as Series;
  }

  file(): SeriesFile {
    const file: Record<string, unknown> = {};
    this.object((key) => {
      if (file[key] !== undefined) bail();
      if (key === 'schemaVersion') {
        if (this.peek() === 110 || this.number() !== 1) bail();
        file[key] = 1;
      } else if (key === 'tests') {
        // No prototype, as parseSeriesFile gives it: test names are data.
        const tests: Record<string, Series[]> = Object.create(null);
        this.object((test) => {
          if (!test || test === '__proto__' || tests[test] !== undefined || badNameChar(test)) bail();
          tests[test] = this.array(() => this.series());
        });
        file[key] = tests;
      } else bail();
    });
    if (file.schemaVersion === undefined || file.tests === undefined) bail();
    if (this.peek() !== -1) bail();
    return file as unknown as SeriesFile;
  }
}

/**
 * The series.json of these bytes as JSON.parse and parseSeriesFile make a valid one, or undefined when the
 * scanner does not understand them (they may be valid or not: check them the usual way).
 */
export function scanSeriesFile(bytes: Buffer): SeriesFile | undefined {
  try {
    return new Scanner(bytes).file();
  } catch (e) {
    if (e === NOT_UNDERSTOOD) return undefined;
    throw e;
  }
}

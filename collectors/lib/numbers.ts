// Number parsing and printing that behave like the awk and printf of the shell harnesses,
// so values we compute can be compared with the files those scripts wrote.

/** awk's string-to-number: the longest numeric prefix, else 0 ("12abc" -> 12, "procs" -> 0, ".5" -> 0.5). */
export function awkNumber(field: string | undefined): number {
  if (!field) return 0;
  const m = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?/.exec(field);
  return m ? Number(m[0]) : 0;
}

/** A number the harness printed, accepting bc's `.5`; `undefined` for `NA`, `nan`, `inf`, empty. */
export function parseNumber(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const t = text.trim();
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

// C printf rounding lives in src/analysis (the site formats the same way); re-exported for the collectors.
export { printfFixed } from '../../src/lib/c-printf.ts';

/** Split a line on runs of white space, as awk does by default. */
export function fields(line: string): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    const space = c === 32 || c === 9 || c === 13;
    if (space) {
      if (start >= 0) {
        out.push(line.slice(start, i));
        start = -1;
      }
    } else if (start < 0) start = i;
  }
  if (start >= 0) out.push(line.slice(start));
  return out;
}

/** Lines of a text file without the empty string after a final newline. */
export function lines(text: string): string[] {
  const out = text.split('\n');
  if (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}

/** The non-blank lines of a text file with their 1-based line numbers, carriage returns removed. */
export function numberedLines(text: string): Array<{ line: number; text: string }> {
  const out: Array<{ line: number; text: string }> = [];
  text.split('\n').forEach((t, i) => {
    const clean = t.replace(/\r$/, '');
    if (clean.trim() !== '') out.push({ line: i + 1, text: clean });
  });
  return out;
}

/**
 * An empty array for scanNumberBytes and numberRuns to write into that holds doubles from the start. One that
 * began with integers changed its kind at the first fraction or NaN, so the rows copied from it came in two
 * kinds, and V8 threw away and compiled again the code reading them (cleanVmstat five times in one harvest).
 */
export function numberScratch(): number[] {
  const a = [0.5];
  a.length = 0;
  return a;
}

/** A token scanNumberBytes reads with Number() when it cannot scan it exactly. */
const PLAIN_NUMBER = /^-?(\d+\.?\d*|\.\d+)$/;

const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

const isBlank = (c: number) => c === 32 || c === 9 || c === 13;

/**
 * Read the white-space (space, tab, CR) separated tokens of the UTF-8 bytes b[start, end) as numbers into `out`
 * (cleared first): a token that is not a plain decimal number (`-12`, `3.50`) becomes NaN. A hand-written scanner
 * on the file's bytes (text-bytes.ts), because harvest reads hundreds of MB of vmstat/iostat output and a decoded
 * string, substrings and Number() per field are the slow part. The result equals Number(token): mantissa /
 * 10^decimals is one correctly rounded division of exact values. `max` stops after that many tokens. The usual
 * token is read by two loops of digits; anything else by oddToken, kept out of the loop so that it stays small
 * (and `out` is written by index, not cleared and pushed to: each clear let go of its storage).
 */
export function scanNumberBytes(b: Uint8Array, start: number, end: number, out: number[], max = Infinity): number[] {
  let n = 0;
  let i = start;
  while (i < end && n < max) {
    let c = b[i]!;
    if (isBlank(c)) {
      i++;
      continue;
    }
    const neg = c === 45;
    if (neg) i++;
    let mant = 0;
    const from = i;
    for (; i < end; i++) {
      c = b[i]!;
      if (c < 48 || c > 57) break;
      mant = mant * 10 + (c - 48);
    }
    const whole = i - from;
    let decimals = 0;
    if (i < end && c === 46) {
      const dot = ++i;
      for (; i < end; i++) {
        c = b[i]!;
        if (c < 48 || c > 57) break;
        mant = mant * 10 + (c - 48);
      }
      decimals = i - dot;
    }
    const digits = whole + decimals;
    if ((i < end && !isBlank(c)) || digits === 0 || digits > 15) {
      while (i < end && !isBlank(b[i]!)) i++;
      out[n++] = oddToken(b, start, i);
      continue;
    }
    const v = decimals ? mant / POW10[decimals]! : mant;
    out[n++] = neg ? -v : v;
  }
  out.length = n;
  return out;
}

/**
 * Number() of the token ending at b[i - 1] when it is a plain number (ASCII only, so latin1 reads it), else NaN.
 * A word (any byte but `-`, `.` and digits) is NaN at once: no string is made of a header's words.
 */
function oddToken(b: Uint8Array, start: number, i: number): number {
  let s = i - 1;
  while (s >= start && !(b[s] === 32 || b[s] === 9)) s--;
  let tok = '';
  for (let k = s + 1; k < i; k++) {
    const c = b[k]!;
    if (c !== 45 && c !== 46 && (c < 48 || c > 57)) return NaN;
    tok += String.fromCharCode(c);
  }
  return PLAIN_NUMBER.test(tok) ? Number(tok) : NaN;
}

/** Every run of digits (with an optional `.fraction`) in text[start, end), in order: `[ 12s ] qps: 3.5` -> 12, 3.5. */
export function numberRuns(text: string, start: number, end: number, out: number[]): number[] {
  // `out` is written by index and cut to length at the end: cleared and pushed to, it let go of its storage.
  let n = 0;
  let i = start;
  while (i < end) {
    let c = text.charCodeAt(i);
    if (c < 48 || c > 57) {
      i++;
      continue;
    }
    let mant = 0;
    let decimals = 0;
    let digits = 0;
    let dot = false;
    for (; i < end; i++) {
      c = text.charCodeAt(i);
      if (c >= 48 && c <= 57) {
        mant = mant * 10 + (c - 48);
        digits++;
        if (dot) decimals++;
      } else if (c === 46 && !dot && i + 1 < end && text.charCodeAt(i + 1) >= 48 && text.charCodeAt(i + 1) <= 57)
        dot = true;
      else break;
    }
    out[n++] = digits > 15 || decimals > 15 ? Number.NaN : decimals ? mant / POW10[decimals]! : mant;
  }
  out.length = n;
  return out;
}

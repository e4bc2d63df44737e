// series.json as harvest writes it: rows one per line, compact but still readable in a diff. A long run's
// series hold millions of numbers, so the rows are written as UTF-8 bytes straight from the numbers by a loop of
// digits (one function with its position in a local: methods and fields per byte were twice as slow), exactly as
// JSON.stringify writes them; a series with any other value (a number of more than six places, say) is written
// from JSON.stringify's text. That text, one string per series with its line breaks put in by replaceAll and
// then encoded, was most of the time and the garbage of writing a run. Pure.
import type { SeriesFile } from '../../src/schemas/index.ts';

const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6];
/** Below this a decimal's digits, times 10^places, are an exact integer, and one double is nearest it. */
const EXACT = 1e15;
const SMALL = 2 ** 31;
const utf8 = new TextEncoder();

interface Out {
  buf: Uint8Array;
  at: number;
}

function room(out: Out, at: number, n: number): Uint8Array {
  if (at + n <= out.buf.length) return out.buf;
  const b = new Uint8Array(Math.max(out.buf.length * 2, at + n));
  b.set(out.buf.subarray(0, at));
  out.buf = b;
  return b;
}

function text(out: Out, s: string): void {
  const b = room(out, out.at, s.length * 3);
  out.at += utf8.encodeInto(s, b.subarray(out.at)).written;
}

/**
 * `      [..],\n      [..]`, every row on a line of its own, as JSON.stringify writes its numbers and nulls; false
 * (out.at unchanged) when a value is anything else. JSON.stringify writes the fewest digits that read back as the
 * number: the fewest places d at which some m / 10^d is the number. Below EXACT there is at most one such m at
 * each d, and Math.round(v * 10^d) finds it (the product is off by less than a quarter); an m ending in 0 would
 * mean fewer places were missed, so JSON.stringify decides then (it cannot happen below EXACT).
 */
function writeRows(out: Out, rows: unknown[]): boolean {
  let at = out.at;
  let b: Uint8Array;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (!Array.isArray(row)) return false;
    // A number takes at most 18 bytes here (sign, 15 digits, point, a leading 0), 19 with its comma.
    b = room(out, at, 10 + row.length * 19);
    if (r > 0) {
      b[at++] = 44;
      b[at++] = 10;
    }
    for (let k = 0; k < 6; k++) b[at++] = 32;
    b[at++] = 91;
    for (let i = 0; i < row.length; i++) {
      if (i > 0) b[at++] = 44;
      const v: unknown = row[i];
      if (v === null) {
        b[at++] = 110;
        b[at++] = 117;
        b[at++] = 108;
        b[at++] = 108;
        continue;
      }
      if (typeof v !== 'number') return false;
      let m = v < 0 ? -v : v;
      let d = 0;
      if (!Number.isInteger(m)) {
        for (d = 1; d <= 6; d++) {
          const p = POW10[d]!;
          const k = Math.round(m * p);
          if (k / p === m) {
            m = k;
            break;
          }
        }
        if (d > 6 || m % 10 === 0) return false;
      }
      if (!(m < EXACT)) return false;
      if (v < 0) b[at++] = 45; // -0 is written 0
      // Digits counted, then written from the last: d places, the point, the whole part (at least a 0).
      let n = 1;
      for (let p = 10; m >= p; p *= 10) n++;
      const len = d === 0 ? n : Math.max(n, d + 1) + 1;
      let e = at + len;
      if (m < SMALL) {
        let x = m | 0; // 32-bit arithmetic divides by 10 with a multiplication
        for (let k = 0; k < d; k++) {
          const q = (x / 10) | 0;
          b[--e] = 48 + x - q * 10;
          x = q;
        }
        if (d > 0) b[--e] = 46;
        do {
          const q = (x / 10) | 0;
          b[--e] = 48 + x - q * 10;
          x = q;
        } while (e > at);
      } else {
        let x = m;
        for (let k = 0; k < d; k++) {
          const q = Math.floor(x / 10);
          b[--e] = 48 + x - q * 10;
          x = q;
        }
        if (d > 0) b[--e] = 46;
        do {
          const q = Math.floor(x / 10);
          b[--e] = 48 + x - q * 10;
          x = q;
        } while (e > at);
      }
      at += len;
    }
    b[at++] = 93;
  }
  out.at = at;
  return true;
}

/** series.json's bytes (UTF-8). */
export function seriesJsonBytes(series: SeriesFile): Uint8Array {
  // Sized for the rows at about 8 bytes a number, so that a long run's 12 MB are not written through a dozen
  // doublings of the buffer (each a copy of what was written, into new memory); room() grows it when short.
  let guess = 1 << 16;
  for (const list of Object.values(series.tests))
    for (const s of list) guess += s.rows.length * (12 + 8 * (s.rows[0]?.length ?? 0));
  const out: Out = { buf: new Uint8Array(guess), at: 0 };
  text(out, '{"schemaVersion": 1, "tests": {\n');
  Object.entries(series.tests).forEach(([test, list], t) => {
    text(out, `${t ? ',\n' : ''}  ${JSON.stringify(test)}: [\n`);
    list.forEach((s, k) => {
      const { rows, ...head } = s;
      text(out, `${k ? ',\n' : ''}    ${JSON.stringify(head).slice(0, -1)},"rows":[\n`);
      if (rows.length && !writeRows(out, rows))
        text(out, `      ${JSON.stringify(rows).slice(1, -1).replaceAll('],[', '],\n      [')}`);
      text(out, '\n    ]}');
    });
    text(out, '\n  ]');
  });
  text(out, '\n}}\n');
  // A view, not a copy of a long run's 12 MB (a worker that moves them copies a view first: harvest-worker.ts).
  return out.buf.subarray(0, out.at);
}

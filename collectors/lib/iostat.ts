// iostat -kx text (sysstat) -> per-device numeric rows, plus the harness's grep-and-average (docs/formats/vmstat-iostat.md 4.3, 4.4).
import { numberScratch, scanNumberBytes } from './numbers.ts';
import { startsWithAscii, textBytes } from './text-bytes.ts';

export interface Iostat {
  /** From the first line: `Linux <kernel> (<host>) <date> _<arch>_ (<N> CPU)`. */
  kernel?: string;
  hostname?: string;
  /** Date as printed (locale dependent), and as YYYY-MM-DD when it could be read. */
  dateText?: string;
  date?: string;
  cpus?: number;
  /** Column names of the `Device` header, first one (`Device` or `Device:`) dropped. */
  columns: string[];
  /** Device names in the order they first appear. */
  deviceNames: string[];
  /**
   * A device's rows in report order; row[j] is columns[j]. Parsed on first use: harvest needs the rows of one
   * device (the database's), and real files list many (feb25: 7 devices, 335 reports).
   */
  rows(device: string): number[][];
  /** `avg-cpu` rows: %user %nice %system %iowait %steal %idle. */
  cpu: number[][];
  /** Number of reports (Device header lines). */
  reports: number;
}

const HEADER = /^Linux\s+(\S+)\s+\(([^)]*)\)\s+(\S+)\s+\S*\s*\((\d+) CPU\)/;

/** Whether text[s, n) holds the bytes of name: a loop, since device names are short and a native call per line is not. */
function sameBytes(name: Uint8Array, text: Uint8Array, s: number, n: number): boolean {
  if (name.length !== n - s) return false;
  for (let i = 0; i < name.length; i++) if (name[i] !== text[s + i]) return false;
  return true;
}

const isSpace = (c: number) => c === 32 || c === 9 || c === 13;

/** How many blank-separated fields the line `text[s, end)` has. */
function fieldCount(text: Uint8Array, s: number, end: number): number {
  let n = 0;
  for (let i = s; i < end; i++) if (!isSpace(text[i]!) && (i === s || isSpace(text[i - 1]!))) n++;
  return n;
}

/**
 * Parse `iostat -y -kx N` output: its text, or the bytes of a file (as text-bytes.ts reads them; no string of
 * the whole file is made, and the parsed rows read the bytes). Lines are scanned in place (no splitting), as
 * files reach GBs.
 */
export function parseIostat(input: string | Uint8Array): Iostat {
  const text = textBytes(input);
  const spans = new Map<string, number[]>(); // device -> [start, end, start, end, ...] of its number fields
  const parsed = new Map<string, number[][]>();
  let cpuLines: number[] | undefined = []; // [start, end, ...] of the avg-cpu rows, read on first use
  let cpu: number[][] | undefined;
  const out: Iostat = {
    columns: [],
    deviceNames: [],
    get cpu() {
      if (!cpu) {
        cpu = [];
        for (let i = 0; i < cpuLines!.length; i += 2)
          cpu.push(scanNumberBytes(text, cpuLines![i]!, cpuLines![i + 1]!, []));
        cpuLines = undefined;
      }
      return cpu;
    },
    reports: 0,
    rows(device) {
      let rows = parsed.get(device);
      if (!rows) {
        const at = spans.get(device) ?? [];
        rows = [];
        // Scanned into one array and copied at its size: an array grown number by number is reallocated.
        const nums = numberScratch();
        for (let i = 0; i < at.length; i += 2) rows.push(scanNumberBytes(text, at[i]!, at[i + 1]!, nums).slice());
        parsed.set(device, rows);
      }
      return rows;
    },
  };
  read.set(out, { text, spans });
  scanLines(text, out, spans, cpuLines);
  return out;
}

/** What scanLines keeps from line to line. */
interface LineState {
  /** 0 none, 1 after `avg-cpu:`, 2 device lines. */
  mode: 0 | 1 | 2;
  /** Index in deviceNames of the device of the last device line. */
  last: number;
  /** deviceNames[i] as UTF-8. */
  nameBytes: Buffer[];
}

/**
 * parseIostat's walk over the lines: a loop of its own, with only the device lines (most lines) read in it and
 * every other line read by otherLine, so that V8 optimizes a small function for it. As part of parseIostat, with
 * every branch in it, it was compiled again for one file after another (a fifth of a 100 MB harvest's compiling).
 */
function scanLines(text: Buffer, out: Iostat, spans: Map<string, number[]>, cpuLines: number[]): void {
  const st: LineState = { mode: 0, last: -1, nameBytes: [] };
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf(10, start);
    if (end < 0) end = text.length;
    let s = start;
    while (s < end && isSpace(text[s]!)) s++;
    if (s === end) {
      st.mode = 0;
    } else if (st.mode === 2 && end === text.length && fieldCount(text, s, end) < out.columns.length + 1) {
      // The last line, cut short: iostat was stopped while writing it (a monitor stopped at a test's end).
    } else if (st.mode === 2 && !startsWithAscii(text, 'Device', s)) {
      // A device line: remember where its numbers are.
      let n = s;
      while (n < end && !isSpace(text[n]!)) n++;
      // Usually the device after the last one seen: found by comparing in place, without a string per line.
      const g = st.nameBytes.length ? (st.last + 1) % st.nameBytes.length : -1;
      let at: number[];
      if (g >= 0 && sameBytes(st.nameBytes[g]!, text, s, n)) {
        at = spans.get(out.deviceNames[g]!)!;
        st.last = g;
      } else at = deviceSpans(text, s, n, out, spans, st);
      at.push(n, end);
    } else otherLine(text, s, end, out, cpuLines, st);
    start = end + 1;
  }
}

/** The spans of the device named by text[s, n), a device seen before or a new one, made the last seen. */
function deviceSpans(text: Buffer, s: number, n: number, out: Iostat, spans: Map<string, number[]>, st: LineState) {
  const name = text.toString('utf8', s, n);
  let at = spans.get(name);
  if (!at) {
    spans.set(name, (at = []));
    out.deviceNames.push(name);
    st.nameBytes.push(Buffer.from(name, 'utf8'));
  }
  st.last = out.deviceNames.indexOf(name);
  return at;
}

/** A line that is not a device line, from its first non-blank character `s`: the CPU row, or a header. */
function otherLine(text: Buffer, s: number, end: number, out: Iostat, cpuLines: number[], st: LineState): void {
  if (st.mode === 1) {
    cpuLines.push(s, end);
    st.mode = 0;
  } else if (startsWithAscii(text, 'avg-cpu:', s)) {
    st.mode = 1;
  } else if (startsWithAscii(text, 'Device', s)) {
    if (out.reports === 0) out.columns = text.toString('utf8', s, end).trim().split(/\s+/).slice(1);
    out.reports += 1;
    st.mode = 2;
  } else if (startsWithAscii(text, 'Linux', s)) {
    const m = HEADER.exec(text.toString('utf8', s, end));
    if (m) {
      out.kernel = m[1];
      out.hostname = m[2];
      out.dateText = m[3];
      out.date = readIostatDate(m[3]!);
      out.cpus = Number(m[4]);
    }
  }
}

/** The bytes parseIostat read and where each device's numbers are in them (harnessIostatSums reads its rows). */
const read = new WeakMap<Iostat, { text: Buffer; spans: Map<string, number[]> }>();

/** iostat's date in the C/en_US locale is MM/DD/YY or MM/DD/YYYY; ISO (YYYY-MM-DD) is accepted too. */
export function readIostatDate(text: string): string | undefined {
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{2})\/(\d{2})\/(\d{2}|\d{4})$/.exec(text);
  if (!m) return undefined;
  const year = m[3]!.length === 2 ? `20${m[3]}` : m[3]!;
  if (Number(m[1]) > 12) return undefined; // not the MM/DD order we can read safely
  return `${year}-${m[1]}-${m[2]}`;
}

/** Which fields (1-based, as awk counts) hold r/s, rkB/s, w/s, wkB/s for a header, per mytools ios.sh/an.sh. */
export function harnessFieldsFor(headerLine: string): { rs: number; rkb: number; ws: number; wkb: number } | undefined {
  const f = headerLine.trim().split(/\s+/);
  if (f[3] === 'r/s' && f[5] === 'rkB/s' && f[6] === 'wkB/s') return { rs: 4, rkb: 6, ws: 5, wkb: 7 }; // sysstat <= 11.5
  if (f[1] === 'r/s' && f[2] === 'w/s' && f[3] === 'rkB/s' && f[4] === 'wkB/s') return { rs: 2, rkb: 4, ws: 3, wkb: 5 }; // 11.6 - 12.1.1
  if (f[1] === 'r/s' && f[2] === 'rkB/s' && f[8] === 'wkB/s') return { rs: 2, rkb: 3, ws: 8, wkb: 9 }; // >= 12.1.2
  return undefined;
}

/**
 * The harness average: `grep <dname> file | awk '{ rs+=$crs; ... c+=1 }'`. A substring match, so `md2` also
 * matches `md20` and any other line containing the name. `skipFirst` is sum_iostat.sh's NR>1 (Insert Benchmark).
 * Finds the matching lines with indexOf over the whole text instead of splitting it into lines; with `parsed`
 * (parseIostat of the same bytes), when those lines are exactly the device's own, it adds up the device's rows
 * instead of reading their numbers again (the same numbers, added in the same order).
 * `stopAtFirstIO` answers only "did this device do any IO" (the sums are then partial).
 */
export function harnessIostatSums(
  input: string | Uint8Array,
  device: string,
  skipFirst = false,
  opts: { stopAtFirstIO?: boolean; parsed?: Iostat } = {},
) {
  const text = textBytes(input);
  const h = harnessHeader(text);
  const cols = h ? harnessFieldsFor(h) : undefined;
  if (!cols || device === '') return undefined;
  const sums = { samples: 0, rs: 0, rkb: 0, ws: 0, wkb: 0 };
  const name = Buffer.from(device, 'utf8');
  let first = true;
  // One matching line's numbers: awk's fields are 1-based and count the device name, so field k is values[k - 1 -
  // skip] (`skip` fields not in `values`); words are NaN (awk: 0). Returns whether to stop.
  const add = (values: number[], skip: number) => {
    if (skipFirst && first) {
      first = false;
      return false;
    }
    first = false;
    const at = (k: number) => {
      const v = values[k - 1 - skip];
      return v === undefined || Number.isNaN(v) ? 0 : v;
    };
    sums.samples += 1;
    sums.rs += at(cols.rs);
    sums.rkb += at(cols.rkb);
    sums.ws += at(cols.ws);
    sums.wkb += at(cols.wkb);
    return !!opts.stopAtFirstIO && sums.rs + sums.ws + sums.rkb + sums.wkb > 0;
  };
  const rows = opts.parsed && ownRows(opts.parsed, text, device, name);
  if (rows) {
    for (const r of rows) if (add(r, 1)) break;
    return sums;
  }
  const nums = numberScratch();
  let pos = 0;
  for (;;) {
    const hit = text.indexOf(name, pos);
    if (hit < 0) break;
    const lineStart = text.lastIndexOf(10, hit) + 1;
    let lineEnd = text.indexOf(10, hit);
    if (lineEnd < 0) lineEnd = text.length;
    pos = lineEnd + 1;
    scanNumberBytes(text, lineStart, lineEnd, nums, Math.max(cols.rs, cols.rkb, cols.ws, cols.wkb));
    if (add(nums, 0)) break;
  }
  return sums;
}

/**
 * The device's rows, when the lines holding its name are exactly its own lines (each found at its name, the
 * first word): then the harness reads the same numbers from them. Else undefined (`md2` in `md20`'s lines, a
 * host named like a device, a cut last line the rows leave out).
 */
function ownRows(parsed: Iostat, text: Buffer, device: string, name: Buffer): number[][] | undefined {
  const known = read.get(parsed);
  if (known?.text !== text) return undefined;
  const at = known.spans.get(device) ?? [];
  let k = 0;
  for (let hit = text.indexOf(name); hit >= 0; hit = text.indexOf(name, at[k - 1]! + 1)) {
    if (k >= at.length || hit !== at[k]! - name.length) return undefined;
    k += 2;
  }
  return k === at.length ? parsed.rows(device) : undefined;
}

/**
 * What `/(^|\n)(Device:?\s[^\n]*)/.exec(text)?.[2]` finds in the text of these bytes: each `Device` at the start
 * of a line is tried with that pattern on the text up to the end of the next line (`\s` may be a line break).
 */
function harnessHeader(text: Buffer): string | undefined {
  for (let at = text.indexOf('Device'); at >= 0; at = text.indexOf('Device', at + 1)) {
    if (at > 0 && text[at - 1] !== 10) continue;
    let end = text.indexOf(10, at);
    if (end >= 0) end = text.indexOf(10, end + 1);
    const m = /^Device:?\s[^\n]*/.exec(text.toString('utf8', at, end < 0 ? text.length : end));
    if (m) return m[0];
  }
  return undefined;
}

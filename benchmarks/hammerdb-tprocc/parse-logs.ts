// The three log files HammerDB writes to its temp directory (docs/formats/hammerdb.md 3.4). Pure. All three are opened in
// append mode, so one file can hold many runs: each starts with a banner `... @ <date>`, and the file is split
// there.
import type { TimingByProc, TpmPoint, TransactionTiming } from './job.ts';
import { TPM_LINE } from './parse-cli-output.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Tcl's default `clock format` (`%a %b %d %H:%M:%S %Z %Y`, e.g. `Sun Nov 22 02:06:53 UTC 2026`) as
 * `YYYY-MM-DD HH:MM:SS` plus the zone abbreviation; undefined for anything else.
 */
export function parseTclDate(text: string): { local: string; zone: string } | undefined {
  const m = /^\w{3} (\w{3}) +(\d{1,2}) (\d{2}:\d{2}:\d{2}) (\S+) (\d{4})$/.exec(text.trim());
  if (!m) return undefined;
  const month = MONTHS.indexOf(m[1]!);
  if (month < 0) return undefined;
  return { local: `${m[5]}-${String(month + 1).padStart(2, '0')}-${m[2]!.padStart(2, '0')} ${m[3]}`, zone: m[4]! };
}

/** `YYYY-MM-DD HH:MM:SS` of a log line's `@ <date>`, or the date as printed when it is not Tcl's format. */
const localTime = (text: string) => parseTclDate(text)?.local ?? text.trim();

interface Segment {
  /** The banner's capture groups (`banner[1]` ...); empty for lines before any banner. */
  banner: string[];
  lines: string[];
}

function splitAtBanners(text: string, banner: RegExp): Segment[] {
  const out: Segment[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r/g, '');
    const m = banner.exec(line);
    if (m) out.push({ banner: [...m], lines: [] });
    else if (out.length) out[out.length - 1]!.lines.push(line);
    else if (line.trim() && !/^\+-\+/.test(line)) out.push({ banner: [], lines: [line] });
  }
  return out;
}

/** One run in `hammerdb.log`: its VU lines (timestamp lines removed), ready for `parseCliOutput`. */
export interface VuLogRun {
  /** From the banner `Hammerdb Log @ <date>`, `YYYY-MM-DD HH:MM:SS`. */
  startedAt?: string;
  zone?: string;
  /** Last `Timestamp N @ <date>` of the run, when the log has timestamps. */
  lastAt?: string;
  text: string;
}

export function parseVuLog(text: string): VuLogRun[] {
  return splitAtBanners(text, /^Hammerdb Log @ (.+)$/i).map((s) => {
    const started = s.banner[1] ? parseTclDate(s.banner[1]) : undefined;
    let lastAt: string | undefined;
    const kept: string[] = [];
    for (const line of s.lines) {
      const t = /^Timestamp \d+ @ (.+)$/.exec(line);
      if (t) lastAt = localTime(t[1]!);
      else if (!/^\+-\+/.test(line)) kept.push(line);
    }
    return { startedAt: started?.local, zone: started?.zone, lastAt, text: kept.join('\n') };
  });
}

/** One run in `hdbtcount.log`. */
export interface TcountLogRun {
  startedAt?: string;
  /** The counter's DBMS name, e.g. `PostgreSQL`, `MSSQLServer`. */
  database?: string;
  points: TpmPoint[];
}

export function parseTcountLog(text: string): TcountLogRun[] {
  return splitAtBanners(text, /^Hammerdb Transaction Counter Log @ (.+)$/i).map((s) => {
    const points: TpmPoint[] = [];
    let database: string | undefined;
    for (const line of s.lines) {
      const m = TPM_LINE.exec(line.trim());
      if (!m) continue;
      database ??= m[2];
      points.push({ tpm: Number(m[1]), ...(m[4] ? { at: localTime(m[4]) } : {}) });
    }
    return { startedAt: s.banner[1] ? localTime(s.banner[1]) : undefined, database, points };
  });
}

/** One report in `hdbxtprofile.log`: per-VU timings and the summary over all active VUs. */
export interface XtprofReport {
  /** HammerDB's DBMS name from the header, e.g. `PostgreSQL`, `MySQL`, `MSSQLServer`. */
  database?: string;
  at?: string;
  /** The banner's time zone abbreviation (`UTC`, `BST` ...), when it is Tcl's date format. */
  zone?: string;
  /** From `SUMMARY OF N ACTIVE VIRTUAL USERS`, else the number of VU blocks. */
  activeVirtualUsers: number;
  perVu: Record<number, TimingByProc>;
  summary?: TimingByProc;
  medianElapsedMs?: number;
}

const XT_KEYS: Record<string, keyof TransactionTiming> = {
  CALLS: 'calls',
  MIN: 'minMs',
  AVG: 'avgMs',
  MAX: 'maxMs',
  TOTAL: 'totalMs',
  P99: 'p99Ms',
  P95: 'p95Ms',
  P75: 'p75Ms',
  P50: 'p50Ms',
  P25: 'p25Ms',
  SD: 'sd',
  RATIO: 'ratioPct',
};

/** `CALLS: 60879\tMIN: 0.542ms ...` (TABs in the code, spaces in the manual) into the timing of one proc. */
function readXtprofValues(line: string, into: TransactionTiming): void {
  for (const m of line.matchAll(/([A-Z0-9]+):\s*(-?\d+(?:\.\d+)?)(?:ms|%)?/g)) {
    const key = XT_KEYS[m[1]!];
    if (key) into[key] = Number(m[2]);
  }
}

export function parseXtprofLog(text: string): XtprofReport[] {
  return splitAtBanners(text, /^(\S+) Hammerdb Time Profile Report @ (.+)$/i).map((s) => {
    const report: XtprofReport = {
      database: s.banner[1] || undefined,
      at: s.banner[2] ? localTime(s.banner[2]) : undefined,
      zone: s.banner[2] ? parseTclDate(s.banner[2])?.zone : undefined,
      activeVirtualUsers: 0,
      perVu: {},
    };
    let target: TimingByProc | undefined;
    let proc: TransactionTiming | undefined;
    let elapsed: number | undefined;
    for (const line of s.lines) {
      let m: RegExpExecArray | null;
      if ((m = />>>>> VIRTUAL USER (\d+) : ELAPSED TIME : (\d+)ms/.exec(line))) {
        target = report.perVu[Number(m[1])] = {};
        elapsed = Number(m[2]);
        proc = undefined;
      } else if ((m = />>>>> SUMMARY OF (\d+) ACTIVE VIRTUAL USERS : MEDIAN ELAPSED TIME : (\d+)ms/.exec(line))) {
        target = report.summary = {};
        report.activeVirtualUsers = Number(m[1]);
        report.medianElapsedMs = Number(m[2]);
        elapsed = Number(m[2]);
        proc = undefined;
      } else if ((m = />>>>> PROC: (\w+)/.exec(line)) && target) {
        proc = target[m[1]!] = { elapsedMs: elapsed };
      } else if (proc && /^(CALLS|P\d\d):/.test(line.trim())) {
        readXtprofValues(line, proc);
      }
    }
    if (!report.activeVirtualUsers) report.activeVirtualUsers = Object.keys(report.perVu).length;
    return report;
  });
}

// sysbench stdout -> numbers (docs/formats/sysbench.md 2.3, 2.7). Accepts 1.0.x and 1.1.x reports, with or without
// --report-interval lines, both `err/s:` spellings, and failed runs (FATAL, no statistics block).
import { numberRuns } from '../lib/numbers.ts';

export interface SysbenchStats {
  queries: { read: number; write: number; other: number; total: number };
  transactions: { count: number; perSec: number };
  queriesRate: { count: number; perSec: number };
  ignoredErrors: { count: number; perSec: number };
  reconnects: { count: number; perSec: number };
  /** 1.1.x `events/s (eps)`. */
  eventsPerSec?: number;
  /** `total time` (1.0.x) or `time elapsed` (1.1.x), seconds. */
  elapsedSeconds?: number;
  events?: number;
  latencyMs: { min?: number; avg?: number; max?: number; sum?: number; percentile?: number; percentileValue?: number };
}

export interface SysbenchOutput {
  /** First line when it is the command line echoed by a harness (mytools run.sh). */
  commandLine?: string;
  /** Options parsed from that command line, e.g. { threads: "1", "table-size": "20000" }. */
  options: Record<string, string>;
  /** Lua script named on the command line, e.g. `oltp_point_select.lua`. */
  lua?: string;
  /** `N CPUs` line printed by run.sh (client host). */
  cpus?: number;
  /** sysbench version from the banner, e.g. `1.0.20`, `1.1.0-3ceba0b`. */
  version?: string;
  threads?: number;
  reportIntervalSeconds?: number;
  warmupSeconds?: number;
  /** Per-interval lines: [t, threads, tps, qps, reads, writes, other, latency, errors/s, reconnects/s]. */
  intervals: number[][];
  /** Percentile of the interval latency column, e.g. 95. */
  intervalPercentile?: number;
  stats?: SysbenchStats;
  /** `FATAL:` lines and other error lines, quoted. */
  errors: string[];
  warnings: string[];
}

const INTERVAL =
  /\[\s*(\d+(?:\.\d+)?)s\s*\]\s+thds:\s*(\d+)\s+tps:\s*([\d.]+)\s+qps:\s*([\d.]+)\s+\(r\/w\/o:\s*([\d.]+)\/([\d.]+)\/([\d.]+)\)\s+lat\s+\(ms,(\d+)%\):\s*([\d.]+)\s+err\/s:?\s*([\d.]+)\s+reconn\/s:\s*([\d.]+)/;
// Indented as sysbench prints them, or not at all (a block pasted into a post loses its indentation).
const COUNT_RATE = /^\s*(transactions|queries|ignored errors|reconnects):\s+(\d+)\s+\(([\d.]+) per sec\.\)/;
const QUERY_COUNT = /^\s*(read|write|other|total):\s+(\d+)\s*$/;
const LATENCY = /^\s*(min|avg|max|sum|(\d+)th percentile):\s+([\d.]+)\s*$/;
const ELAPSED = /^\s*(?:total time|time elapsed):\s+([\d.]+)s\s*$/;
const EVENTS = /^\s*total number of events:\s+(\d+)/;
const EPS = /^\s*events\/s \(eps\):\s+([\d.]+)/;
const BANNER = /^sysbench (\d+\.\d+\.\d+(?:-[0-9a-f]+)?)/;

/** Parse the text of one sysbench run. Never throws; a run without `SQL statistics:` has no `stats`. */
export function parseSysbenchOutput(text: string): SysbenchOutput {
  const out: SysbenchOutput = { options: {}, intervals: [], errors: [], warnings: [] };
  // Line 1 is the command line when a harness echoed it (mytools run.sh, benchsite run); never the banner.
  const nl = text.indexOf('\n');
  const first = nl < 0 ? text : text.slice(0, nl);
  if (/sysbench/.test(first) && /\s--[a-z]/.test(first) && !BANNER.test(first)) {
    out.commandLine = first;
    const tokens = first.split(/\s+/);
    const bin = tokens.findIndex((t) => /(^|\/)sysbench$/.test(t));
    tokens.forEach((tok, i) => {
      const m = /^--([A-Za-z0-9_-]+)(?:=(.*))?$/.exec(tok);
      if (m) out.options[m[1]!] = m[2] ?? 'on';
      // The test script: the first word after the sysbench binary (a .lua path, or a stock test name).
      else if (
        !out.lua &&
        bin >= 0 &&
        i > bin &&
        (tok.endsWith('.lua') || (/^[a-z][a-z0-9_]*$/.test(tok) && !/^(run|prepare|cleanup|help)$/.test(tok)))
      ) {
        const name = tok.split('/').pop()!;
        out.lua = name.endsWith('.lua') ? name : `${name}.lua`;
      }
    });
  }
  let inStats = false;
  let stats: SysbenchStats | undefined;
  let sawQueriesLine = false;
  // Walk the lines in place: a 2-hour run has 7200 interval lines, and most lines need one look.
  const nums: number[] = [];
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const first = text.charCodeAt(start);
    const next = end + 1;
    if (!inStats && first === 91 /* [ */) {
      // The usual interval line, read by its 11 numbers (t, threads, tps, qps, r, w, o, percentile, latency,
      // errors/s, reconnects/s) without a regex; anything unusual goes to the regex below.
      numberRuns(text, start, end, nums);
      if (
        nums.length === 11 &&
        !nums.some(Number.isNaN) &&
        text.lastIndexOf('reconn/s', end) > start &&
        text.indexOf(' qps: ', start) < end
      ) {
        out.intervalPercentile = nums[7];
        out.intervals.push([
          nums[0]!,
          nums[1]!,
          nums[2]!,
          nums[3]!,
          nums[4]!,
          nums[5]!,
          nums[6]!,
          nums[8]!,
          nums[9]!,
          nums[10]!,
        ]);
        start = next;
        continue;
      }
      const iv = INTERVAL.exec(text.slice(start, end));
      if (iv) {
        out.intervalPercentile = Number(iv[8]);
        out.intervals.push([iv[1], iv[2], iv[3], iv[4], iv[5], iv[6], iv[7], iv[9], iv[10], iv[11]].map(Number));
        start = next;
        continue;
      }
    }
    const line = text.slice(start, end);
    start = next;
    if (line.includes('FATAL:') || /^(Error|ERROR)[: ]/.test(line)) out.errors.push(line.trim());
    if (line.startsWith('WARNING:')) out.warnings.push(line.trim());
    if (!inStats) {
      const iv = INTERVAL.exec(line);
      if (iv) {
        // An interval line glued after other output (many threads writing at once).
        out.intervalPercentile = Number(iv[8]);
        out.intervals.push([iv[1], iv[2], iv[3], iv[4], iv[5], iv[6], iv[7], iv[9], iv[10], iv[11]].map(Number));
        continue;
      }
      let m: RegExpExecArray | null;
      if ((m = /^(\d+) CPUs$/.exec(line))) out.cpus = Number(m[1]);
      else if ((m = BANNER.exec(line))) out.version = m[1];
      else if ((m = /^Number of threads: (\d+)/.exec(line))) out.threads = Number(m[1]);
      else if ((m = /^Report intermediate results every (\d+) second/.exec(line)))
        out.reportIntervalSeconds = Number(m[1]);
      else if ((m = /^Warmup time: (\d+)s/.exec(line))) out.warmupSeconds = Number(m[1]);
      if (line.trimStart().startsWith('SQL statistics:')) {
        inStats = true;
        stats = {
          queries: { read: 0, write: 0, other: 0, total: 0 },
          transactions: { count: 0, perSec: 0 },
          queriesRate: { count: 0, perSec: 0 },
          ignoredErrors: { count: 0, perSec: 0 },
          reconnects: { count: 0, perSec: 0 },
          latencyMs: {},
        };
      }
      continue;
    }
    const s = stats!;
    let m: RegExpExecArray | null;
    if ((m = COUNT_RATE.exec(line))) {
      const v = { count: Number(m[2]), perSec: Number(m[3]) };
      if (m[1] === 'transactions') s.transactions = v;
      else if (m[1] === 'queries') {
        s.queriesRate = v;
        sawQueriesLine = true;
      } else if (m[1] === 'ignored errors') s.ignoredErrors = v;
      else s.reconnects = v;
    } else if ((m = QUERY_COUNT.exec(line))) {
      s.queries[m[1] as 'read'] = Number(m[2]);
    } else if ((m = LATENCY.exec(line))) {
      const value = Number(m[3]);
      if (m[2]) {
        s.latencyMs.percentile = Number(m[2]);
        s.latencyMs.percentileValue = value;
      } else s.latencyMs[m[1] as 'min'] = value;
    } else if ((m = ELAPSED.exec(line))) s.elapsedSeconds = Number(m[1]);
    else if ((m = EVENTS.exec(line))) s.events = Number(m[1]);
    else if ((m = EPS.exec(line))) s.eventsPerSec = Number(m[1]);
  }
  // A report cut off before its `queries:` line (e.g. killed while printing) is not a report.
  if (stats && sawQueriesLine) {
    const wrong = disagreement(stats);
    if (wrong) out.errors.unshift(wrong);
    else out.stats = stats;
  }
  return out;
}

/** How far a rate may be from count / elapsed: sysbench divides by its own timer, a hair off `total time`. */
const RATE_TOLERANCE = 0.02;

/**
 * The report's numbers checked against each other, as sysbench computes them: the query total is the sum of
 * read, write and other and equals the `queries:` count, and each per-second rate is its count over the
 * elapsed time. A report that disagrees with itself was edited or damaged: its numbers are not published.
 */
export function disagreement(s: SysbenchStats): string | undefined {
  const q = s.queries;
  const parts = q.read + q.write + q.other;
  if (q.total !== parts && parts > 0)
    return `the statistics disagree: queries performed total ${q.total} is not read + write + other = ${parts}`;
  if (q.total !== s.queriesRate.count && q.total > 0)
    return `the statistics disagree: ${s.queriesRate.count} queries, but queries performed total ${q.total}`;
  // Every transaction runs at least one query (sysbench counts BEGIN and COMMIT as `other`).
  if (s.transactions.count > q.total && q.total > 0)
    return `the statistics disagree: ${s.transactions.count} transactions but only ${q.total} queries`;
  const t = s.elapsedSeconds;
  if (t === undefined) return undefined;
  if (!(t > 0)) return `the statistics disagree: total time ${t}s`;
  for (const [what, v] of [
    ['transactions', s.transactions],
    ['queries', s.queriesRate],
  ] as const) {
    const expected = v.count / t;
    if (Math.abs(v.perSec - expected) > RATE_TOLERANCE * Math.max(expected, v.perSec) + 0.01)
      return `the statistics disagree: ${what}: ${v.count} (${v.perSec} per sec.), but ${v.count} in ${t}s is ${+expected.toFixed(2)} per sec.`;
  }
  return undefined;
}

// The output of one sysbench run -> numbers (docs/formats/sysbench.md 2.3, 2.7). Reads 1.0.x and 1.1.x reports,
// with or without --report-interval lines, both `err/s:` spellings, failed runs (FATAL, no statistics block),
// and the reports of sysbench 0.4/0.5 (`OLTP test statistics:`). A log of several runs is cut into runs first
// (split-output.ts). Only what the text holds is read: a report cut short keeps the values before the cut and
// says where it ends; no value gets a default.
import { numberRuns, numberScratch } from '../../collectors/lib/numbers.ts';
import { commandOptions } from './command-line.ts';
import { preambleOf } from './preamble.ts';
import { disagreement, impossibleThreads, threadsDisagree } from './output-checks.ts';

interface CountRate {
  count: number;
  perSec: number;
}

export interface SysbenchStats {
  /** `queries performed:` counts, each when printed. */
  queries: { read?: number; write?: number; other?: number; total?: number };
  /**
   * 1.x: the `queries:` line (BEGIN and COMMIT count, as mytools uses it). 0.4/0.5: `read/write requests:`,
   * which leaves BEGIN/COMMIT out (they are its `other operations:`).
   */
  queriesRate: CountRate;
  transactions?: CountRate;
  ignoredErrors?: CountRate;
  reconnects?: CountRate;
  /** 1.1.x `events/s (eps)`. */
  eventsPerSec?: number;
  /** `total time` (1.0.x, 0.4/0.5) or `time elapsed` (1.1.x), seconds. */
  elapsedSeconds?: number;
  events?: number;
  latencyMs: { min?: number; avg?: number; max?: number; sum?: number; percentile?: number; percentileValue?: number };
}

export interface SysbenchOutput {
  /** The command line before the output (echoed by a harness, or typed after a shell prompt), prompt removed. */
  commandLine?: string;
  /** Options parsed from that command line, e.g. { threads: "1", "table-size": "20000" }. */
  options: Record<string, string>;
  /** Lua script named on the command line, e.g. `oltp_point_select.lua`. */
  lua?: string;
  /** What the command line gives by a shell variable (`--threads=$t`, `sysbench $s`), unknown from it. */
  unresolved?: string[];
  /** Those as the command line writes them: { '--threads': '$t', 'the script': '$s' }. */
  unresolvedWords?: Record<string, string>;
  /** Whether the command is a loop shown above an earlier run of the file, not a line this run shows. */
  fromLoopAbove?: boolean;
  /**
   * A line before the banner that names one script (`=== oltp_update_index threads=1`, echoed by the loop that
   * ran it), when the command names none: that script's file and the line.
   */
  header?: { lua: string; line: string };
  /** `N CPUs` line printed by run.sh (client host). */
  cpus?: number;
  /** sysbench version from the banner, e.g. `1.0.20`, `1.1.0-3ceba0b`, `0.4.12`. */
  version?: string;
  threads?: number;
  reportIntervalSeconds?: number;
  warmupSeconds?: number;
  /** Per-interval lines: [t, threads, tps, qps, reads, writes, other, latency, errors/s, reconnects/s]. */
  intervals: number[][];
  /** sysbench 0.5's interval lines: [t, threads, tps, reads, writes, latency, errors/s, reconnects/s]. */
  legacyIntervals: number[][];
  /** Percentile of the interval latency column, e.g. 95. */
  intervalPercentile?: number;
  /** A sysbench 0.4/0.5 report (`OLTP test statistics:`): its `queriesRate` is `read/write requests`. */
  legacy?: boolean;
  stats?: SysbenchStats;
  /** `prepare` or `cleanup` when the output is the table load or drop, not a measured run. */
  step?: 'prepare' | 'cleanup';
  /**
   * Where the text stops before the run's report is whole (a log or paste cut short, a run killed while
   * printing): the 1-based line of the text, that line, and whether it is inside the report.
   */
  cut?: { line: number; text: string; inReport: boolean };
  /** `FATAL:` lines and other error lines, quoted. */
  errors: string[];
  warnings: string[];
}

const INTERVAL =
  /\[\s*(\d+(?:\.\d+)?)s\s*\]\s+thds:\s*(\d+)\s+tps:\s*([\d.]+)\s+qps:\s*([\d.]+)\s+\(r\/w\/o:\s*([\d.]+)\/([\d.]+)\/([\d.]+)\)\s+lat\s+\(ms,(\d+)%\):\s*([\d.]+)\s+err\/s:?\s*([\d.]+)\s+reconn\/s:\s*([\d.]+)/;
/** sysbench 0.5: `[  10s] threads: 8, tps: 1.00, reads: 2.00, writes: 0.00, response time: 2.50ms (95%), errors: 0.00, reconnects:  0.00`. */
const INTERVAL_05 =
  /^\[\s*(\d+(?:\.\d+)?)s\]\s+threads:\s*(\d+),\s+tps:\s*([\d.]+),\s+reads:\s*([\d.]+),\s+writes:\s*([\d.]+),\s+response time:\s*([\d.]+)ms\s+\((\d+)%\),\s+errors:\s*([\d.]+),\s+reconnects:\s*([\d.]+)/;
// Indented as sysbench prints them, or not at all (a block pasted into a post loses its indentation).
const COUNT_RATE =
  /^\s*(transactions|queries|ignored errors|reconnects|read\/write requests|other operations|deadlocks):\s+(\d+)\s+\(([\d.]+) per sec\.\)/;
const QUERY_COUNT = /^\s*(read|write|other|total):\s+(\d+)\s*$/;
// 0.4/0.5 print latencies with `ms` and the percentile as `approx.  95 percentile:`.
const LATENCY = /^\s*(min|avg|max|sum|(?:approx\.\s+)?(\d+)(?:th)? percentile):\s+([\d.]+)(?:ms)?\s*$/;
const ELAPSED = /^\s*(?:total time|time elapsed):\s+([\d.]+)s\s*$/;
const EVENTS = /^\s*total number of events:\s+(\d+)/;
const EPS = /^\s*events\/s \(eps\):\s+([\d.]+)/;
/** The banner: `sysbench 1.0.20 (using ...)`, `sysbench 1.1.0-3ceba0b (...)`, `sysbench 0.4.12:  multi-threaded ...`. */
export const BANNER = /^sysbench (\d+\.\d+(?:\.\d+)?(?:-[0-9a-f]+)?)(?=[\s:]|$)/;
/** Where the banner's line begins in a text, or -1. */
function bannerAt(text: string): number {
  const m = /^sysbench \d+\.\d+(?:\.\d+)?(?:-[0-9a-f]+)?(?=[\s:]|$)/m.exec(text);
  return m ? m.index : -1;
}
/** The first line of the report: 1.x `SQL statistics:`, 0.4/0.5 `OLTP test statistics:`. */
export const STATS_HEADER = /^\s*(SQL|OLTP test) statistics:/;
/** Lines only the table load and drop print. */
const PREPARE = /^(Creating table '|Inserting \d+ records into '|Creating a secondary index on ')/;
const CLEANUP = /^Dropping table '/;

/**
 * Parse the text of one sysbench run. Never throws; a run without a statistics block has no `stats`. `loop`: the
 * shell loop that ran it, shown once above the first run of a file (`for t in ...; do sysbench ...; done`), for a
 * run that shows no command of its own.
 */
export function parseSysbenchOutput(text: string, loop?: string): SysbenchOutput {
  const out: SysbenchOutput = { options: {}, intervals: [], legacyIntervals: [], errors: [], warnings: [] };
  // The command comes first when a harness echoed it (mytools run.sh, benchsite run) or the log shows it typed.
  const pre = preambleOf(text, bannerAt(text));
  const head = pre.command ?? loop;
  if (head) {
    out.commandLine = head;
    if (pre.command === undefined) out.fromLoopAbove = true;
    const c = commandOptions(head);
    out.options = c.options;
    if (c.lua) out.lua = c.lua;
    if (c.unresolved) [out.unresolved, out.unresolvedWords] = [c.unresolved, c.words];
  }
  if (pre.header && !out.lua) out.header = pre.header;
  let inStats = false;
  const stats: Partial<SysbenchStats> & Pick<SysbenchStats, 'queries' | 'latencyMs'> = { queries: {}, latencyMs: {} };
  let started = false;
  let complete = false;
  let prepare = false;
  let cleanup = false;
  // What the last line read set, so a last line cut mid-number can be taken back (below).
  let lastSet: (() => void) | undefined;
  let lastLine = 0;
  let lastStart = 0;
  let lastEnd = 0;
  // Walk the lines in place: a 2-hour run has 7200 interval lines, and most lines need one look.
  const nums = numberScratch();
  const at: IntervalsRead = { start: 0, lines: 0, lastStart: 0, lastEnd: 0 };
  let start = 0;
  let lineNo = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    lineNo++;
    const first = text.charCodeAt(start);
    const next = end + 1;
    if (!inStats && first === 91 /* [ */) {
      at.start = start;
      at.lines = 0;
      readIntervals(text, at, out, nums);
      if (at.lines > 0) {
        lineNo += at.lines - 1;
        started = true;
        lastLine = lineNo;
        lastStart = at.lastStart;
        lastEnd = at.lastEnd;
        lastSet = undefined;
        start = at.start;
        continue;
      }
    }
    const line = text.slice(start, end).replace(/\r$/, '');
    if (line.trim() !== '') {
      lastLine = lineNo;
      lastStart = start;
      lastEnd = end;
      lastSet = undefined;
    }
    start = next;
    if (line.includes('FATAL:') || /^(Error|ERROR)[: ]/.test(line)) out.errors.push(line.trim());
    if (line.startsWith('WARNING:')) out.warnings.push(line.trim());
    if (!inStats) {
      let m: RegExpExecArray | null;
      if ((m = INTERVAL.exec(line))) {
        // An interval line glued after other output (many threads writing at once).
        out.intervalPercentile = Number(m[8]);
        out.intervals.push([m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[9], m[10], m[11]].map(Number));
        started = true;
        continue;
      }
      if ((m = INTERVAL_05.exec(line))) {
        out.intervalPercentile = Number(m[7]);
        out.legacyIntervals.push([m[1], m[2], m[3], m[4], m[5], m[6], m[8], m[9]].map(Number));
        started = true;
        continue;
      }
      if ((m = /^(\d+) CPUs$/.exec(line))) out.cpus = Number(m[1]);
      else if ((m = BANNER.exec(line))) out.version ??= m[1];
      else if ((m = /^Number of threads: (\d+)/.exec(line))) out.threads = Number(m[1]);
      else if ((m = /^Report intermediate results every (\d+) second/.exec(line)))
        out.reportIntervalSeconds = Number(m[1]);
      else if ((m = /^Warmup time: (\d+)s/.exec(line))) out.warmupSeconds = Number(m[1]);
      else if (/^Threads started!/.test(line)) started = true;
      else if (PREPARE.test(line)) prepare = true;
      else if (CLEANUP.test(line)) cleanup = true;
      if ((m = STATS_HEADER.exec(line))) {
        inStats = true;
        if (m[1] === 'OLTP test') out.legacy = true;
      }
      continue;
    }
    const s = stats;
    let m: RegExpExecArray | null;
    if ((m = COUNT_RATE.exec(line))) {
      const v = { count: Number(m[2]), perSec: Number(m[3]) };
      const key = (
        {
          transactions: 'transactions',
          queries: 'queriesRate',
          'read/write requests': 'queriesRate',
          'ignored errors': 'ignoredErrors',
          reconnects: 'reconnects',
        } as const
      )[m[1] as 'queries'];
      // The rate of queries is 1.x's `queries:` and 0.4/0.5's `read/write requests:`, each in its own report.
      const other = m[1] === (out.legacy ? 'queries' : 'read/write requests');
      if (key && !other) {
        s[key] = v;
        lastSet = () => delete s[key];
      }
    } else if ((m = QUERY_COUNT.exec(line))) {
      const k = m[1] as 'read';
      s.queries[k] = Number(m[2]);
      lastSet = () => delete s.queries[k];
    } else if ((m = LATENCY.exec(line))) {
      const value = Number(m[3]);
      const l = s.latencyMs;
      if (m[2]) {
        l.percentile = Number(m[2]);
        l.percentileValue = value;
        lastSet = () => (delete l.percentile, delete l.percentileValue);
        if (out.legacy) complete = true; // 0.4/0.5 end their latencies with the percentile
      } else {
        const k = m[1] as 'min' | 'avg' | 'max' | 'sum';
        l[k] = value;
        lastSet = () => delete l[k];
        if (k === 'sum') complete = true; // 1.x ends its latencies with the sum
      }
    } else if ((m = ELAPSED.exec(line))) {
      s.elapsedSeconds = Number(m[1]);
      lastSet = () => delete s.elapsedSeconds;
    } else if ((m = EVENTS.exec(line))) {
      s.events = Number(m[1]);
      lastSet = () => delete s.events;
    } else if ((m = EPS.exec(line))) {
      s.eventsPerSec = Number(m[1]);
      lastSet = () => delete s.eventsPerSec;
    } else if (/^\s*Threads fairness:/.test(line)) complete = true;
  }
  if (!started && !inStats) {
    if (prepare) out.step = 'prepare';
    else if (cleanup) out.step = 'cleanup';
  }
  // Where the text stops inside the report (or after the run started and before it), with no FATAL line to
  // say why: the output was cut. A last line without its newline may itself be cut mid-number: not read.
  if ((inStats && !complete) || (!inStats && started && out.errors.length === 0)) {
    out.cut = { line: lastLine, text: text.slice(lastStart, lastEnd).trim(), inReport: inStats };
    if (!/\n\s*$/.test(text)) lastSet?.();
  }
  const impossible = impossibleThreads(out);
  if (impossible) out.errors.unshift(impossible);
  if (inStats && stats.queriesRate) {
    const full = stats as SysbenchStats;
    const threads = threadsDisagree(out);
    // A thread count the output contradicts is no thread count of the test.
    if (threads) {
      out.threads = undefined;
      delete out.options.threads;
      delete out.options['num-threads'];
    }
    const wrong = disagreement(full, out.legacy) ?? threads;
    if (wrong) out.errors.unshift(wrong);
    else out.stats = full;
  }
  return out;
}

/** Where readIntervals started and stopped: the lines it read, and where the last of them starts and ends. */
interface IntervalsRead {
  start: number;
  lines: number;
  lastStart: number;
  lastEnd: number;
}

/**
 * The usual interval lines from `at.start` on, read by their 11 numbers (t, threads, tps, qps, r, w, o,
 * percentile, latency, errors/s, reconnects/s) without a regex, up to the first other line (where `at.start` is
 * left). A function of its own so that V8 optimizes this loop, the hot one, alone: as a loop of the whole parser
 * it made V8 compile the parser over and over (0.2 s a time, most of a 100 MB harvest's compiling).
 */
function readIntervals(text: string, at: IntervalsRead, out: SysbenchOutput, nums: number[]): void {
  let start = at.start;
  while (start < text.length && text.charCodeAt(start) === 91 /* [ */) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    numberRuns(text, start, end, nums);
    if (
      nums.length !== 11 ||
      hasNaN(nums) ||
      !(text.lastIndexOf('reconn/s', end) > start) ||
      !(text.indexOf(' qps: ', start) < end)
    )
      break;
    out.intervalPercentile = nums[7];
    // The row without the percentile (nums[7]), copied by slice: an array literal here is an allocation site,
    // and V8 threw the optimized loop away each time it changed its mind about where such arrays are made.
    const row = nums.slice(0, 10);
    row[7] = nums[8]!;
    row[8] = nums[9]!;
    row[9] = nums[10]!;
    out.intervals.push(row);
    at.lines++;
    at.lastStart = start;
    at.lastEnd = end;
    start = end + 1;
  }
  at.start = start;
}

/** Whether a value is NaN (a number of more than 15 digits): a loop, run on every interval line. */
function hasNaN(nums: number[]): boolean {
  for (let i = 0; i < nums.length; i++) if (Number.isNaN(nums[i])) return true;
  return false;
}

// A file of several sysbench runs (a thread sweep appended to one log, `for t in 1 2 4; do sysbench ... run;
// done >> log`, or reports pasted one after another) -> the text of each run, so that every run is a result of
// its own. Pure.
import { commandAt } from './command-line.ts';
import { BANNER, STATS_HEADER } from './parse-output.ts';

export interface OutputBlock {
  text: string;
  /** Lines of the file before the block: its line n is line `offset + n` of the file. */
  offset: number;
}

/** A line of sysbench's final report (1.x or 0.4/0.5), by its label. */
const REPORT_LINE =
  /^\s*(queries performed|read|write|other|total|transactions|queries|ignored errors|reconnects|read\/write requests|other operations|deadlocks|General statistics|Test execution summary|Throughput|events\/s \(eps\)|time elapsed|total time|total time taken by event execution|total number of events|Latency \(ms\)|per-request statistics|response time|min|avg|max|sum|(?:approx\.\s+)?\d+(?:th)? percentile|Threads fairness|events \(avg\/stddev\)|execution time \(avg\/stddev\)):/;

/**
 * The runs of a file in order. A run begins at sysbench's banner when the text before it already holds a run's
 * banner or report: after a report, with the lines between that report and the banner (what a loop printed
 * before the run: its `bash -x` trace, a header, a date, the command); else at the command typed or echoed just
 * before the banner. A report that follows another with no banner between them (pasted reports) begins after
 * the last line of the report before it. A file of one run is one block, the whole text.
 */
export function splitSysbenchOutput(text: string): OutputBlock[] {
  if (!needsSplit(text)) return [{ text, offset: 0 }];
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const starts = [0];
  let banner = false;
  let report = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const from = starts[starts.length - 1]!;
    if (BANNER.test(line)) {
      if (banner || report) {
        starts.push(report ? afterReport(lines, i, from) : commandStart(lines, i, from));
        report = false;
      }
      banner = true;
    } else if (STATS_HEADER.test(line)) {
      if (report) {
        let j = i - 1;
        while (j > from && !REPORT_LINE.test(lines[j]!)) j--;
        starts.push(j + 1);
        banner = false;
      }
      report = true;
    }
  }
  const raw = text.split('\n');
  return starts.map((s, k) => ({
    // A run before another ends with its newline (the next run follows it), whole.
    text: raw.slice(s, starts[k + 1] ?? raw.length).join('\n') + (k + 1 < starts.length ? '\n' : ''),
    offset: s,
  }));
}

/**
 * Whether the text may hold more than one run: two banners, two reports, or a report before the banner (a
 * cheap look before splitting; a run's one banner and one report after it, the usual file, is one run). No
 * `\s` after `^` in these multi-line patterns: it would run over every blank line after each line start.
 */
function needsSplit(text: string): boolean {
  const find = (re: RegExp) => {
    const at: number[] = [];
    for (let m; at.length < 2 && (m = re.exec(text));) at.push(m.index);
    return at;
  };
  const banners = find(/^sysbench \d+\.\d+/gm);
  const reports = find(/^[ \t]*(?:SQL|OLTP test) statistics:/gm);
  return banners.length >= 2 || reports.length >= 2 || (reports.length === 1 && banners[0]! > reports[0]!);
}

/** How far above its banner a run's lines are looked for: a loop's trace, header and command fit in far less. */
const LEAD_LINES = 64;

/**
 * Where the run whose banner is at `banner` begins when a report ends before it: at the first line after that
 * report that is not blank. At the command shown before the banner when no report line is near.
 */
function afterReport(lines: string[], banner: number, from: number): number {
  let i = banner - 1;
  while (i > from && i >= banner - LEAD_LINES && !REPORT_LINE.test(lines[i]!) && !STATS_HEADER.test(lines[i]!)) i--;
  if (i <= from || i < banner - LEAD_LINES) return commandStart(lines, banner, from);
  i++;
  while (i < banner && lines[i]!.trim() === '') i++;
  return i;
}

/**
 * Where the run whose banner is at `banner` begins: at the command shown before it (which may take several
 * lines, and be followed by lines of its own such as run.sh's `N CPUs` or a `date`), else at the banner. Never
 * before `from`, the previous run's start, nor in the previous run's report.
 */
function commandStart(lines: string[], banner: number, from: number): number {
  for (let i = banner - 1; i > from && i >= banner - 12; i--) {
    if (REPORT_LINE.test(lines[i]!) || STATS_HEADER.test(lines[i]!)) break;
    if (commandAt(lines, i)) return i;
  }
  return banner;
}

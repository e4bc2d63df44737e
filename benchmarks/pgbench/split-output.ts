// A file may hold several pgbench runs (a loop's log, runs pasted one after the other): each is a test of its own.
// Pure, one pass over the lines.
import { looksLikePgbenchOutput } from './parse-output.ts';

const COMMAND = /^(?:\$ |.*[$#] )?(?:\S*\/)?pgbench\s+[^\s(]/;
const BANNER = /^pgbench \(\d/;
/** Lines that come before a run's report: a run that printed its report is over when one of them follows. */
const BEFORE_REPORT = /^(?:starting vacuum|progress: |transaction type: )/;

/** The text of each run in a file, in order (the whole text when it holds one). */
export function splitPgbenchRuns(text: string): string[] {
  const runs: string[][] = [];
  let cur: string[] = [];
  let reported = false;
  let command = false;
  let banner = false;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    const isCommand = COMMAND.test(line);
    const isBanner = BANNER.test(line);
    const next =
      (reported && (isCommand || isBanner || BEFORE_REPORT.test(line))) ||
      (isCommand && (command || banner)) ||
      (isBanner && banner);
    if (next && cur.length) {
      runs.push(cur);
      cur = [];
      reported = command = banner = false;
    }
    if (line.startsWith('transaction type: ')) reported = true;
    command ||= isCommand;
    banner ||= isBanner;
    cur.push(raw);
  }
  runs.push(cur);
  const texts = runs.map((r) => r.join('\n')).filter(looksLikePgbenchOutput);
  return texts.length ? texts : [text];
}

// The TEST RESULT line of a timed run, in any of the shapes it reaches benchsite: HammerDB's two orders, and
// in a paste (after a timestamp or grep's file name, without its `Vuser 1:`). Pure.
import type { TestResultLine } from './job.ts';

const TR1 = /TEST RESULT\s*:\s*System achieved (\d+) NOPM from (\d+) (.+?) TPM/;
const TR2 = /TEST RESULT\s*:\s*System achieved (\d+) (.+?) TPM at (\d+) NOPM/;

/** A `TEST RESULT` line in either order (`first_result` NOPM or TPM). */
export function parseTestResult(line: string): Omit<TestResultLine, 'activeVirtualUsers' | 'lineNo'> | undefined {
  const a = TR1.exec(line);
  if (a) return { nopm: Number(a[1]), tpm: Number(a[2]), dbLabel: a[3]!, line: line.slice(a.index).trim() };
  const b = TR2.exec(line);
  if (b) return { nopm: Number(b[3]), tpm: Number(b[1]), dbLabel: b[2]!, line: line.slice(b.index).trim() };
  return undefined;
}

/**
 * Lines a timed run prints up to its TEST RESULT. After a job's result, one of them is the next run's: a paste
 * of two outputs (a before/after comment, an article quoting two DBMS) without the `Vuser 1 created` lines.
 */
const RUN_LINE =
  /^(DBVersion:|Beginning rampup time|Rampup \d+ minutes complete|Rampup complete|Timing test period|Test complete|\d+ Active Virtual Users configured|\d+ VU \* \d+ AC = |TEST RESULT)/;

/** After a job's result, whether this VU message is the next run's (a TEST RESULT only when it reads as one). */
export function startsNextRun(msg: string): boolean {
  return RUN_LINE.test(msg) && (!msg.startsWith('TEST RESULT') || parseTestResult(msg) !== undefined);
}

/**
 * A TEST RESULT line after something that is not HammerDB's (a timestamp, grep's `file:`), or without its
 * `Vuser 1:`; never one inside a JSON string (jobs JSON has its own reader), and only one that reads as a result.
 */
export function quotedResult(line: string): RegExpExecArray | null {
  const m = /^[^"]*?()(TEST RESULT\s*:.*)$/.exec(line);
  return m && parseTestResult(m[2]!) ? m : null;
}

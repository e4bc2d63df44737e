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
export { printfFixed, roundTo } from '../../src/analysis/c-printf.ts';

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

// What a run's output shows before sysbench's banner: the command that ran it (echoed by a harness, typed after
// a shell prompt, traced by `bash -x`), the shell loop around that command when the loop is shown over several
// lines (typed after `> ` prompts, or a script's lines), and a header line naming its script (`=== oltp_read_only
// threads=8`, echoed by the loop). Pure. Only the last lines before the banner are read, so a long preamble
// costs no more than a short one.
import { commandAt, isLoop, isLoopHead, withoutPrompt } from './command-line.ts';
import { isKnownScript } from './lua-scripts.ts';

/** How much of the text before the banner is read: a loop and its command fit in far less. */
const WINDOW_CHARS = 4096;
const WINDOW_LINES = 24;

export interface Preamble {
  /** The command (or the loop around it, joined into one line), prompt removed. */
  command?: string;
  /** The line nearest the banner, after the command, that names one sysbench script; and that script's file. */
  header?: { lua: string; line: string };
}

/**
 * The command and header of a run whose banner begins at `banner` (a character offset; -1 when the text has
 * none: then the first line's command, as a pasted report shows it).
 */
export function preambleOf(text: string, banner: number): Preamble {
  if (banner < 0) return firstLine(text);
  const from = Math.max(0, banner - WINDOW_CHARS);
  let lines = text.slice(from, banner).split('\n');
  // A window that begins inside a line leaves that piece out; the last element is the banner line's start ('').
  if (from > 0 && text[from - 1] !== '\n') lines = lines.slice(1);
  lines = lines.slice(0, -1).slice(-WINDOW_LINES);
  lines = lines.map((l) => l.replace(/\r$/, ''));
  let at = -1;
  let end = 0;
  let command: string | undefined;
  for (let k = 0; k < lines.length; k++) {
    const c = commandAt(lines, k);
    if (!c) continue;
    [at, end, command] = [k, k + c.lines, c.command];
    k += c.lines - 1;
  }
  if (command !== undefined && !isLoop(command)) command = loopAround(lines, at, end, command);
  // A harness that prints much between its command and the banner: the command is its first line.
  if (command === undefined && from > 0) command = firstLine(text).command;
  const header = headerOf(lines.slice(end));
  return { ...(command !== undefined ? { command } : {}), ...(header ? { header } : {}) };
}

/** The command on the text's first line that is not blank. */
function firstLine(text: string): Preamble {
  const lines = text.slice(0, WINDOW_CHARS).split('\n', WINDOW_LINES);
  let k = 0;
  while (k < lines.length && lines[k]!.trim() === '') k++;
  const command = commandAt(
    lines.map((l) => l.replace(/\r$/, '')),
    k,
  )?.command;
  return command !== undefined ? { command } : {};
}

/**
 * The loop around the command at lines `at` to `end`, when lines just above it begin one (`for t in 1 2 4` and
 * `do`, typed after `> ` prompts or in a script), joined into one line with the `done` after it:
 * `for t in 1 2 4; do sysbench ... --threads=$t run; done`. The command alone when no loop is shown. The lines
 * of a `bash -x` trace (`+ for t in ...`) are no loop: the trace shows each run's own command.
 */
function loopAround(lines: string[], at: number, end: number, command: string): string {
  let head = -1;
  for (let j = at - 1; j >= 0; j--) {
    const line = lines[j]!.trim();
    // A blank line, a trace, another command or a loop already closed (`... done`) is no part of this loop.
    if (line === '' || line.startsWith('+') || /(^|[\s;/])(sysbench|done)(\s|;|$)/.test(line)) break;
    if (isLoopHead(withoutPrompt(line))) head = j;
  }
  if (head < 0) return command;
  const parts = lines.slice(head, at).map(withoutPrompt);
  parts.push(command);
  for (let j = end; j < lines.length && /^done\b/.test(withoutPrompt(lines[j]!)); j++)
    parts.push(withoutPrompt(lines[j]!));
  // Lines of a loop are joined as the shell reads them: after `do`, or a line ending in `;`, `|`, `&&` or `\`,
  // the next line carries on; else a line is a command of its own (`;`).
  return parts.reduce((all, p) =>
    all.endsWith('\\')
      ? `${all.slice(0, -1).trimEnd()} ${p}`
      : /(?:\bdo|\bthen|[;|&{])$/.test(all)
        ? `${all} ${p}`
        : `${all}; ${p}`,
  );
}

/**
 * The line nearest the banner that names sysbench scripts, when it names exactly one (`=== oltp_update_index
 * threads=1`, `# oltp_point_select`): what a loop echoed before the run. Undefined when it names several.
 */
function headerOf(lines: string[]): Preamble['header'] {
  for (let j = lines.length - 1; j >= 0; j--) {
    const names = new Set((lines[j]!.match(/[A-Za-z0-9_]+/g) ?? []).filter(isKnownScript));
    if (names.size === 0) continue;
    if (names.size > 1) return undefined;
    return { lua: `${[...names][0]}.lua`, line: lines[j]!.trim() };
  }
  return undefined;
}

// Process listings (`ps aux` and `ps -ef` as harnesses save them at the start and end of each test, the ps lines
// they grep, `top -c`) show every process of the host with its whole command line, environment dumps and
// other services' arguments included. What an archive keeps of them: the lines of the DBMS and the benchmark
// client as they are (redact-text.ts then redacts them like any line, and drops environment dumps); of every
// other process its columns before the command (user, PID, CPU, memory, state, times) and its program name,
// the base name of argv[0] without arguments. Pure.

import { BENCHMARKS } from '../../benchmarks/index.ts';

/** DBMS servers, whose lines are kept whole. */
const SERVERS = ['mysqld', 'mariadbd', 'mysqld_safe', 'mariadbd-safe', 'mariadb-safe', 'postgres', 'postmaster'];

/** Programs whose lines are kept whole: DBMS servers and each benchmark's clients (its definition's `programs`). */
const KEPT = new RegExp(`^(${[...SERVERS, ...BENCHMARKS.flatMap((b) => b.programs)].join('|')})$`);

/** A listing's header: a PID column, and the command last (`ps aux`, `ps -ef`, `top`); or top's first line. */
const HEADER_LINE = /^.*\bPID\b.*[ \t](?:COMMAND|CMD|ARGS)[ \t]*\r?$|^top - /;

/** A `ps aux` line without its header (a harness's `ps aux | grep`): USER PID %CPU %MEM VSZ RSS TTY STAT START TIME. */
const PS_AUX_ROW =
  /^([ \t]*\S+[ \t]+\d+[ \t]+\d+(?:\.\d+)?[ \t]+\d+(?:\.\d+)?[ \t]+\d+[ \t]+\d+[ \t]+\S+[ \t]+[DIRSTtWXZP][<NLsl+]*[ \t]+\S+[ \t]+(?:\d+-)?\d+:\d\d(?::\d\d)?(?:\.\d+)?[ \t]+)(.*?)(\r?)$/;
/** Whether a character code is an ASCII digit. */
const isDigit = (c: number) => c >= 48 && c <= 57;

/** An environment variable as `ps e` appends them after the arguments. */
const ENV_WORD = /^[A-Z_][A-Z0-9_]*=/;

/** An option whose value is a secret, the value attached (`--pgsql-password=x`) or in the next word. */
const SECRET_OPTION = /^--?[\w.-]*(?:pass|pwd|secret|token)[\w.-]*(=)?/i;

/**
 * What a listing's command column may show: a kept line whole (no environment), else the program's name. ps
 * shows the arguments without their quotes, so a password with blanks is several words: those after a secret
 * option's first word are left out, up to the next option.
 */
export function reduceCommand(command: string): string {
  if (command.startsWith('[') || command.trim() === '') return command; // a kernel thread, or nothing
  const argv0 = /^\S+/.exec(command)![0];
  const name = argv0.slice(argv0.lastIndexOf('/') + 1).replace(/:$/, '');
  if (!KEPT.test(name)) return name;
  const words = command.split(/([ \t]+)/);
  let shown = '';
  let value = 0; // words of a password still to come: 1 its first (shown, redact-text.ts masks it), 2 later ones
  for (let i = 0; i < words.length; i += 2) {
    const w = words[i]!;
    if (i > 0 && ENV_WORD.test(w)) return shown;
    if (w.startsWith('-')) value = 0;
    if (value !== 2) shown += (i > 0 ? words[i - 1] : '') + w;
    const option = i > 0 && value === 0 ? SECRET_OPTION.exec(w) : null;
    value = option ? (option[1] ? 2 : 1) : value === 1 ? 2 : value;
  }
  return shown;
}

/** The rows of a listing: `columns` columns before the command, a number in the PID column. */
interface Columns {
  columns: number;
  pid: number;
}

function columnsOf(header: string): Columns {
  const names = header.trim().split(/[ \t]+/);
  return { columns: names.length - 1, pid: names.indexOf('PID') };
}

/** State carried from one piece of a large file to the next: a listing still open at the end of the piece. */
export interface ListingState {
  open?: Columns;
}

/**
 * The text with every process listing reduced. `state` carries an open listing over to the next piece of a
 * file read in pieces cut at line ends.
 */
export function reduceProcessListings(text: string, state: ListingState = {}): string {
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const edit = (start: number, end: number, head: string, command: string, cr: string) => {
    const shown = reduceCommand(command);
    if (shown !== command) edits.push({ start, end, text: `${head}${shown}${cr}` });
  };
  // Rows under a header, until a line that is not one; returns where the listing ends.
  const underHeader = (from: number, c: Columns): number => {
    const rowOf = new RegExp(String.raw`^([ \t]*(?:\S+[ \t]+){${c.columns}})(\S.*?)(\r?)$`);
    let at = from;
    while (at < text.length) {
      let end = text.indexOf('\n', at);
      if (end < 0) end = text.length;
      const line = text.slice(at, end);
      const r = HEADER_LINE.test(line) ? null : rowOf.exec(line);
      if (!r || !/^\d+$/.test(line.trim().split(/[ \t]+/)[c.pid] ?? '')) {
        state.open = undefined;
        return at;
      }
      edit(at, end, r[1]!, r[2]!, r[3]!);
      at = end + 1;
    }
    state.open = c;
    return text.length;
  };
  const lineAt = (i: number) => {
    const start = text.lastIndexOf('\n', i) + 1;
    const end = text.indexOf('\n', i);
    return { start, end: end < 0 ? text.length : end };
  };
  let resume = state.open ? underHeader(0, state.open) : 0;
  for (let i = text.indexOf('PID', resume); i >= 0; i = text.indexOf('PID', Math.max(resume, i + 3))) {
    const { start, end } = lineAt(i);
    const header = text.slice(start, end);
    if (!HEADER_LINE.test(header) || header.startsWith('top - ')) continue;
    resume = underHeader(Math.min(text.length, end + 1), columnsOf(header));
  }
  // What every `ps aux` line has, its TIME column (`\d:\d\d[ \t]`), searched from each colon: a search for one
  // character costs a fraction of a regular expression's test at every position of pages of numbers.
  let last = -1;
  for (let c = text.indexOf(':', 1); c >= 0; c = text.indexOf(':', c + 1)) {
    if (!isDigit(text.charCodeAt(c - 1)) || !isDigit(text.charCodeAt(c + 1)) || !isDigit(text.charCodeAt(c + 2)))
      continue;
    const blank = text.charCodeAt(c + 3);
    if (blank !== 32 && blank !== 9) continue;
    const { start, end } = lineAt(c - 1);
    c = end; // the next line
    if (start === last) continue;
    last = start;
    const r = PS_AUX_ROW.exec(text.slice(start, end));
    if (r) edit(start, end, r[1]!, r[2]!, r[3]!);
  }
  if (!edits.length) return text;
  // A line both under a header and shaped like `ps aux` is edited once (the same way).
  edits.sort((x, y) => x.start - y.start);
  let out = '';
  let at = 0;
  for (const e of edits) {
    if (e.start < at) continue;
    out += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + text.slice(at);
}

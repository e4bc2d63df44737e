// Secrets in the text that databases, benchmark tools and harnesses write (outputs, logs, dumps, process
// listings), as it goes into a raw archive or a run.json string. Each form they are known to write a password in:
// - HammerDB: `Changed tpcc:pg_pass from a to b for PostgreSQL`, `Value b for tpcc:pg_pass is the same as
//   existing value b, no change made`, `diset tpcc pg_pass b` (Tcl or Python), its dicts
//   `tpcc {pg_pass b ...}` (the jobs database's jobdict) and `"pg_pass": "b"` (jobs JSON);
// - JSON and Python reprs: `"db_password": "b"`, `'db_password': 'b'`; YAML and logs: `password: b`;
// - SQL: `PASSWORD 'b'`, `PASSWORD('b')`, `IDENTIFIED BY 'b'` (also `WITH plugin BY`, `AS`);
// - the mytools harness's database argument `mariadb,root,b,127.0.0.1,test,...`;
// - settings and config files, command lines (`mysql -pb`, `mysql -p b`, `--password=b`, `PGPASSWORD=b`)
//   (redact.ts), connection strings and URIs (redact-inline.ts);
// - process listings reduced to the DBMS's and the benchmark client's lines (redact-ps.ts).
// A quoted value is read where it ends as every password is (redact-inline.ts's valueEnd), whatever its quoting.
// Only lines with a marker are looked at, so a long series costs one regular expression search. Pure.
import { redactCommand, redactConfigText } from './redact.ts';
import { isSecretName, isSecretValue, MASK } from './secret-names.ts';
import { valueEnd } from './redact-inline.ts';
import { reduceProcessListings, type ListingState } from './redact-ps.ts';

/**
 * Something in a line that may be a secret: worth the cost of redacting the line (redactLine decides). Literal
 * words only, so that a search of a long series costs milliseconds. Never spans lines.
 */
export const MARKER =
  /pass|pwd|secret|token|credential|_auth|identified|:\/\/|-p|(?:mysql|mariadb|postgres|pg|mongo),/i;

/**
 * Texts from this length on are searched with a RegExp of their own (other flags, the same matches): V8 compiles a
 * regular expression for the frequencies of 128 characters of the text it is running on when it compiles it, and
 * one compiled while redacting column names searched pages of numbers five times as slowly.
 */
const LONG_TEXT = 1024;
const LONG_TEXT_FLAGS = 'gi';

/** A Tcl word: braced (one level of nested braces), quoted, or bare with backslash escapes. */
const TCL_WORD = String.raw`(?:\{(?:[^{}\\]|\\.|\{(?:[^{}\\]|\\.)*\})*\}|"(?:[^"\\]|\\.)*"|(?:\\.|[^\s\\{}])+)`;

const HAMMERDB_CHANGED = /(\bChanged\s+[\w.-]+:([\w.-]+)\s+from\s+)(.*?)(\s+to\s+)(.*?)(\s+for\s+\S+\s*)?$/;
const HAMMERDB_SAME =
  /(\bValue\s+)(.*?)(\s+for\s+[\w.-]+:([\w.-]+)\s+is the same as existing value\s+)(.*?)(,\s*no change made.*)?$/;
/** `diset tpcc pg_pass X` (Tcl) and `diset('tpcc','pg_pass','X')` (HammerDB's Python CLI). */
const DISET_TCL = new RegExp(String.raw`(\bdiset\s+${TCL_WORD}\s+)(${TCL_WORD})(\s+)(${TCL_WORD})`, 'g');
// Its names in quotes, doubled too (the call inside a quoted config value).
const DISET_PYTHON = /\bdiset\s*\(\s*['"]+[\w.:-]*['"]+\s*,\s*(['"]+[\w.:-]*['"]+)\s*,\s*/g;
/** `"key": value` (JSON), `'key': value` (Python). */
const QUOTED_KEY = /(["'])([^"'\\\s]+)\1\s*:\s*/g;
/** `key: value` at the start of a line (YAML, logs), `- key: value` in a YAML list. */
const COLON_KEY = /^(\s*(?:-\s+)?)([A-Za-z_][\w.-]*)(\s*:[ \t]+)(\S.*?)(\s*)$/;
const SQL_PASSWORD = /\bPASSWORD\s*(?:\(\s*)?(?=['"])/gi;
const SQL_IDENTIFIED = /\bIDENTIFIED\s+(?:(?:WITH|VIA)\s+\S+\s+)?(?:BY|AS|USING)\s+(?:PASSWORD\s*\(?\s*)?/gi;
/** mytools' `<dbms>,<user>,<password>,<host>,...` argument of its scripts. */
const HARNESS_CREDENTIALS =
  /\b((?:mysql|mariadb|postgres|pg|mongo),[^,\s]*,)([^,\s]+)(?=,(?:\d{1,3}(?:\.\d{1,3}){3}|localhost|[A-Za-z][\w-]*(?:\.[\w-]+)+|\[?[\da-fA-F]*:[\da-fA-F:]+\]?|\/\S*)(?:[,\s]|$))/gi;

/** A quoted value masked in its quotes, a bare one as it is. */
const masked = (value: string) => (/^['"]/.test(value) ? `${value[0]}${MASK}${value[0]}` : MASK);

/** One line of text as it may be published. */
export function redactLine(line: string): string {
  let s = line
    .replace(HAMMERDB_CHANGED, (all, head: string, key: string, _old, to: string, _new, tail = '') =>
      isSecretName(key) ? `${head}${MASK}${to}${MASK}${tail}` : all,
    )
    .replace(HAMMERDB_SAME, (all, head: string, _v, mid: string, key: string, _w, tail = '') =>
      isSecretName(key) ? `${head}${MASK}${mid}${MASK}${tail}` : all,
    )
    .replace(DISET_TCL, diset)
    .replace(HARNESS_CREDENTIALS, `$1${MASK}`);
  s = maskValues(s, DISET_PYTHON, /[^)]*/y, (m, value) => isSecretValue(m[1]!.replace(/['"]/g, ''), unquote(value)));
  s = maskValues(s, QUOTED_KEY, /[^\s,}\]]+/y, (m, value) => isSecretValue(m[2]!, unquote(value)));
  s = maskValues(s, SQL_PASSWORD, undefined, () => true);
  s = maskValues(s, SQL_IDENTIFIED, /[^\s;,)'"]+/y, () => true);
  if (s.includes('{')) s = redactTclDicts(s);
  const colon = COLON_KEY.exec(s);
  if (colon && isSecretValue(colon[2]!, colon[4]!)) s = `${colon[1]}${colon[2]}${colon[3]}${MASK}${colon[5]}`;
  return redactCommand(redactConfigText(s));
}

/**
 * Each value after a match of `head` (which ends where the value starts) masked when `secret` says so: a quoted
 * one read as every other password is (valueEnd: doubled and escaped quotes, blanks) and masked in its quotes, a
 * bare one as far as `bare` (sticky) matches.
 */
function maskValues(
  line: string,
  head: RegExp,
  bare: RegExp | undefined,
  secret: (m: RegExpExecArray, value: string) => boolean,
): string {
  let out = '';
  let at = 0;
  head.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = head.exec(line))) {
    const start = m.index + m[0].length;
    let end = start;
    if (/^\\?['"]/.test(line.slice(start, start + 2))) end = valueEnd(line, start);
    else if (bare) {
      bare.lastIndex = start;
      end = start + (bare.exec(line)?.[0].length ?? 0);
    }
    const value = line.slice(start, end);
    if (end > start && secret(m, value)) {
      const open = /^(?:\\['"]|'+|"+)/.exec(value)?.[0] ?? '';
      const close = open && value.length >= 2 * open.length && value.endsWith(open) ? open : '';
      out += line.slice(at, start) + open + MASK + close;
      at = end;
    }
    head.lastIndex = Math.max(end, m.index + 1);
  }
  return out + line.slice(at);
}

function diset(all: string, head: string, key: string, sep: string, value: string): string {
  return isSecretValue(unquote(key), unquote(value)) ? `${head}${key}${sep}${masked(value)}` : all;
}

/** The words of a Tcl list (braces nest; quotes and backslashes as Tcl reads them), or undefined when unbalanced. */
function tclWords(text: string, from: number, to: number): Array<{ start: number; end: number }> | undefined {
  const words: Array<{ start: number; end: number }> = [];
  let i = from;
  while (i < to) {
    if (/\s/.test(text[i]!)) {
      i++;
      continue;
    }
    const start = i;
    if (text[i] === '{') {
      let depth = 0;
      for (; i < to; i++) {
        if (text[i] === '\\') i++;
        else if (text[i] === '{') depth++;
        else if (text[i] === '}' && --depth === 0) break;
      }
      if (i >= to) return undefined;
      i++;
    } else if (text[i] === '"') {
      for (i++; i < to && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      if (i >= to) return undefined;
      i++;
    } else {
      for (; i < to && !/\s/.test(text[i]!); i++) if (text[i] === '\\') i++;
      i = Math.min(i, to);
    }
    words.push({ start, end: i });
  }
  return words;
}

/**
 * Tcl dicts in a line, as HammerDB keeps a job's settings (`connection {...} tpcc {pg_user tpcc pg_pass X}`):
 * the value of every key named like a secret, at any depth. A line that is not a list is left as it is.
 */
export function redactTclDicts(line: string): string {
  const edits: Array<{ start: number; end: number }> = [];
  const visit = (from: number, to: number) => {
    const words = tclWords(line, from, to);
    if (!words) return;
    const masked = new Set<number>();
    if (words.length % 2 === 0)
      for (let k = 0; k < words.length; k += 2) {
        const [key, value] = [words[k]!, words[k + 1]!];
        const name = line.slice(key.start, key.end);
        if (/^[\w.:-]+$/.test(name) && isSecretValue(name, unquote(line.slice(value.start, value.end)))) {
          edits.push(value);
          masked.add(k + 1);
        }
      }
    // A braced word is a dict of its own (a job's `tpcc {...}`), also in a line that is not one.
    words.forEach((w, i) => {
      if (!masked.has(i) && line[w.start] === '{') visit(w.start + 1, w.end - 1);
    });
  };
  visit(0, line.length);
  let out = '';
  let at = 0;
  for (const e of edits.sort((a, b) => a.start - b.start)) {
    out += line.slice(at, e.start) + MASK;
    at = e.end;
  }
  return out + line.slice(at);
}

function unquote(word: string): string {
  return /^(['"{]).*['"}]$/s.test(word) ? word.slice(1, -1) : word;
}

/**
 * A raw text as it may be archived: process listings reduced, then each line that may hold a secret redacted
 * (redactLine). Lines are kept character for character otherwise (raw files are read as latin1, so bytes too).
 * `state` carries a process listing over from the piece of a file before this one.
 */
export function redactRawText(text: string, state: ListingState = {}): string {
  const reduced = reduceProcessListings(text, state);
  // Only lines with a marker are looked at: a search of the whole text finds the same lines as testing each
  // line (a 2-hour sysbench output has its password on line 1 of 7,200).
  const find = new RegExp(MARKER.source, reduced.length >= LONG_TEXT ? LONG_TEXT_FLAGS : 'gim');
  let m = find.exec(reduced);
  if (!m) return reduced;
  let out = '';
  let at = 0;
  while (m) {
    const start = reduced.lastIndexOf('\n', m.index) + 1;
    let end = reduced.indexOf('\n', m.index);
    if (end < 0) end = reduced.length;
    out += reduced.slice(at, start) + redactLine(reduced.slice(start, end));
    at = end;
    find.lastIndex = Math.max(end, m.index + 1);
    m = find.exec(reduced);
  }
  return out + reduced.slice(at);
}

// Passwords inside a text, next to the name that says so, in every form a connection string, a command line or a
// config dump writes them: libpq conninfo and assignments (`password='a b'`, `PGPASSWORD=x`, `db_password = "x"`),
// secret options (`--pgsql-password=x`, `--password 'a b'`), a MySQL client's `-p'a b'`, and URIs with a user
// and password (`postgresql://user:x@host`). One reader (valueEnd) decides where a value ends, for every quoting it
// may have been through on its way into a file: libpq's `'a \'b\''`, postgresql.conf's doubled `''a b''`
// (`primary_conninfo = 'password=''a b'''`, as a settings listing may show it), shell backslashes
// (`a\ b`), JSON's `\"a b\"`. Where readings differ, the widest is taken: a password goes whole or with more
// than itself, never in part. One pass over the text, each character read a bounded number of times. Pure.
import { isSecretName, isSecretValue, MASK, REDACTED } from './secret-names.ts';

/** A range of a text to mask: [start, end). */
interface Span {
  start: number;
  end: number;
}

/** Where a name like a secret's may be, a `-p` with a quoted password (`-p'a b'`, `-p ''a b''`), a URI. */
const HINT = /pass|pwd|secret|token|(?<![\w-])-p[ \t]*(?=['"]|\\['"])|:\/\//gi;
const NAME_CHAR = /[\w.-]/;
/**
 * A single quote inside a shell's single-quoted string, its quotes doubled k - 1 times: `'\''`, `''\''''`; none
 * past a few levels (no config nests quotes deeper), which keeps a run of many quotes cheap to read.
 */
const shellQuote = (k: number) => (k <= 4 ? `${"'".repeat(k)}\\${"'".repeat(2 * k)}` : '\0');
const BLANK = /[ \t\r\n]/;
/** What may follow a closing quote: the end, a blank, a separator or an outer quote. */
const AFTER_CLOSE = /[\s,;)}\]&|'"]/;
/** What ends a bare (unquoted) value, as libpq and a shell read one. */
const BARE_END = /[\s'";&|]/;

/**
 * Where the value that starts at `i` ends. A value opened by k quotes (`'`, `''` as postgresql.conf doubles them
 * for a conninfo, `"`) ends at a run of quotes that closes it after any literal quotes (2k each) and before any outer
 * ones; `\'` and `\"` open a value that ends at the same pair; a bare value ends at a blank or a quote that closes an
 * outer one, and goes on through backslash escapes and quotes inside it (`a\ b`, `a'b c'`). A value whose close is
 * missing runs to the end of its line (of the text, for a single quote or double quote, which may span lines).
 */
export function valueEnd(text: string, i: number): number {
  const n = text.length;
  const c = text[i];
  if (c === '\\' && (text[i + 1] === "'" || text[i + 1] === '"')) {
    let j = i + 2;
    for (; j < n && text[j] !== '\n'; j++) if (text[j] === '\\' && text[j + 1] === text[i + 1]) return j + 2;
    return j;
  }
  if (c === "'" || c === '"') {
    let k = 0;
    while (text[i + k] === c) k++;
    // A quote inside a shell's single-quoted string (`'\''`, `''\''''` in a quoted config value) opens a value
    // that the next such quote closes.
    const quote = shellQuote(k);
    if (c === "'" && text.startsWith(quote, i)) {
      let j = i + quote.length;
      for (; j < n && text[j] !== '\n'; j++) if (text.startsWith(quote, j)) return j + quote.length;
      return j;
    }
    // `''` then a blank: an empty value (of a conninfo quoted once more), not the opening of one.
    if (k % 2 === 0 && (i + k >= n || AFTER_CLOSE.test(text[i + k]!))) return i + k;
    return closeOf(text, i + k, c, k).end;
  }
  let j = i;
  while (j < n) {
    const ch = text[j]!;
    if (ch === '\\' && j + 1 < n && text[j + 1] !== '\n') j += 2;
    else if ((ch === "'" || ch === '"') && j > i && j + 1 < n && !AFTER_CLOSE.test(text[j + 1]!)) j = valueEnd(text, j);
    else if (BARE_END.test(ch)) break;
    else j++;
  }
  return j;
}

/**
 * Where a value opened by k quotes `c` ends, from `from` (after the opening quotes): after the run of quotes that
 * closes it, which may hold literal quotes before (2k each) and outer ones after; `closed` false when the value
 * runs to the end of its line (k > 1) or of the text.
 */
function closeOf(text: string, from: number, c: string, k: number): { end: number; closed: boolean } {
  const n = text.length;
  const quote = shellQuote(k);
  let j = from;
  while (j < n) {
    const ch = text[j]!;
    if (ch === '\n' && k > 1) return { end: j, closed: false };
    if (ch === '\\') j += 2;
    else if (ch === "'" && c === "'" && text.startsWith(quote, j)) j += quote.length;
    else if (ch === c) {
      let r = 0;
      while (text[j + r] === c) r++;
      const outer = (r - k) % (2 * k);
      if (r >= k && outer < k) return { end: j + r - outer, closed: true };
      j += r;
    } else j++;
  }
  return { end: n, closed: false };
}

/**
 * The password of a URI whose `://` is at `at`: between `user:` and the last `@` before the path (`/`), the line's
 * end or a closing quote (the quote before the URI; `"` for one not in quotes). Blanks are in it: libpq reads
 * `postgresql://u:a b@h` so, and a config file's value may show it so once its quotes are gone.
 */
function uriPassword(text: string, at: number): Span | undefined {
  let s = at;
  while (s > 0 && /[a-z0-9+.-]/i.test(text[s - 1]!)) s--;
  if (s === at || !/[a-z]/i.test(text[s]!)) return undefined;
  const quote = text[s - 1] === "'" ? "'" : '"';
  let j = at + 3;
  while (j < text.length && !/[\s:/@]/.test(text[j]!)) j++;
  if (text[j] !== ':') return undefined;
  const start = j + 1;
  let lastAt = -1;
  for (j = start; j < text.length; j++) {
    const ch = text[j]!;
    if (ch === '/' || ch === '\n' || ch === quote) break;
    if (ch === '@') lastAt = j;
  }
  return lastAt > start ? { start, end: lastAt } : undefined;
}

/**
 * The spans of `text` that hold a password: values of names like a secret's (assignments and options), `-p`
 * with a quoted password, URI passwords. In order, not overlapping; a value redacted already is not one.
 */
function inlineSecrets(text: string): Span[] {
  const spans: Span[] = [];
  const hint = HINT;
  hint.lastIndex = 0;
  // Where the last value ended: a name starts no earlier.
  let floor = 0;
  let m: RegExpExecArray | null;
  while ((m = hint.exec(text))) {
    let next = m.index + m[0].length;
    if (m[0] === '://') {
      const uri = uriPassword(text, m.index);
      if (uri && !REDACTED.test(text.slice(uri.start, uri.end))) spans.push(uri);
      if (uri) next = uri.end;
    } else if (/^-p\s*$/i.test(m[0])) {
      const end = valueEnd(text, next);
      if (!REDACTED.test(text.slice(next, end))) spans.push({ start: next, end });
      next = end;
    } else {
      // The whole name around the hint: `PGPASSWORD`, `--pgsql-password`, `db_password`.
      let s = m.index;
      while (s > floor && NAME_CHAR.test(text[s - 1]!)) s--;
      let e = next;
      while (e < text.length && NAME_CHAR.test(text[e]!)) e++;
      next = e;
      const value = valueAfter(text, s, e);
      if (value) {
        let end = valueEnd(text, value);
        // A name and a bare value in quotes of their own (`'--pgsql-password=a b'`, `''password=a b''`): the value
        // is what the quotes hold.
        const q = text[s - 1];
        if ((q === "'" || q === '"') && text[value] !== q) {
          let k = 1;
          while (text[s - 1 - k] === q) k++;
          const close = closeOf(text, value, q, k);
          end = Math.max(end, close.closed ? close.end - k : close.end);
        }
        const name = text.slice(s, e).replace(/^-+/, '');
        if (end > value && isSecretValue(name, text.slice(value, end))) spans.push({ start: value, end });
        next = Math.max(next, end);
      }
    }
    floor = Math.max(floor, next);
    hint.lastIndex = Math.max(next, m.index + 1);
  }
  return spans;
}

/**
 * Where the value of the name at [s, e) starts: after `=` (blanks around it allowed for a bare name); for an
 * option (`-x`, `--x`), after `=` or after blanks when what follows is not another option. Undefined when the
 * name takes no value there.
 */
function valueAfter(text: string, s: number, e: number): number | undefined {
  const option = text[s] === '-';
  if (option && !/^--?[A-Za-z_]/.test(text.slice(s, s + 3))) return undefined;
  if (!option && !/[A-Za-z_]/.test(text[s]!)) return undefined;
  if (!isSecretName(text.slice(s, e).replace(/^-+/, ''))) return undefined;
  let j = e;
  while (text[j] === ' ' || text[j] === '\t') j++;
  if (text[j] === '=' && (!option || j === e)) {
    j++;
    if (text[j] === '=') j++; // `password == 'x'` in a log of code
    while (text[j] === ' ' || text[j] === '\t') j++;
    return j;
  }
  if (option && j > e && j < text.length && text[j] !== '-' && !BLANK.test(text[j]!)) return j;
  return undefined;
}

/** A text with the spans masked (in order, not overlapping). */
function maskSpans(text: string, spans: Span[]): string {
  let out = '';
  let at = 0;
  for (const s of spans) {
    out += text.slice(at, s.start) + MASK;
    at = s.end;
  }
  return out + text.slice(at);
}

/** Passwords inside a text (inlineSecrets) replaced by `***`. */
export function redactInline(text: string): string {
  const spans = inlineSecrets(text);
  return spans.length ? maskSpans(text, spans) : text;
}

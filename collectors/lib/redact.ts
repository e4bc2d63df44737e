// Secrets never leave the host: what benchsite writes into content/ (run.json, raw archives) or prints (dry-run,
// progress, logs) has passwords replaced by `***`. Pure functions of text:
// - command lines: connection strings, assignments, options and URIs read as redact-inline.ts reads them
//   everywhere, then the words as the shell makes them (quotes, backslashes, `;` and `&` between words), so
//   `'--pgsql-password=a b;c'`, `-p"x y"`, `PGPASSWORD='a b' psql` and `psql "host=h password=''a b''"` lose the
//   whole password, not its first word;
// - settings: the value of any setting whose name suggests a secret (secret-names.ts), and passwords inside any
//   value (PostgreSQL's `primary_conninfo = 'host=h password=x'`, URIs with a user and password);
// - known secrets (the spec's passwords, by value) wherever they appear.
// benchsite never puts a password on a command line it runs (see collectors/lib/transport), so these are the
// second line of defence, and what cleans command lines and files from harness runs. The forms tools and
// harnesses write in their outputs are in redact-text.ts, process listings in redact-ps.ts, whole files (any
// size, compressed, archives, SQLite) in redact-file.ts; docs/security.md lists them all.

import { redactInline, valueEnd } from './redact-inline.ts';
import { isSecretValue, MASK, REDACTED, SECRET_NAME } from './secret-names.ts';

/** A setting's value as it may be published. */
export function redactSetting(name: string, value: string): string {
  return isSecretValue(name, value) ? MASK : redactInline(value);
}

export function redactSettings(settings: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, redactSetting(k, v)]));
}

/**
 * A settings or config file: `name<TAB>value` (SHOW VARIABLES, pg_settings), `name = value` (my.cnf,
 * postgresql.conf), `name | value | ...` (psql tables), each line by redactSetting, every line by redactInline.
 */
export function redactConfigText(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const table = /^(\s*)([A-Za-z_][\w.-]*)(\s*\|\s*)([^|]*?)(\s*\|.*)?$/.exec(line);
      if (table) return `${table[1]}${table[2]}${table[3]}${redactSetting(table[2]!, table[4]!)}${table[5] ?? ''}`;
      const kv = /^(\s*)([A-Za-z_][\w.-]*)(\t|\s*=\s*|\s+)(.*)$/.exec(line);
      if (kv) return `${kv[1]}${kv[2]}${kv[3]}${redactSetting(kv[2]!, kv[4]!)}`;
      return redactInline(line);
    })
    .join('\n');
}

interface Word {
  start: number;
  end: number;
  /** What the shell makes of it: quotes removed, escapes resolved. */
  value: string;
}

const BLANK = /[ \t\n\r]/;
const OPERATOR = /[;&|()<>]/;

/** Shell words of a command line (POSIX quoting). An unclosed quote runs to the end, as the shell would read on. */
function shellWords(text: string): Array<Word | { operator: true }> {
  const out: Array<Word | { operator: true }> = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (BLANK.test(c)) {
      i++;
      continue;
    }
    if (OPERATOR.test(c)) {
      out.push({ operator: true });
      i++;
      continue;
    }
    const start = i;
    let value = '';
    while (i < text.length && !BLANK.test(text[i]!) && !OPERATOR.test(text[i]!)) {
      const ch = text[i]!;
      if (ch === "'") {
        const close = text.indexOf("'", i + 1);
        const end = close < 0 ? text.length : close;
        value += text.slice(i + 1, end);
        i = end + 1;
      } else if (ch === '"') {
        i++;
        while (i < text.length && text[i] !== '"') {
          if (text[i] === '\\' && i + 1 < text.length && '"\\$`'.includes(text[i + 1]!)) i++;
          value += text[i++];
        }
        i++;
      } else if (ch === '\\' && i + 1 < text.length) {
        value += text[i + 1];
        i += 2;
      } else {
        value += ch;
        i++;
      }
    }
    out.push({ start, end: Math.min(i, text.length), value });
  }
  return out;
}

/** The MySQL and MariaDB command-line clients (mysql, mysqladmin, mysqldump, mariadb-admin ...). */
const MYSQL_CLIENT = /^(mysql|mariadb)[\w-]*$/;
/** `--mysql-password`, `--db_password`, `--passphrase`: an option whose value is a secret. */
const SECRET_OPTION = /^--?[\w.-]*(pass|pwd|secret|token)[\w.-]*$/i;
const ASSIGNMENT = /^([A-Za-z_][\w.-]*)=([\s\S]*)$/;

/** One word as it may be shown (the original text when nothing in it is secret, or it is redacted already). */
function redactWord(w: Word, original: string, known: string[]): string {
  const v = w.value;
  // --mysql-password=SECRET, mysql -pSECRET, PGPASSWORD=SECRET: the option or name stays, the value goes.
  const option = /^(--?[\w.-]+=)([\s\S]*)$/.exec(v);
  const attached = /^(-p)([^-\s][\s\S]*)$/.exec(v);
  const assignment = ASSIGNMENT.exec(v);
  let secret: [string, string] | undefined;
  if (option && SECRET_OPTION.test(option[1]!.slice(0, -1))) secret = [option[1]!, option[2]!];
  else if (attached) secret = [attached[1]!, attached[2]!];
  else if (assignment && SECRET_NAME.test(assignment[1]!) && assignment[2] !== '')
    secret = [`${assignment[1]}=`, assignment[2]!];
  if (secret) return REDACTED.test(secret[1]) ? original : `${secret[0]}${MASK}`;
  // A word holding words (a script for `sh -c`, a conninfo string) is a command line of its own.
  const inner = /[ \t\n\r;&|()<>]/.test(v) ? redactCommand(v, known) : redactKnown(redactInline(v), known);
  return inner === v ? original : shellQuote(inner);
}

/** A word quoted for a POSIX shell, bare when it needs no quotes. */
function shellQuote(s: string): string {
  return /^[A-Za-z0-9_@%+=:,./*-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Every occurrence of a known secret (the spec's passwords) replaced. */
function redactKnown(text: string, known: string[]): string {
  let out = text;
  for (const s of known) if (s) out = out.split(s).join(MASK);
  return out;
}

/**
 * A command line (or a shell script the user wrote) as it may be shown or stored: secret options, attached
 * `-p` passwords, secret assignments, the word after a secret option (`--password secret`), passwords inside
 * words, and known secrets, whatever the quoting. Connection strings and options are read first, on the text as
 * it is (redact-inline.ts), then the words as the shell reads them: `password=''a b''` (a conninfo quoted for
 * postgresql.conf) is one value to the first reading and three words to the shell, and what the first reading
 * masks (`***`, no blank or quote in it) leaves the shell's words as they were.
 */
export function redactCommand(text: string, known: string[] = []): string {
  const masked = redactInline(redactKnown(text, known));
  const words = shellWords(masked);
  let out = '';
  let at = 0;
  let secretNext = false;
  // In a MySQL client's command, `-p` alone takes the password from the next word when it is not an option.
  let mysql = false;
  let afterP = false;
  for (const w of words) {
    if ('operator' in w) {
      secretNext = afterP = mysql = false;
      continue;
    }
    if (w.start < at) continue; // inside a password masked already
    const original = masked.slice(w.start, w.end);
    let shown: string;
    let end = w.end;
    if ((secretNext || (afterP && !w.value.startsWith('-'))) && !REDACTED.test(w.value)) {
      // The password is the word, or more when it is quoted as the shell does not read it (`-p ''a b''`).
      shown = MASK;
      end = Math.max(end, valueEnd(masked, w.start));
    } else shown = redactWord(w, original, known);
    if (MYSQL_CLIENT.test(w.value.slice(w.value.lastIndexOf('/') + 1))) mysql = true;
    secretNext = SECRET_OPTION.test(w.value);
    afterP = mysql && w.value === '-p';
    out += masked.slice(at, w.start) + shown;
    at = end;
  }
  return redactKnown(out + masked.slice(at), known);
}

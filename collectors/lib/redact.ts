// Secrets never leave the host: what benchsite writes into content/ (run.json, raw archives) or prints (dry-run,
// progress, logs) has passwords replaced by `***`. Pure functions of text:
// - command lines: a word is what the shell makes of it (quotes, backslashes, `;` and `&` between words), so
//   `'--pgsql-password=a b;c'`, `-p"x y"` and `PGPASSWORD='a b' psql` lose the whole password, not its first
//   word; passwords inside a word (`psql "host=h password=x"`, `postgres://u:pw@h/db`) too;
// - settings: the value of any setting whose name suggests a secret, and passwords inside any value
//   (PostgreSQL's `primary_conninfo = 'host=h password=x'`, URIs with a user and password);
// - known secrets (the spec's passwords, by value) wherever they appear.
// benchsite never puts a password on a command line it runs (see collectors/lib/transport), so these are the
// second line of defence, and what cleans command lines and files from harness runs.

export const MASK = '***';

/** Names that suggest the value is a secret: passwords, passphrases, tokens, keys, credentials. */
const SECRET_NAME = /pass|pwd|secret|token|credential|private_?key|api_?key|auth_?key|(^|_)auth$/i;
/** Settings named like secrets that hold a policy, not a secret (PostgreSQL, MySQL, MariaDB). */
const POLICY_NAME =
  /^(password_encryption|default_password_lifetime|password_history|password_reuse_interval|password_require_current|old_passwords|strict_password_validation|disconnect_on_expired_password|max_password_errors|default_authentication_plugin|authentication_policy|validate_password[._-]\w+|simple_password_check\w*|cracklib_password_check\w*)$/i;
/** Values that are never secrets however the setting is named: empty, on/off, numbers (`password_lifetime 0`). */
const NOT_SECRET_VALUE = /^(|on|off|true|false|yes|no|-?\d+(\.\d+)?)$/i;

/**
 * Passwords inside a value: libpq/MySQL style `password=...` (quoted or not) and the password of a URI with
 * user info (`scheme://user:password@host`).
 */
export function redactInline(text: string): string {
  return text
    .replace(/(\b(?:ssl)?pass(?:word)?\s*=\s*)('(?:[^'\\]|\\.)*'?|"(?:[^"\\]|\\.)*"?|[^\s'";&|]+)/gi, `$1${MASK}`)
    .replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s/@]*@/gi, `$1${MASK}@`);
}

/** A setting's value as it may be published. */
export function redactSetting(name: string, value: string): string {
  if (SECRET_NAME.test(name) && !POLICY_NAME.test(name) && !NOT_SECRET_VALUE.test(value.trim())) return MASK;
  return redactInline(value);
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

/** `--mysql-password`, `--db_password`, `--passphrase`: an option whose value is a secret. */
const SECRET_OPTION = /^--?[\w.-]*(pass|pwd|secret|token)[\w.-]*$/i;
const ASSIGNMENT = /^([A-Za-z_][\w.-]*)=([\s\S]*)$/;
/** A value redacted already (with what followed it in a list): left as it is written. */
const REDACTED = /^\*\*\*[,;)'"]*$/;

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
export function redactKnown(text: string, known: string[]): string {
  let out = text;
  for (const s of known) if (s) out = out.split(s).join(MASK);
  return out;
}

/**
 * A command line (or a shell script the user wrote) as it may be shown or stored: secret options, attached
 * `-p` passwords, secret assignments, the word after a secret option (`--password secret`), passwords inside
 * words, and known secrets, whatever the quoting.
 */
export function redactCommand(text: string, known: string[] = []): string {
  const words = shellWords(text);
  let out = '';
  let at = 0;
  let secretNext = false;
  for (const w of words) {
    if ('operator' in w) {
      secretNext = false;
      continue;
    }
    const original = text.slice(w.start, w.end);
    const shown = secretNext ? MASK : redactWord(w, original, known);
    secretNext = SECRET_OPTION.test(w.value);
    out += text.slice(at, w.start) + shown;
    at = w.end;
  }
  return redactKnown(out + text.slice(at), known);
}

/** Something in a line that may be a secret: worth the cost of redacting the line. */
const MARKER = /pass|pwd|secret|token|credential|_auth|:\/\/[^\s/@]*:[^\s/@]*@/i;

/**
 * A raw text file as it may be archived: each line that may hold a secret as a setting (`password = x`) and as a
 * command line (`sysbench --mysql-password=x`). Lines are kept byte for byte otherwise (latin1 in and out).
 */
export function redactRawText(text: string): string {
  // Only the lines with a marker are looked at: a marker never spans lines, so a search of the whole text finds
  // the same lines as testing each line (a 2-hour sysbench output has its password on line 1 of 7,200).
  const find = new RegExp(MARKER.source, 'gi');
  let m = find.exec(text);
  if (!m) return text;
  let out = '';
  let at = 0;
  while (m) {
    const start = text.lastIndexOf('\n', m.index) + 1;
    let end = text.indexOf('\n', m.index);
    if (end < 0) end = text.length;
    out += text.slice(at, start) + redactCommand(redactConfigText(text.slice(start, end)));
    at = end;
    find.lastIndex = end;
    m = find.exec(text);
  }
  return out + text.slice(at);
}

/** Raw files up to this size are searched whole; of larger ones (long series) the start, where commands are. */
const SEARCH_WHOLE_BYTES = 4 << 20;
const SEARCH_HEAD_BYTES = 64 << 10;

/**
 * The bytes of a raw file as they may be archived, or undefined when nothing in them changes. Binary files
 * (a NUL byte near the start, or gzip) are left alone.
 */
export function redactRawFile(path: string, data: Uint8Array): Uint8Array | undefined {
  if (path.endsWith('.gz')) return undefined;
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const head = bytes.subarray(0, Math.min(bytes.length, SEARCH_HEAD_BYTES));
  if (head.includes(0)) return undefined;
  const whole = bytes.length <= SEARCH_WHOLE_BYTES;
  const searched = whole ? bytes : head;
  const text = searched.toString('latin1');
  if (!MARKER.test(text)) return undefined;
  if (whole) {
    const out = redactRawText(text);
    return out === text ? undefined : Buffer.from(out, 'latin1');
  }
  // The head up to its last full line, then the rest as it is.
  const cut = text.lastIndexOf('\n') + 1;
  const out = redactRawText(text.slice(0, cut));
  return out === text.slice(0, cut) ? undefined : Buffer.concat([Buffer.from(out, 'latin1'), bytes.subarray(cut)]);
}

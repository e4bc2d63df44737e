// Secrets never leave the host: what benchsite writes into content/ (run.json, raw archives) or prints (dry-run,
// progress, logs) has passwords replaced by `***`. Pure functions of text:
// - command lines: a word is what the shell makes of it (quotes, backslashes, `;` and `&` between words), so
//   `'--pgsql-password=a b;c'`, `-p"x y"` and `PGPASSWORD='a b' psql` lose the whole password, not its first
//   word; passwords inside a word (`psql "host=h password=x"`, `postgres://u:pw@h/db`) too;
// - settings: the value of any setting whose name suggests a secret, and passwords inside any value
//   (PostgreSQL's `primary_conninfo = 'host=h password=x'`, URIs with a user and password);
// - known secrets (the spec's passwords, by value) wherever they appear.
// benchsite never puts a password on a command line it runs (see collectors/lib/transport), so these are the
// second line of defence, and what cleans command lines and files from harness runs. The forms tools and
// harnesses write in their outputs are in redact-text.ts, process listings in redact-ps.ts, whole files (any
// size, compressed, archives, SQLite) in redact-file.ts; docs/security.md lists them all.

export const MASK = '***';
/** A value redacted already (with what followed it in a list): left as it is written. */
const REDACTED = /^\*\*\*[,;)'"]*$/;

/** Names that suggest the value is a secret: passwords, passphrases, tokens, keys, credentials. */
const SECRET_NAME = /pass|pwd|secret|token|credential|private_?key|api_?key|auth_?key|(^|_)auth$/i;
/** Settings named like secrets that hold a policy, not a secret (PostgreSQL, MySQL, MariaDB). */
const POLICY_NAME =
  /^(password_encryption|default_password_lifetime|password_history|password_reuse_interval|password_require_current|old_passwords|strict_password_validation|disconnect_on_expired_password|max_password_errors|default_authentication_plugin|authentication_policy|validate_password[._-]\w+|simple_password_check\w*|cracklib_password_check\w*)$/i;
/** Values that are never secrets however the setting is named: empty, on/off, numbers (`password_lifetime 0`). */
const NOT_SECRET_VALUE = /^(|on|off|true|false|yes|no|null|-?\d+(\.\d+)?)$/i;

/**
 * A name like a secret's inside a value: `password`, `sslpassword`, `db_password`, `MYSQL_PWD`, `api_token`.
 * Not an option (`--db_password=`): redactCommand knows where its value ends, in Python code too.
 */
const SECRET_KEY = String.raw`(?<![\w.-])(?=[A-Za-z_])[\w.]*(?:pass|pwd|secret|token)[\w.-]*`;
/** A value as a connection string or an assignment writes it: quoted (escapes and doubled quotes allowed) or bare. */
// The first form is a conninfo whose quotes were doubled for postgresql.conf and then unquoted once
// (`password=''a b''`): read as an empty value it would publish `a b`. It stays on its line, so a text of many
// unclosed `''` costs one pass per line, not per text.
const VALUE = String.raw`''(?=[^'\s])(?:[^'\\\n]|\\.|'(?!'))+''|'(?:[^'\\]|\\.|'')*'?|"(?:[^"\\]|\\.|"")*"?|[^\s'";&|]+`;
const INLINE_ASSIGNMENT = new RegExp(String.raw`(${SECRET_KEY})(\s*=\s*)(${VALUE})`, 'gi');

/** Whether a setting or key so named holds a secret (`pg_pass`, `MYSQL_PWD`), not a policy (`password_encryption`). */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name) && !POLICY_NAME.test(name);
}

/** Whether the value of a setting named `name` is a secret: named like one, not a policy, not a flag or number. */
export function isSecretValue(name: string, value: string): boolean {
  const bare = value.trim().replace(/^(['"])([\s\S]*)\1$/, '$2');
  return isSecretName(name) && !NOT_SECRET_VALUE.test(bare.trim()) && !REDACTED.test(bare);
}

/**
 * Passwords inside a value: `password=...`, `db_password=...` (quoted or not: libpq, MySQL, JDBC, Python
 * keyword arguments) and the password of a URI with user info (`scheme://user:password@host`).
 */
function redactInline(text: string): string {
  return text
    .replace(INLINE_ASSIGNMENT, (all, name: string, eq: string, value: string) =>
      isSecretValue(name, value) ? `${name}${eq}${MASK}` : all,
    )
    .replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s/]*@/gi, `$1${MASK}@`);
}

/** A setting's value as it may be published. */
export function redactSetting(name: string, value: string): string {
  if (isSecretValue(name, value)) return MASK;
  // postgresql.conf quotes a value in '' and doubles the quotes inside: `'host=h password=''a b'''`.
  const quoted = /^'((?:[^'\\]|\\.|'')*)'(\s*(?:#.*)?)$/.exec(value);
  if (quoted) {
    const inner = quoted[1]!.replaceAll("''", "'");
    const shown = redactInline(inner);
    return shown === inner ? value : `'${shown.replaceAll("'", "''")}'${quoted[2]}`;
  }
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
  // A word holding words (a script for `sh -c`, a conninfo string) is a command line of its own, read as a
  // conninfo first: the shell's reading of `password=''a b''` would leave `b` in a word of its own.
  const inner = /[ \t\n\r;&|()<>]/.test(v)
    ? redactCommand(redactInline(v), known)
    : redactKnown(redactInline(v), known);
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
 * words, and known secrets, whatever the quoting.
 */
export function redactCommand(text: string, known: string[] = []): string {
  const words = shellWords(text);
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
    const original = text.slice(w.start, w.end);
    const masked = secretNext || (afterP && !w.value.startsWith('-'));
    const shown = masked ? MASK : redactWord(w, original, known);
    if (MYSQL_CLIENT.test(w.value.slice(w.value.lastIndexOf('/') + 1))) mysql = true;
    secretNext = SECRET_OPTION.test(w.value);
    afterP = mysql && w.value === '-p';
    out += text.slice(at, w.start) + shown;
    at = w.end;
  }
  return redactKnown(out + text.slice(at), known);
}

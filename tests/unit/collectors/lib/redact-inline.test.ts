// One reading of a password's value for every path a string takes to content/: a setting (redactSetting, then
// the text rules as publishableRun applies them), a command line (redactCommand, then the text rules), a config
// file (redactConfigText) and a raw file (redactRawText). Each form, in each quoting, loses every word.
import { describe, expect, it } from 'vitest';
import { redactCommand, redactConfigText, redactSetting } from '../../../../collectors/lib/redact.ts';
import { redactInline, valueEnd } from '../../../../collectors/lib/redact-inline.ts';
import { redactRawText } from '../../../../collectors/lib/redact-text.ts';
import { parseConfigSettings } from '../../../../collectors/lib/config-file.ts';
import { quote } from '../../../../collectors/lib/transport/shell-quote.ts';

const W = 'alpha bravo charlie';
/** Any word of W, or a piece of one, left in a text. */
const LEFT = /alpha|bravo|charlie|lph|rav|harl/;
const conf = (s: string) => s.replaceAll("'", "''");

const FORMS = [
  // libpq conninfo: single quotes, escaped quotes, doubled quotes (postgresql.conf), double quotes (JSON).
  `password='${W}' host=db`,
  `host=db password='${W}'`,
  `host=db password='alpha \\'bravo\\' charlie' user=x`,
  `host=db password='alpha ''bravo'' charlie' user=x`,
  `password=''${W}'' sslmode=require`,
  `host=db password=''${W}`,
  `host=db password='${W}`,
  `password = '${W}'`,
  `{"dsn": "host=db password=\\"${W}\\" user=x"}`,
  // Environment and assignments.
  `PGPASSWORD='${W}' pgbench -T 10`,
  `PGPASSWORD="${W}" pgbench -T 10`,
  `env PGPASSWORD=alpha\\ bravo\\ charlie pgbench`,
  `export MYSQL_PWD='${W}'`,
  `PGPASSWORD=12345678 psql`,
  // URIs, quoted or not, blanks in the password.
  `psql 'postgresql://user:${W}@host/db'`,
  `psql "postgres://user:${W}@host:5432/db?sslmode=require"`,
  `postgresql://user:${W}@host/db`,
  `psql postgresql://user:alpha%20bravo%20charlie@host/db`,
  // Options.
  `mysql -p'${W}' db`,
  `mysql -p"${W}" db`,
  `mysql -p '${W}' db`,
  `mysql -palphabravocharlie db`,
  `sysbench --pgsql-password='${W}' run`,
  `sysbench --mysql-password="${W}" run`,
  `sysbench --pgsql-password=alpha\\ bravo\\ charlie run`,
  `tool --password '${W}' x`,
  `tool --password "${W}" x`,
  `tool --password='${W}' x`,
  `'--pgsql-password=${W};x'`,
  // pgbench's connection string argument.
  `pgbench -h db "host=db password='${W}'" -T 10`,
  `pgbench 'host=db password=''${W}'''`,
  `pgbench "dbname=x password=''${W}'' sslmode=require"`,
  `pgbench -d "password=\\'${W}\\' host=x"`,
  // A script for `sh -c`, quoted as benchsite quotes a shell line (a quote inside is '\'').
  ['sh', '-c', `mysql -p'${W}' -e 'select 1'`].map(quote).join(' '),
  ['sh', '-c', `PGPASSWORD='${W}' psql -c 'select 1'`].map(quote).join(' '),
  ['sh', '-c', `psql "host=db password='${W}'"`].map(quote).join(' '),
  // HammerDB.
  `diset tpcc pg_pass {${W}}`,
  `diset tpcc pg_superuserpass "${W}"`,
  `diset('tpcc','pg_pass','${W}')`,
  `Changed tpcc:pg_pass from tpcc to ${W} for PostgreSQL`,
  `Value ${W} for tpcc:pg_pass is the same as existing value ${W}, no change made`,
  `"pg_pass": "${W}",`,
  `tpcc {pg_user tpcc pg_pass {${W}} pg_dbase tpcc}`,
  // SQL.
  `ALTER ROLE x PASSWORD '${W}'`,
  `CREATE USER x IDENTIFIED BY '${W}'`,
];

/** Every path a string takes, as the run writer and the raw-file redaction apply them. */
const PATHS: Record<string, (s: string) => string> = {
  raw: (s) => redactRawText(s),
  command: (s) => redactRawText(redactCommand(s)),
  'command twice': (s) => redactRawText(redactCommand(redactCommand(s))),
  setting: (s) => redactRawText(redactSetting('x', s)),
  'postgresql.conf line': (s) => redactRawText(`primary_conninfo = '${conf(s)}'`),
  'postgresql.conf setting': (s) => {
    const v = parseConfigSettings(`primary_conninfo = '${conf(s)}'\n`, 'postgres').primary_conninfo!;
    return redactRawText(redactSetting('primary_conninfo', v));
  },
  'config text': (s) => redactRawText(redactConfigText(`dsn = ${s}`)),
};

describe('every form, every path: not one word left', () => {
  for (const [path, redact] of Object.entries(PATHS))
    it(path, () => {
      const left = FORMS.map((f) => [f, redact(f)]).filter(([, shown]) => LEFT.test(shown!));
      expect(left).toEqual([]);
    });
});

describe('what stays', () => {
  it.each([
    [`host=db password='${W}' sslmode=require`, 'host=db password=*** sslmode=require'],
    [`password=''${W}'' sslmode=require`, 'password=*** sslmode=require'],
    [`'host=h password=''${W}'' sslmode=require'`, `'host=h password=*** sslmode=require'`],
    [`'host=h password=''${W}'''`, `'host=h password=***'`],
    [`host=db password='alpha \\'b\\' c' user=x`, 'host=db password=*** user=x'],
    [`"postgres://u:${W}@h:5432/db"`, '"postgres://u:***@h:5432/db"'],
    [
      `mysql://root:pw@localhost:3306/x and http://host:8080/x`,
      'mysql://root:***@localhost:3306/x and http://host:8080/x',
    ],
    [`mysql -p''${W}'' db`, 'mysql -p*** db'],
    [`--password ''${W}'' --next`, '--password *** --next'],
    // An empty password, a policy and a flag are kept, as is what was redacted already.
    [`password='' host=x app=''y''`, `password='' host=x app=''y''`],
    ['password_encryption=scram-sha-256 password_lifetime=0', 'password_encryption=scram-sha-256 password_lifetime=0'],
    ['host=h password=*** user=u postgres://u:***@h', 'host=h password=*** user=u postgres://u:***@h'],
    ['psql --no-password -h db', 'psql --no-password -h db'],
  ])('%s', (text, shown) => {
    expect(redactInline(text)).toBe(shown);
  });

  it('reads where a value ends for every quoting', () => {
    const end = (text: string) => text.slice(0, valueEnd(text, 0));
    expect(end(`'a b' c`)).toBe(`'a b'`);
    expect(end(`'a \\'b\\' c' d`)).toBe(`'a \\'b\\' c'`);
    expect(end(`'a ''b'' c' d`)).toBe(`'a ''b'' c'`);
    expect(end(`''a b'' c`)).toBe(`''a b''`);
    expect(end(`''a b''' c`)).toBe(`''a b''`);
    expect(end(`'' c`)).toBe(`''`);
    expect(end(`\\"a b\\" c`)).toBe(`\\"a b\\"`);
    expect(end(`a\\ b c`)).toBe(`a\\ b`);
    expect(end(`a'b c' d`)).toBe(`a'b c'`);
    expect(end(`a' d`)).toBe('a');
    expect(end(`''a b\nc''`)).toBe(`''a b`);
    expect(end(`'a b\nc' d`)).toBe(`'a b\nc'`);
  });
});

describe('linear time on hostile lines', () => {
  // Each shape repeated on one line: openers never closed, names that take no value, URIs with no @. A line four
  // times as long takes about four times as long (a quadratic reading would take sixteen times).
  it.each([
    "password=''a ",
    "password='a ",
    'password=\\"a ',
    "-p'a ",
    "-p'\\''a ",
    "password='a'\\''b ",
    'x://u:a ',
    'x://u:',
    '--password ',
    'pass',
    'password=',
    "diset('a','pg_pass',''",
    "PASSWORD ''",
    '\\',
  ])('%j', (unit) => {
    const time = (bytes: number) => {
      const line = unit.repeat(Math.ceil(bytes / unit.length));
      const t0 = performance.now();
      redactRawText(line);
      redactCommand(line);
      redactSetting('x', line);
      return performance.now() - t0;
    };
    time(64 << 10); // compiled
    const short = time(256 << 10);
    expect(short).toBeLessThan(2000); // before a longer line that would take minutes
    expect(time(1 << 20)).toBeLessThan(8 * short + 300);
  });
});

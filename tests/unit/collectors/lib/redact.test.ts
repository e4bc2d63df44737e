import { describe, expect, it } from 'vitest';
import { redactCommand, redactConfigText, redactSetting } from '../../../../collectors/lib/redact.ts';
import { MARKER, redactLine, redactRawText } from '../../../../collectors/lib/redact-text.ts';
import { redactRawFile } from '../../../../collectors/lib/redact-file.ts';
import { quote } from '../../../../collectors/lib/transport/shell-quote.ts';

const PW = 'Inl1nePW with space;x';

describe('redactCommand: the whole password, whatever the quoting a spec allows', () => {
  it.each([
    // Quoted as benchsite quotes argv for a shell line (dry-run).
    [`sysbench ${quote(`--pgsql-password=${PW}`)} --tables=1 run`, `sysbench '--pgsql-password=***' --tables=1 run`],
    [`mysql -u root ${quote(`-p${PW}`)} -e 'select 1'`, `mysql -u root -p*** -e 'select 1'`],
    [`mysql -u root -p"${PW}" -e 'select 1'`, `mysql -u root -p*** -e 'select 1'`],
    [`PGPASSWORD='${PW}' psql -c 'select 1'`, `PGPASSWORD=*** psql -c 'select 1'`],
    [`export MYSQL_PWD="a \\"b\\" c"; mariadb -e 1`, 'export MYSQL_PWD=***; mariadb -e 1'],
    [`iibench.py --db_password=${quote(PW)} --my_id=1`, 'iibench.py --db_password=*** --my_id=1'],
    [`tool --password 'two words' --next`, 'tool --password *** --next'],
    [`psql "host=h user=u password='a b;c' dbname=d"`, `psql "host=h user=u password=*** dbname=d"`],
    [`pg_dump postgres://rep:s3cr3t@db.example:5432/app`, 'pg_dump postgres://rep:***@db.example:5432/app'],
    // The harness's own lines: unquoted, stopping at a blank as the shell does.
    [
      'sysbench --mysql-user=root --mysql-password=pw --mysql-host=127.0.0.1 run',
      'sysbench --mysql-user=root --mysql-password=*** --mysql-host=127.0.0.1 run',
    ],
  ])('%s', (line, shown) => {
    expect(redactCommand(line)).toBe(shown);
  });

  it('leaves a line without secrets, or with its secrets redacted already, exactly as it is', () => {
    const line = `sysbench oltp_read_only --tables=1 --range-size=100 run  >& 'sb.o x'; echo "done: \\"ok\\""`;
    expect(redactCommand(line)).toBe(line);
    const settings = 'search_path\t"""host=h user=rep password=***""", "postgres://rep:***@h/x", public';
    expect(redactCommand(settings)).toBe(settings);
    expect(redactCommand(redactCommand(`x --db_password='a b' -p'c d' PGPASSWORD="e f"`))).toBe(
      'x --db_password=*** -p*** PGPASSWORD=***',
    );
  });

  it('removes known secrets (the spec passwords) wherever they are, quoted or not', () => {
    expect(redactCommand(`echo ${quote(PW)} > /tmp/x`, [PW])).toBe(`echo '***' > /tmp/x`);
    expect(redactCommand(`run "it's ${PW}"`, [PW])).not.toContain('Inl1nePW');
    expect(redactCommand(`a 'it'\\''s' b`, [`it's`])).toBe('a *** b');
    // A script given to sh -c, quoted once more: the password inside it is quoted twice.
    const setup = `mariadb -u u -p${quote(PW)} -e 'select 1'`;
    expect(redactCommand(['sh', '-c', setup].map(quote).join(' '), [PW])).toBe(
      `sh -c 'mariadb -u u -p*** -e '\\''select 1'\\'''`,
    );
    expect(redactCommand(['sh', '-c', setup].map(quote).join(' '))).not.toContain('Inl1nePW');
  });
});

describe('redactSetting and redactConfigText: secrets in server settings', () => {
  it('blanks the value of a setting whose name suggests a secret, keeps flags and numbers', () => {
    expect(redactSetting('ssl_passphrase_command', 'echo hunter2')).toBe('***');
    expect(redactSetting('wsrep_sst_auth', 'sst:hunter2')).toBe('***');
    expect(redactSetting('report_password', '')).toBe('');
    expect(redactSetting('default_password_lifetime', '0')).toBe('0');
    expect(redactSetting('disconnect_on_expired_password', 'OFF')).toBe('OFF');
    expect(redactSetting('shared_buffers', '16384')).toBe('16384');
    expect(redactSetting('password_encryption', 'scram-sha-256')).toBe('scram-sha-256');
  });

  it('finds passwords in connection strings of any setting', () => {
    expect(redactSetting('primary_conninfo', "host=h user=rep password='p w' sslpassword=k2")).toBe(
      'host=h user=rep password=*** sslpassword=***',
    );
    expect(redactSetting('custom.dsn', 'mysql://u:pw@h:3306/db')).toBe('mysql://u:***@h:3306/db');
  });

  it('takes every word of a password whose quotes were doubled for postgresql.conf, quoted or unquoted once', () => {
    const doubled = "host=h password=''secret words here'' sslmode=require";
    expect(redactSetting('primary_conninfo', `'${doubled}'`)).toBe("'host=h password=*** sslmode=require'");
    expect(redactSetting('primary_conninfo', doubled)).toBe('host=h password=*** sslmode=require');
    expect(redactCommand(`pgbench "${doubled}" -T 5`)).toBe(`pgbench "host=h password=*** sslmode=require" -T 5`);
    // An empty password stays empty and takes nothing after it.
    expect(redactSetting('c', "password='' host=x app=''y''")).toBe("password='' host=x app=''y''");
  });

  it('redacts each line of a settings file, as tab, = and table lines', () => {
    const text = [
      'primary_conninfo\thost=h password=hunter2',
      "primary_conninfo = 'user=r password=hunter2'",
      ' primary_conninfo   | host=h password=hunter2 | Sets the connection string',
      'ssl_passphrase_command\techo hunter2',
      'max_connections\t100',
    ].join('\n');
    const out = redactConfigText(text);
    expect(out).not.toContain('hunter2');
    expect(out.split('\n')[4]).toBe('max_connections\t100');
    expect(out.split('\n')[2]).toBe(' primary_conninfo   | host=h password=*** | Sets the connection string');
  });
});

describe('redactRawFile', () => {
  it('redacts command lines and settings of a text file, byte for byte elsewhere', () => {
    const text = `sysbench --mysql-password=pw run\n\u00e9t\u00e9 stays\nqueries: 12\n`;
    const out = redactRawFile('sb.o.x', Buffer.from(text, 'latin1'))!;
    expect(Buffer.from(out).toString('latin1')).toBe(
      `sysbench --mysql-password=*** run\n\u00e9t\u00e9 stays\nqueries: 12\n`,
    );
  });

  it('leaves files without secrets and binary files alone', () => {
    expect(redactRawFile('o.vm', Buffer.from('procs\n 1 0 0\n'))).toBeUndefined();
    expect(redactRawFile('chart.png', Buffer.from('\x89PNG\r\n\x1a\n\0\0 password=x'))).toBeUndefined();
    // A name is not what decides: this is text.
    expect(redactRawFile('x.gz', Buffer.from('--password=x'))).toBeDefined();
  });
});

describe('redactRawText', () => {
  // Line by line, as if it did not search the whole text: the same lines must change, the same way.
  const lineByLine = (text: string) =>
    text
      .split('\n')
      .map((line) => (MARKER.test(line) ? redactLine(line) : line))
      .join('\n');

  it('changes the lines a per-line test would, and only those', () => {
    const texts = [
      '',
      '\n',
      'no secret here\n[ 1s ] thds: 1 tps: 2\n',
      'sysbench --pgsql-password=pw run\n[ 1s ] thds: 1\n[ 2s ] thds: 1',
      '[ 1s ] thds: 1\nmysql -ppw -u root\n\npassword = hunter2\r\nlast line --db-token=abc',
      'a PASSWORD=x b\nTOKEN: y\nurl http://u:p@host/x and pg://a:b@c\n',
      'pass\npass\npass',
      'x_auth=1 y_AUTH=2\ncredential z\n\n\nsecret',
    ];
    for (const t of texts) expect(redactRawText(t), JSON.stringify(t)).toBe(lineByLine(t));
  });
});

import { describe, expect, it } from 'vitest';
import { redactLine, redactRawText, redactTclDicts } from '../../../../collectors/lib/redact-text.ts';
import { archiveText } from '../../../helpers/fixtures.ts';

const S = 'Zq7-s3cr3t';

describe('redactLine: every form a DBMS, a tool or a harness writes a password in', () => {
  it.each([
    // HammerDB's CLI (src/generic/gencli.tcl), as printed in realruns/hammerdb.tar.gz.
    [
      `Changed tpcc:pg_superuserpass from postgres to ${S} for PostgreSQL`,
      'Changed tpcc:pg_superuserpass from *** to *** for PostgreSQL',
    ],
    [
      `Changed tpcc:mysql_pass from mysql to ${S} with for in it for MySQL`,
      'Changed tpcc:mysql_pass from *** to *** for MySQL',
    ],
    [
      `Value ${S} for tpcc:pg_pass is the same as existing value ${S}, no change made`,
      'Value *** for tpcc:pg_pass is the same as existing value ***, no change made',
    ],
    [`hammerdb>diset tpcc pg_superuserpass ${S}`, 'hammerdb>diset tpcc pg_superuserpass ***'],
    [`diset tpcc pg_pass {${S} two}`, 'diset tpcc pg_pass ***'],
    [`diset('tpcc','mysql_pass','${S}')`, `diset('tpcc','mysql_pass','***')`],
    [`    "pg_superuserpass": "${S}",`, '    "pg_superuserpass": "***",'],
    [`tpcc {pg_user tpcc pg_pass ${S} pg_dbase tpcc}`, 'tpcc {pg_user tpcc pg_pass *** pg_dbase tpcc}'],
    // Python reprs and YAML (iibench's arguments, a config file).
    [`Namespace(db_password='${S}', db_user='root')`, `Namespace(db_password=***, db_user='root')`],
    [`{'db_password': '${S}', 'db_user': 'root'}`, `{'db_password': '***', 'db_user': 'root'}`],
    [`  password: ${S}`, '  password: ***'],
    // SQL.
    [
      `LOG:  statement: CREATE ROLE root LOGIN PASSWORD '${S}';`,
      `LOG:  statement: CREATE ROLE root LOGIN PASSWORD '***';`,
    ],
    [`SET PASSWORD FOR u = PASSWORD('${S}')`, `SET PASSWORD FOR u = PASSWORD('***')`],
    [`ALTER USER 'root'@'%' IDENTIFIED BY '${S}';`, `ALTER USER 'root'@'%' IDENTIFIED BY '***';`],
    [
      `CREATE USER u IDENTIFIED WITH mysql_native_password BY "${S}"`,
      'CREATE USER u IDENTIFIED WITH mysql_native_password BY "***"',
    ],
    // Command lines: the MySQL client's -p forms, options, the environment.
    [`mysql -uroot -p${S} -e 'select 1'`, `mysql -uroot -p*** -e 'select 1'`],
    [`mariadb -uroot -p ${S} test`, 'mariadb -uroot -p *** test'],
    [`mysql -uroot --password=${S}`, 'mysql -uroot --password=***'],
    [`export PGPASSWORD=${S}`, 'export PGPASSWORD=***'],
    // Config files: a quoted value after its blank, a conninfo inside a quoted value.
    [`password = '${S} with blank'`, 'password = ***'],
    [
      `primary_conninfo = 'host=h password=''${S} x'''  # replica`,
      `primary_conninfo = 'host=h password=***'  # replica`,
    ],
    // URIs, and the mytools harness's database argument.
    [`pg_dump postgres://rep:${S}@db:5432/app`, 'pg_dump postgres://rep:***@db:5432/app'],
    [
      `bash run.sh 1 20000 mariadb,root,${S},127.0.0.1,test,innodb 0`,
      'bash run.sh 1 20000 mariadb,root,***,127.0.0.1,test,innodb 0',
    ],
  ])('%s', (line, shown) => {
    expect(redactLine(line)).toBe(shown);
    expect(redactLine(shown)).toBe(shown);
  });

  it('leaves what only looks like a secret as it is', () => {
    for (const line of [
      'Changed tpcc:pg_count_ware from 1 to 2 for PostgreSQL',
      'password_encryption = scram-sha-256',
      'old_passwords\tOFF',
      'NAME: buffer_flush_adaptive_avg_pass',
      'diset tpcc pg_count_ware 4',
      'mkdir -p /tmp/x && ssh -p 22 host',
      'label,virtual_users,postgres,18.1,cfg,1',
      'The run passed all checks',
    ])
      expect(redactLine(line)).toBe(line);
  });

  it('finds Tcl dict passwords at any depth, whatever the values look like', () => {
    expect(redactTclDicts(`connection {pg_host h} tpcc {pg_user passuser pg_pass {a {b} c}}`)).toBe(
      'connection {pg_host h} tpcc {pg_user passuser pg_pass ***}',
    );
    expect(redactTclDicts(`job 12: tpcc {pg_pass ${S}}`)).toBe('job 12: tpcc {pg_pass ***}');
  });
});

describe('redactRawText', () => {
  it('redacts the real HammerDB outputs: not one password left, every other line as it was', () => {
    const text = archiveText('realruns/hammerdb.tar.gz', 'hammerdb/stdout/pg_build.stdout.txt')
      .replace('from *** to ***', `from postgres to ${S}`)
      .replace(/value \*\*\*/g, `value ${S}`);
    const shown = redactRawText(text);
    expect(shown).not.toContain(S);
    expect(shown).toBe(archiveText('realruns/hammerdb.tar.gz', 'hammerdb/stdout/pg_build.stdout.txt'));
  });

  it('finds a password on any line of a long text', () => {
    const text = `${'[ 1s ] thds: 1 tps: 2\n'.repeat(200_000)}mysql -p${S}\n${'x\n'.repeat(10)}`;
    const shown = redactRawText(text);
    expect(shown).not.toContain(S);
    expect(shown.length).toBe(text.length - S.length + 3);
  });
});

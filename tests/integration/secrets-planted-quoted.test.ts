// Passwords of several words, quoted every way a connection string, a command line, a config file or a harness
// quotes them (libpq's '...' with \' inside, postgresql.conf's doubled ''...'', double quotes, backslashes, a
// URI inside quotes), planted in copies of real inputs that reach run.json by each of its paths: the settings
// (config.settings from my.cnf and postgresql.conf), the command lines (sysbench's and pgbench's first line,
// HammerDB scripts), the raw files (logs, scripts) and `import`'s meta file. Every word of every password holds
// the tag: not one may be found in run.json, series.json, any member of any raw.tar.gz, or any page built from
// them: the search is for the tag, so a password cut in two is found as surely as a whole one.
import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildContentSite, ROOT } from '../helpers/build-site.ts';
import { benchsite } from '../helpers/cli.ts';
import { FIXTURES } from '../helpers/fixtures.ts';
import { everyFile, leaks, plant, psLine, unpackRealRun } from '../helpers/planted-secrets.ts';

const tag = randomBytes(4).toString('hex');
/** A password of three words, each holding the tag (no word a reader would take for a name: no `pass`). */
const pw = (form: string) => `Alpha${form}${tag} bravo${tag} charlie${tag}`;
/** The same, with a quote inside written as libpq escapes it (`\'`). */
const pwQuote = (form: string) => `Alpha${form}${tag} \\'bravo${tag} charlie${tag}`;
/** Quotes doubled, as postgresql.conf writes a quote inside a quoted value. */
const conf = (s: string) => s.replaceAll("'", "''");

const tmp = mkdtempSync(join(tmpdir(), 'benchsite-planted-quoted-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const content = join(tmp, 'content');
const out = join(content, 'runs');

const unpack = (name: string) => unpackRealRun(name, join(tmp, 'in'));

describe('planted passwords of several words, quoted', { timeout: 600_000 }, () => {
  it('harvest of sysbench runs: settings of postgresql.conf and my.cnf, command lines, server logs', () => {
    const sb = unpack('sysbench');
    const pg = join(sb, 'x.pg1518.cy1.pk1');
    const ma = join(sb, 'x.ma101119.cy1.pk1');
    // config.settings: a value of postgresql.conf keeps its doubled quotes, my.cnf's its inner quotes.
    appendFileSync(
      join(pg, 'conf.diff'),
      [
        `primary_conninfo = '${conf(`host=db user=rep password='${pw('confdoubled')}' sslmode=require`)}'`,
        `recovery_conninfo = '${conf(`password='${pwQuote('confescaped')}' host=db`)}'`,
        `archive_command = '${conf(`PGPASSWORD='${pw('confenv')}' pg_receivewal -d 'postgresql://rep:${pw('confuri')}@db/x'`)}'`,
        `restore_command = '${conf(`pg_restore --password '${pw('confoption')}' x`)}'`,
        '',
      ].join('\n'),
    );
    appendFileSync(
      join(ma, 'my.cnf'),
      [
        '[mysqld]',
        `loose_dsn = "postgresql://u:${pw('cnfuri')}@h/db"`,
        `loose_client = "mysql -p'${pw('cnfattached')}' -e 1"`,
        `loose_sysbench = "sysbench --mysql-password='${pw('cnfmysqlopt')}' --pgsql-password='${pw('cnfpgsqlopt')}' run"`,
        `loose_conninfo = "host=db password='${pw('cnfconninfo')}' sslmode=require"`,
        `loose_env = "PGPASSWORD='${pw('cnfenv')}' MYSQL_PWD=${pw('cnfbackslash').replaceAll(' ', '\\ ')} x"`,
        '',
      ].join('\n'),
    );
    // The command lines of tests (tests[].command, provenance.commands, the options read from them).
    plant(join(pg, 'sb.o.point-query.range100.pk1.dop1'), '--pgsql-password=***', `--pgsql-password='${pw('sbopt')}'`);
    plant(join(pg, 'sb.o.scan.range100.pk1.dop1'), '--pgsql-password=***', `--pgsql-password "${pw('sbspace')}"`);
    // Before the script: no word of it may be taken for the script's name.
    plant(
      join(pg, 'sb.o.read-only.range10.pk1.dop1'),
      ' /tmp/sbwork/lua/oltp_',
      ` --pgsql-password='${pw('sbbefore')}' /tmp/sbwork/lua/oltp_`,
    );
    plant(
      join(pg, 'sb.o.insert.range100.pk1.dop1'),
      '--pgsql-password=***',
      `--pgsql-password=${pw('sbbackslash').replaceAll(' ', '\\ ')}`,
    );
    appendFileSync(
      join(pg, 'logfile'),
      [
        `2026-11-22 01:40:00.000 UTC [8036] LOG:  connecting with "host=db password=''${pw('logdoubled')}'' sslmode=require"`,
        `2026-11-22 01:40:01.000 UTC [8036] LOG:  connecting with "password='${pwQuote('logescaped')}' host=db"`,
        `pgbench -c 4 "host=db password='${pw('logpgbench')}' dbname=ib"`,
        `psql 'postgresql://rep:${pw('loguri')}@127.0.0.1:5432/x'`,
        `{"dsn": "host=db password=\\"${pw('logjson')}\\" user=x"}`,
        '',
      ].join('\n'),
    );
    appendFileSync(
      join(ma, 'mariadb.err'),
      [
        `mysql -uroot -p'${pw('errattached')}' -e 'select 1'`,
        `mysqladmin --password '${pw('erroption')}' status`,
        `sysbench --mysql-password="${pw('errmysqlopt')}" run`,
        `2026-11-22  1:40:00 0 [Note] query: ALTER USER 'root'@'%' IDENTIFIED BY '${conf(pw('erridentified'))}'`,
        '',
      ].join('\n'),
    );
    // A process listing shows arguments without their quotes: a password with blanks is several words there.
    appendFileSync(
      join(pg, 'sb.end.ps.delete.range100.pk1'),
      [
        psLine(
          'root',
          4401,
          `sysbench --db-driver=pgsql --pgsql-password=${pw('psoption')} --pgsql-host=127.0.0.1 run`,
        ),
        psLine('root', 4402, `pgbench -c 4 host=db password='${pw('psconninfo')}' dbname=ib`),
        psLine('root', 4403, `python3 iibench.py --db_password ${pw('psclient')} --db_host=127.0.0.1`),
        '',
      ].join('\n'),
    );
    const r = benchsite(['harvest', sb, '--meta', 'content/meta/vm.yaml', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('4 run(s) harvested');
  });

  it('harvest of HammerDB runs: its CLI messages, scripts and jobs JSON', () => {
    const hdb = unpack('hammerdb');
    const stdout = join(hdb, 'stdout');
    plant(join(stdout, 'pg_build.stdout.txt'), 'from *** to ***', `from postgres to ${pw('changed')}`);
    plant(join(stdout, 'jobs_dump2.stdout.txt'), '"pg_pass": "***"', `"pg_pass": "${pw('json')}"`);
    writeFileSync(
      join(stdout, 'setup.tcl'),
      [
        'dbset db pg',
        `diset tpcc pg_pass {${pw('tclbraces')}}`,
        `diset tpcc pg_superuserpass "${pw('tclquotes')}"`,
        `diset('tpcc','pg_pass','${pw('python')}')`,
        `diset connection pg_host {host=db password='${pw('tclconninfo')}'}`,
        '',
      ].join('\n'),
    );
    const r = benchsite(['harvest', hdb, '--meta', 'content/meta/vm.yaml', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('4 run(s) harvested');
  });

  it('harvest of pgbench outputs: the command lines they start with', () => {
    const dir = join(tmp, 'in', 'pgbench-15.20');
    cpSync(join(FIXTURES, 'pgbench-15.20'), dir, { recursive: true });
    plant(
      join(dir, 'init.txt'),
      /^\$ pgbench -i -s 2 \S+/,
      `$ pgbench -i -s 2 "host=127.0.0.1 password=''${pw('pgbenchdoubled')}'' sslmode=require"`,
    );
    plant(
      join(dir, 'tpcb-like.P1.r.txt'),
      /^/,
      `$ pgbench -c 4 -j 4 -T 5 -P 1 -r "host=127.0.0.1 password='${pwQuote('pgbenchescaped')}' dbname=x"\n`,
    );
    plant(
      join(dir, 'simple-update.txt'),
      /^/,
      `$ pgbench -c 2 -b simple-update 'postgresql://bench:${pw('pgbenchuri')}@127.0.0.1/x'\n`,
    );
    const r = benchsite(['harvest', dir, '--meta', 'content/meta/vm.yaml', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\d+ run\(s\) harvested/);
  });

  it("import of a mytools archive: its scripts and the meta file's strings", () => {
    const arc = join(tmp, 'in', 'jan26.tprocc.pn53.pg');
    cpSync(join(ROOT, 'tests/fixtures/mytools/bench/arc/jan26.tprocc.pn53.pg'), arc, { recursive: true });
    plant(
      join(arc, 'testscripts/postgresrunN.tcl'),
      'diset tpcc pg_pass pw',
      `diset tpcc pg_pass {${pw('importtcl')}}`,
    );
    appendFileSync(
      join(arc, 'allpg.N.sh'),
      [
        `PGPASSWORD='${pw('importenv')}' psql -c 'select 1'`,
        `psql "host=db password=''${pw('importdoubled')}'' sslmode=require"`,
        `mysql -p"${pw('importattached')}" -e 1`,
        '',
      ].join('\n'),
    );
    const meta = join(tmp, 'meta.yaml');
    const yaml = readFileSync(join(ROOT, 'content/meta/pn53-2026-02-14-hammerdb-postgres.yaml'), 'utf8').replace(
      /^notes: >-$/m,
      `notes: >-\n  Connect with "postgresql://bench:${pw('metauri')}@pn53/tpcc" or host=pn53 password='${pw('metaconninfo')}'.`,
    );
    writeFileSync(meta, yaml);
    const r = benchsite(['import', arc, '--meta', meta, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\d+ run\(s\) imported/);
  });

  it('not one word of a password in run.json, series.json, the archives (members of members too) or the built site', () => {
    // Each form was planted, whole, where the search finds it in the inputs.
    const planted = leaks(join(tmp, 'in'), tag).join('\n');
    for (const form of [
      'confdoubled',
      'cnfuri',
      'sbopt',
      'psoption',
      'logdoubled',
      'changed',
      'tclbraces',
      'pgbenchdoubled',
    ])
      expect(planted).toContain(`Alpha${form}${tag}`);
    expect(leaks(content, tag)).toEqual([]);
    // What the settings and command lines became: their names stay, their passwords go.
    const runJson = [...everyFile(out)].filter((f) => f.name.endsWith('/run.json')).map((f) => f.bytes.toString());
    expect(runJson.some((t) => t.includes('"primary_conninfo": "host=db user=rep password=*** sslmode=require"'))).toBe(
      true,
    );
    expect(runJson.some((t) => t.includes('"loose_dsn": "postgresql://u:***@h/db"'))).toBe(true);
    expect(runJson.some((t) => /--pgsql-password=\*\*\* /.test(t))).toBe(true);
    const listing = [...everyFile(out)].find((f) =>
      f.name.endsWith('x.pg1518.cy1.pk1/raw.tar.gz:gunzip:sb.end.ps.delete.range100.pk1'),
    )!;
    expect(listing.bytes.toString()).toContain(
      'sysbench --db-driver=pgsql --pgsql-password=*** --pgsql-host=127.0.0.1 run',
    );

    const dist = join(tmp, 'dist');
    buildContentSite(content, dist);
    const pages = [...everyFile(dist)];
    expect(pages.some((f) => /\/runs\/sysbench\/vm\/.*index\.html$/.test(f.name))).toBe(true);
    expect(leaks(dist, tag)).toEqual([]);
  });
});

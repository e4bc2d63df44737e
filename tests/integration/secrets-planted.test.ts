// Passwords planted in every form a DBMS, a benchmark tool or a harness writes one, in copies of the real runs of
// tests/fixtures/realruns (HammerDB, sysbench and Insert Benchmark through the mytools harness) and of a real
// mytools archive, harvested and imported with the CLI: not one may be found in any file written, in any member
// of any raw.tar.gz, or in a member of a member (a .gz file in the archive, the SQLite jobs database).
// Process listings keep only the DBMS and benchmark client lines whole.
import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { ROOT } from '../helpers/build-site.ts';
import { benchsite } from '../helpers/cli.ts';
import { everyFile, jobsDbWithSecret, leaks, plant, psLine, unpackRealRun } from '../helpers/planted-secrets.ts';

const tag = randomBytes(4).toString('hex');
/** A password unmistakable in any output: every one holds the tag. */
const pw = (form: string) => `Pw${form}${tag}`;
const tmp = mkdtempSync(join(tmpdir(), 'benchsite-planted-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const unpack = (name: string) => unpackRealRun(name, join(tmp, 'in'));

describe('planted passwords', { timeout: 300_000 }, () => {
  const out = join(tmp, 'content', 'runs');

  it('harvest of HammerDB runs: CLI messages, jobs JSON, the jobs database, Tcl and Python diset', () => {
    const hdb = unpack('hammerdb');
    const stdout = join(hdb, 'stdout');
    plant(join(stdout, 'pg_build.stdout.txt'), 'from *** to ***', `from postgres to ${pw('changed')}`);
    plant(
      join(stdout, 'pg_run_vu1.stdout.txt'),
      /Value \*\*\* (.*) value \*\*\*,/,
      `Value ${pw('same')} $1 value ${pw('same')},`,
    );
    plant(join(stdout, 'jobs_dump2.stdout.txt'), '"pg_pass": "***"', `"pg_pass": "${pw('json')}"`);
    const db = join(hdb, 'tmpdir', 'hammer.DB');
    writeFileSync(db, jobsDbWithSecret(readFileSync(db), pw('jobdict')));
    writeFileSync(
      join(stdout, 'setup.tcl'),
      `dbset db pg\ndiset tpcc pg_superuserpass {${pw('tcl')} two}\ndiset('tpcc','pg_pass','${pw('python')}')\n`,
    );
    const r = benchsite(['harvest', hdb, '--meta', 'content/meta/vm.yaml', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('4 run(s) harvested');
  });

  it('harvest of sysbench runs: config files, server logs, SQL, mysql -p, a file over 4 MiB, process listings', () => {
    const sb = unpack('sysbench');
    const ma = join(sb, 'x.ma101119.cy1.pk1');
    const pg = join(sb, 'x.pg1518.cy1.pk1');
    appendFileSync(join(ma, 'my.cnf'), `password = '${pw('mycnf')} with blank'\n`);
    // The password's words after its first one must go too (each holds the tag): quoted for postgresql.conf, and
    // as a settings listing shows the value, its quotes unquoted once.
    appendFileSync(
      join(pg, 'conf.diff'),
      `primary_conninfo = 'host=h user=rep password=''x ${pw('conninfo')} y'' sslmode=require'\n` +
        `recovery_conninfo = host=h password=''x ${pw('conninfo')} y'' sslmode=require\n`,
    );
    // A server log over 4 MiB (its own lines again and again), the passwords after its first 64 KiB.
    const err = readFileSync(join(ma, 'mariadb.err'));
    writeFileSync(join(ma, 'mariadb.err'), Buffer.concat(Array(3000).fill(err)));
    appendFileSync(
      join(ma, 'mariadb.err'),
      [
        `2026-11-22  1:40:00 0 [Note] query: ALTER USER 'root'@'%' IDENTIFIED BY '${pw('identified')}'`,
        `mysql -uroot -p${pw('attached')} -e 'select 1'`,
        `mariadb -uroot -p ${pw('separate')} test`,
        `mysqladmin --password=${pw('option')} status`,
        '',
      ].join('\n'),
    );
    appendFileSync(
      join(pg, 'logfile'),
      [
        `2026-11-22 01:40:00.000 UTC [8036] LOG:  statement: ALTER ROLE root PASSWORD '${pw('sqlpassword')}'`,
        `PGPASSWORD=${pw('pgpassword')} psql -h 127.0.0.1 -c 'select 1'`,
        `pg_basebackup -d postgres://rep:${pw('uri')}@127.0.0.1:5432/x`,
        '',
      ].join('\n'),
    );
    const ps = join(ma, 'sb.end.ps.delete.range100.pk1');
    appendFileSync(
      ps,
      [
        psLine('root', 4321, `/opt/agent/bin/agentd --token=${pw('agent')} --env {"AWS_SECRET": "${pw('env')}"}`),
        psLine('root', 4322, `bash run.sh 1 20000 10 mariadb,root,${pw('harness')},127.0.0.1,test,innodb 0 0 delete`),
        psLine('mysql', 4323, `mariadbd --defaults-file=/tmp/my/my.cnf HOME=/root MYSQL_PWD=${pw('psenv')} LANG=C`),
        psLine('root', 4324, `python3 iibench.py --db_user=root --db_password=${pw('client')} --max_rows=100`),
        '',
      ].join('\n'),
    );
    const r = benchsite(['harvest', sb, '--meta', 'content/meta/vm.yaml', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('4 run(s) harvested');
  });

  it('harvest of Insert Benchmark runs: a password inside a .gz member', () => {
    const ib = unpack('ibench');
    const top = join(ib, 'raw/1u.1tno/0.2m.pg1518.ccy1/l.i0/o.top.dop1.gz');
    const text = gunzipSync(readFileSync(top)).toString('latin1');
    writeFileSync(top, gzipSync(`${text}PGPASSWORD=${pw('gzip')} psql -c 'select 1'\n`));
    const r = benchsite(['harvest', ib, '--meta', 'content/meta/vm.yaml', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('4 run(s) harvested');
  });

  it('import of a mytools archive: strings of the meta file that go into run.json', () => {
    const arc = join(tmp, 'in', 'jan26.tprocc.pn53.pg');
    cpSync(join(ROOT, 'tests/fixtures/mytools/bench/arc/jan26.tprocc.pn53.pg'), arc, { recursive: true });
    const meta = join(tmp, 'meta.yaml');
    const yaml = readFileSync(join(ROOT, 'content/meta/pn53-2026-02-14-hammerdb-postgres.yaml'), 'utf8').replace(
      /^notes: >-$/m,
      `notes: >-\n  Connect with postgres://bench:${pw('metauri')}@pn53/tpcc and PGPASSWORD=${pw('metaenv')}.`,
    );
    writeFileSync(meta, yaml);
    const r = benchsite(['import', arc, '--meta', meta, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\d+ run\(s\) imported/);
  });

  it('no planted password in any file written or any member of an archive, members of members too', () => {
    const files = [...everyFile(join(tmp, 'content'))];
    // The archives were opened: the jobs database, the .gz member and the large log are among what was searched.
    for (const member of [
      'tmpdir/hammer.DB',
      'l.i0/o.top.dop1.gz:gunzip',
      'x.ma101119.cy1.pk1/raw.tar.gz:gunzip:mariadb.err',
      'stdout/setup.tcl',
    ])
      expect(
        files.some((f) => f.name.endsWith(member)),
        member,
      ).toBe(true);
    expect(files.some((f) => f.name.endsWith('/run.json') && f.bytes.includes('PGPASSWORD=***'))).toBe(true);
    expect(leaks(join(tmp, 'content'), tag)).toEqual([]);
    // The same search finds every form in the inputs (in the jobs database and inside the .gz file too).
    const planted = leaks(join(tmp, 'in'), tag).join('\n');
    for (const form of ['changed', 'same', 'json', 'jobdict', 'tcl', 'python', 'mycnf', 'conninfo', 'identified'])
      expect(planted).toContain(pw(form));
    for (const form of [
      'attached',
      'separate',
      'option',
      'sqlpassword',
      'pgpassword',
      'uri',
      'agent',
      'env',
      'harness',
    ])
      expect(planted).toContain(pw(form));
    for (const form of ['psenv', 'client', 'gzip']) expect(planted).toContain(pw(form));
    expect(planted).toMatch(/hammer\.DB: .*Pwjobdict/);
    expect(planted).toMatch(/o\.top\.dop1\.gz:gunzip: .*Pwgzip/);
  });

  it('process listings keep the DBMS and client lines (redacted), other processes by program name only', () => {
    const member = [...everyFile(out)].find((f) =>
      f.name.endsWith('x.ma101119.cy1.pk1/raw.tar.gz:gunzip:sb.end.ps.delete.range100.pk1'),
    )!;
    const lines = member.bytes.toString('latin1').split('\n');
    const of = (pid: number) => lines.find((l) => new RegExp(`^\\S+ +${pid} `).test(l))!.replace(/^.* 0:00 /, '');
    expect([4321, 4322, 4323, 4324].map(of)).toEqual([
      'agentd',
      'bash',
      'mariadbd --defaults-file=/tmp/my/my.cnf',
      'python3 iibench.py --db_user=root --db_password=*** --max_rows=100',
    ]);
    // Not one other process keeps an argument.
    for (const l of lines.slice(1).filter((x) => x.trim()))
      expect(l, l).toMatch(/ (\[[^\]]*\]( <defunct>)?|[\w.:-]+|(mariadbd|\S*postgres:?|python3|sysbench) .*)$/);
  });
});

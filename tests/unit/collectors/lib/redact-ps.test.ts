import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { reduceCommand, reduceProcessListings } from '../../../../collectors/lib/redact-ps.ts';
import { redactRawText } from '../../../../collectors/lib/redact-text.ts';
import { archiveFiles, archiveText } from '../../../helpers/fixtures.ts';

const PS = 'sysbench/x.ma101119.cy1.pk1/sb.end.ps.delete.range100.pk1';
const TOP = 'ibench/raw/1u.1tno/0.2m.ma101119.ccy1/l.i0/o.top.dop1.gz';

/** Lines a harness captures from services that have nothing to do with the benchmark (constructed). */
const OTHERS = [
  'root      1807  0.0  0.0   1388  1088 ?        S    01:28   0:00 /opt/agent/bin/agentd --token=Tk1 --env {"AWS_SECRET": "As2", "HOME": "/root"}',
  'root      5640  0.0  0.0   4360  3072 ?        S    01:39   0:00 bash my_small.sh 1 20000 10 mariadb,root,Pw3,127.0.0.1,test,innodb',
  'www-data  9001  0.1  0.3  55000  9000 pts/0    Ss+  Nov26   1-02:03:04 nginx: worker process',
];

describe('process listings', () => {
  it('keeps the DBMS and benchmark client lines, and of every other process its columns and program name', () => {
    const real = archiveText('realruns/sysbench.tar.gz', PS);
    const text = `${real}${OTHERS.join('\n')}\n`;
    const shown = reduceProcessListings(text).split('\n');
    expect(shown.slice(0, real.split('\n').length - 1)).toEqual(real.split('\n').slice(0, -1));
    expect(shown.slice(-4, -1)).toEqual([
      'root      1807  0.0  0.0   1388  1088 ?        S    01:28   0:00 agentd',
      'root      5640  0.0  0.0   4360  3072 ?        S    01:39   0:00 bash',
      'www-data  9001  0.1  0.3  55000  9000 pts/0    Ss+  Nov26   1-02:03:04 nginx',
    ]);
    expect(real).toMatch(/^mysql +8402 .* mariadbd --defaults-file=\/tmp\/my\/my.cnf$/m);
    expect(real).toMatch(/^postgres +\d+ .* postgres: checkpointer $/m);
    expect(real).toMatch(/^root +\d+ .* \[kthreadd\]$/m);
    expect(real).toMatch(/^root +\d+ .* bash$/m);
  });

  it('reduces ps lines without their header (a harness greps them) and top -c listings', () => {
    const grepped = `Sun Nov 22 01:41:35 UTC 2026\n${OTHERS[0]}\r\n${OTHERS[1]}`;
    expect(reduceProcessListings(grepped)).toBe(
      'Sun Nov 22 01:41:35 UTC 2026\n' +
        'root      1807  0.0  0.0   1388  1088 ?        S    01:28   0:00 agentd\r\n' +
        'root      5640  0.0  0.0   4360  3072 ?        S    01:39   0:00 bash',
    );
    const top = gunzipSync(archiveFiles('realruns/ibench.tar.gz').get(TOP)!).toString('latin1');
    const planted = top.replace(/ process_api$/m, ' /process_api --firecracker-init --auth Ky4');
    expect(planted).toContain('Ky4');
    expect(reduceProcessListings(planted)).toBe(top);
    // The iibench client's line stays, its password redacted as on any line.
    expect(top).toMatch(/ python3 iibench\.py .*--db_password=\*\*\* /);
  });

  it('reduces ps -ef listings, also when a large file is read in pieces cut inside one', () => {
    const head = 'UID          PID    PPID  C STIME TTY          TIME CMD';
    const row = (pid: number) =>
      `root      ${pid}       1  0 01:27 ?        00:00:01 /usr/lib/x/daemon --secret-arg s${pid}`;
    const state = {};
    const first = reduceProcessListings(`${head}\n${row(11)}\n`, state);
    const second = reduceProcessListings(`${row(12)}\n\nnot ps\n`, state);
    expect(first).toBe(`${head}\nroot      11       1  0 01:27 ?        00:00:01 daemon\n`);
    expect(second).toBe('root      12       1  0 01:27 ?        00:00:01 daemon\n\nnot ps\n');
  });

  it('drops the environment ps e appends to a kept line, and redacts the rest', () => {
    expect(reduceCommand('mariadbd --defaults-file=/tmp/my.cnf HOME=/root MYSQL_PWD=Pw5 PATH=/bin')).toBe(
      'mariadbd --defaults-file=/tmp/my.cnf',
    );
    expect(reduceCommand('[kworker/0:1-events]')).toBe('[kworker/0:1-events]');
    expect(
      redactRawText(
        'root 1 0.0 0.0 5 5 ? S 01:27 0:00 /usr/bin/python3 iibench.py --db_password=Pw6 --db_host=h TOKEN=Tk7\n',
      ),
    ).toBe('root 1 0.0 0.0 5 5 ? S 01:27 0:00 /usr/bin/python3 iibench.py --db_password=*** --db_host=h\n');
  });

  it('leaves out the later words of a password with blanks, which ps shows without its quotes', () => {
    const row = (cmd: string) => `root 1 0.0 0.0 5 5 ? S 01:27 0:00 ${cmd}\n`;
    expect(redactRawText(row('sysbench --pgsql-password=alpha bravo charlie --pgsql-host=h oltp.lua run'))).toBe(
      row('sysbench --pgsql-password=*** --pgsql-host=h oltp.lua run'),
    );
    expect(redactRawText(row('python3 iibench.py --db_password alpha bravo --db_host=h'))).toBe(
      row('python3 iibench.py --db_password *** --db_host=h'),
    );
    expect(redactRawText(row('sysbench --mysql-password=alpha bravo'))).toBe(row('sysbench --mysql-password=***'));
    expect(reduceCommand("pgbench -c 4 host=db password='alpha bravo' dbname=x")).toBe(
      "pgbench -c 4 host=db password='alpha bravo' dbname=x",
    );
  });
});

// HammerDB's own logs, real and from the manual: the counter log holds the same values as the counter lines
// of the CLI output; the time profile holds what the jobs database stored; append-mode files split per run.
import { describe, expect, it } from 'vitest';
import {
  parseTclDate,
  parseTcountLog,
  parseVuLog,
  parseXtprofLog,
} from '../../../../benchmarks/hammerdb-tprocc/parse-logs.ts';
import { parseCliOutput } from '../../../../benchmarks/hammerdb-tprocc/parse-cli-output.ts';
import { archiveFiles, archiveText, fixtureText } from '../../../helpers/fixtures.ts';

const ARCHIVE = 'realruns/hammerdb.tar.gz';
const counterLines = (text: string) =>
  [...text.matchAll(/^\r?(\d+) (PostgreSQL|MySQL) tpm$/gm)].map((m) => Number(m[1]));

describe('parseTclDate', () => {
  it.each([
    ['Sun Nov 22 02:06:53 UTC 2026', '2026-11-22 02:06:53', 'UTC'],
    ['Mon Apr 14 13:18:31 BST 2025', '2025-04-14 13:18:31', 'BST'],
    ['Fri Jul 05 09:55:26 BST 2019', '2019-07-05 09:55:26', 'BST'],
  ])('%s', (text, local, zone) => expect(parseTclDate(text)).toEqual({ local, zone }));
  it('refuses other formats', () => expect(parseTclDate('2026-11-22 02:06:53')).toBeUndefined());
});

describe('hdbtcount logs (real, one per run: tcset unique 1)', () => {
  const stdout = (db: string, vu: number) => archiveText(ARCHIVE, `hammerdb/stdout/${db}_run_vu${vu}.stdout.txt`);
  it.each([
    ['pg', 1],
    ['pg', 2],
    ['my', 1],
    ['my', 2],
  ] as const)('%s vu%d: the log named in the output has the counter values the output printed', (db, vu) => {
    const out = stdout(db, vu);
    const name = /hdbtcount_\w+\.log/.exec(out)![0];
    const runs = parseTcountLog(archiveText(ARCHIVE, `hammerdb/tmpdir/${name}`));
    expect(runs).toHaveLength(1);
    expect(runs[0]!.points.map((p) => p.tpm)).toEqual(counterLines(out));
    expect(runs[0]!.points.every((p) => /^2026-11-22 02:\d\d:\d\d$/.test(p.at!))).toBe(true);
    expect(runs[0]!.database).toBe(db === 'pg' ? 'PostgreSQL' : 'MySQL');
  });

  it('manual v5.0 and v6.0 examples', () => {
    const v5 = parseTcountLog(fixtureText('hammerdb-manual/hdbdocs_v5.0_hdbtcount.log.txt'));
    expect(v5).toHaveLength(1);
    expect(v5[0]).toMatchObject({ startedAt: '2021-04-12 15:06:00', database: 'MSSQLServer' });
    expect(v5[0]!.points[1]).toEqual({ tpm: 317814, at: '2021-04-12 15:06:13' });
    const v6 = parseTcountLog(fixtureText('hammerdb-manual/hdbdocs_v6.0_hdbtcount.log.txt'));
    expect(v6[0]!.points.at(-1)).toEqual({ tpm: 1680396, at: '2025-04-14 13:24:05' });
  });

  it('an append-mode file with two runs splits at the banner', () => {
    const a = archiveText(ARCHIVE, 'hammerdb/tmpdir/hdbtcount_6B024E3D660D03E263739363.log');
    const b = archiveText(ARCHIVE, 'hammerdb/tmpdir/hdbtcount_6B024EB9660D03E243131313.log');
    const runs = parseTcountLog(a + b);
    expect(runs.map((r) => r.points.length)).toEqual([
      parseTcountLog(a)[0]!.points.length,
      parseTcountLog(b)[0]!.points.length,
    ]);
  });
});

describe('hdbxtprofile.log (real: four runs appended in one file)', () => {
  const text = archiveText(ARCHIVE, 'hammerdb/tmpdir/hdbxtprofile.log');
  const reports = parseXtprofLog(text);

  it('one report per run, in run order, with its DBMS and active VU count', () => {
    expect(reports.map((r) => [r.database, r.activeVirtualUsers])).toEqual([
      ['PostgreSQL', 1],
      ['PostgreSQL', 2],
      ['MySQL', 1],
      ['MySQL', 2],
    ]);
    expect(reports[0]!.at).toBe('2026-11-22 02:08:54');
  });

  it('summary values are the ones the result script printed for the same job (jobs database)', () => {
    const json = JSON.parse(
      /TRANSACTION RESPONSE TIMES\n([\s\S]*?\n\})\n/.exec(
        archiveText(ARCHIVE, 'hammerdb/stdout/pg_result_vu1.stdout.txt'),
      )![1]!,
    );
    for (const proc of ['NEWORD', 'PAYMENT', 'DELIVERY', 'SLEV', 'OSTAT']) {
      const s = reports[0]!.summary![proc]!;
      expect(s.calls, proc).toBe(Number(json[proc].calls));
      expect(s.p95Ms, proc).toBe(Number(json[proc].p95_ms));
      expect(s.p99Ms, proc).toBe(Number(json[proc].p99_ms));
      expect(s.avgMs, proc).toBe(Number(json[proc].avg_ms));
    }
    expect(Object.keys(reports[1]!.perVu)).toEqual(['2', '3']);
  });

  it('manual examples: v5.0 (SQL Server, spaces) and v6.0 (PostgreSQL, P25/P75, header in upper case)', () => {
    const v5 = parseXtprofLog(fixtureText('hammerdb-manual/hdbdocs_v5.0_hdbxtprofile_mssql.txt'));
    expect(v5[0]).toMatchObject({ database: 'MSSQLServer', activeVirtualUsers: 5 });
    expect(v5[0]!.perVu[2]!.NEWORD).toMatchObject({ calls: 169244, p95Ms: 1.383, ratioPct: 39.944 });
    const v6 = parseXtprofLog(fixtureText('hammerdb-manual/hdbdocs_v6.0_hdbxtprofile.log.txt'));
    expect(v6[0]).toMatchObject({ database: 'PostgreSQL', activeVirtualUsers: 4, medianElapsedMs: 419051 });
    expect(v6[0]!.perVu[2]!.NEWORD).toMatchObject({ calls: 656700, p75Ms: 0.321, p25Ms: 0.253 });
  });
});

describe('hammerdb_<id>.log (real VU logs with timestamps)', () => {
  const logs = [...archiveFiles(ARCHIVE).keys()].filter((p) => /tmpdir\/hammerdb_\w+\.log$/.test(p));
  it('six logs: three per DBMS (build, vu1, vu2); the run logs hold the TEST RESULT of their output', () => {
    expect(logs).toHaveLength(6);
    const results = logs.flatMap((p) =>
      parseVuLog(archiveText(ARCHIVE, p))
        .flatMap((r) => parseCliOutput(r.text, p).jobs.map((j) => j.result?.line))
        .filter(Boolean),
    );
    const stdout = [...archiveFiles(ARCHIVE).keys()]
      .filter((p) => /stdout\/\w+_run_vu\d/.test(p))
      .map((p) => /TEST RESULT : [^\n\r]*/.exec(archiveText(ARCHIVE, p))![0]);
    expect(results.sort()).toEqual(stdout.sort());
  });

  it('a run starts at its banner; timestamp lines are removed', () => {
    const [run] = parseVuLog(archiveText(ARCHIVE, 'hammerdb/tmpdir/hammerdb_6B024E3D660D03E203932383.log'));
    expect(run).toMatchObject({ startedAt: '2026-11-22 02:06:53', zone: 'UTC', lastAt: '2026-11-22 02:08:54' });
    expect(run!.text).not.toContain('Timestamp');
  });
});

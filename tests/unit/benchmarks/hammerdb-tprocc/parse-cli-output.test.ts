// hammerdbcli output, real (HammerDB 4.12 runs in realruns/hammerdb.tar.gz) and from the HammerDB manual:
// every TEST RESULT line the file prints comes out as a job's result, tied to its VU count.
import { describe, expect, it } from 'vitest';
import { parseCliOutput, parseTestResult } from '../../../../benchmarks/hammerdb-tprocc/parse-cli-output.ts';
import { archiveFiles, archiveText, fixtureText } from '../../../helpers/fixtures.ts';

const ARCHIVE = 'realruns/hammerdb.tar.gz';

/** What the file itself states: each TEST RESULT line's numbers and the Active VU line before it. */
function stated(text: string) {
  const out: Array<{ vu: number; nopm: number; tpm: number }> = [];
  let vu = 0;
  for (const line of text.split('\n')) {
    const a = /(\d+) Active Virtual Users configured/.exec(line);
    if (a) vu = Number(a[1]);
    const r =
      /TEST RESULT : System achieved (\d+) NOPM from (\d+) /.exec(line) ??
      /TEST RESULT : System achieved (\d+) .+ TPM at (\d+) NOPM/.exec(line);
    if (r)
      out.push(
        /TPM at/.test(line)
          ? { vu, nopm: Number(r[2]), tpm: Number(r[1]) }
          : { vu, nopm: Number(r[1]), tpm: Number(r[2]) },
      );
  }
  return out;
}

describe('parseTestResult: both orders of the TEST RESULT line', () => {
  it.each([
    ['Vuser 1:TEST RESULT : System achieved 32798 NOPM from 75422 PostgreSQL TPM', 32798, 75422, 'PostgreSQL'],
    ['Vuser 1:TEST RESULT : System achieved 468610 SQL Server TPM at 101789 NOPM', 101789, 468610, 'SQL Server'],
    ['TEST RESULT : System achieved 27534 NOPM from 64317 MySQL TPM', 27534, 64317, 'MySQL'],
  ])('%s', (line, nopm, tpm, db) => {
    expect(parseTestResult(line)).toMatchObject({ nopm, tpm, dbLabel: db });
  });
});

describe('real hammerdbcli outputs (HammerDB 4.12)', () => {
  const runs = [...archiveFiles(ARCHIVE).keys()].filter((p) => /stdout\/(pg|my)_run_vu\d\.stdout\.txt$/.test(p));

  it.each(runs)('%s: one timed run whose result is the TEST RESULT line', (path) => {
    const text = archiveText(ARCHIVE, path);
    const { jobs, hammerdbVersion } = parseCliOutput(text, path);
    expect(hammerdbVersion).toBe('4.12');
    const expected = stated(text);
    expect(expected).toHaveLength(1);
    expect(jobs).toHaveLength(1);
    const [job] = jobs;
    expect(job!.kind).toBe('run');
    expect(job!.result).toMatchObject({
      activeVirtualUsers: expected[0]!.vu,
      nopm: expected[0]!.nopm,
      tpm: expected[0]!.tpm,
    });
    expect(job!.complete).toBe(true);
    // Parameters from the text: the printed dict and the rampup/duration lines.
    const ware = /_count_ware\s+=\s+(\d+)/.exec(text)![1];
    expect(job!.settings).toMatchObject({ [`${path.includes('/pg_') ? 'pg' : 'mysql'}_count_ware`]: ware });
    expect(job!.rampupMinutes).toBe(Number(/Beginning rampup time of (\d+) minutes/.exec(text)![1]));
    expect(job!.durationMinutes).toBe(Number(/Timing test period of (\d+) in minutes/.exec(text)![1]));
    expect(job!.dbVersion).toBe(/DBVersion:(.+)/.exec(text)![1]!.trim());
    // The counter lines, in order, and the log files the run wrote.
    expect(job!.tpm.map((p) => p.tpm)).toEqual(
      [...text.matchAll(/^\r?(\d+) (PostgreSQL|MySQL) tpm$/gm)].map((m) => Number(m[1])),
    );
    expect(job!.logFiles).toEqual(
      expect.arrayContaining([
        /hammerdb_\w+\.log/.exec(text)![0],
        /hdbtcount_\w+\.log/.exec(text)![0],
        'hdbxtprofile.log',
      ]),
    );
    // Credentials never reach the settings.
    expect(Object.keys(job!.settings).filter((k) => /pass|user/.test(k))).toEqual([]);
  });

  it('a schema build is a build job with its warehouses and stored procedures', () => {
    const text = archiveText(ARCHIVE, 'hammerdb/stdout/pg_build.stdout.txt');
    const [job, ...rest] = parseCliOutput(text, 'pg_build').jobs;
    expect(rest).toEqual([]);
    expect(job).toMatchObject({
      kind: 'build',
      warehouses: Number(/Building (\d+) Warehouses/.exec(text)![1]),
      createdStoredProcedures: true,
      complete: true,
      finishedFailed: false,
    });
  });
});

describe('failed attempts are jobs with their errors, never dropped', () => {
  it('1: the build monitor VU failed at once (Debian libpgtcl lacks pg_notice_handler)', () => {
    const text = archiveText(
      ARCHIVE,
      'hammerdb/failed_attempts/1_debian_libpgtcl_missing_pg_notice_handler/pg_build.stdout.txt',
    );
    const [job] = parseCliOutput(text, 'x').jobs;
    expect(job).toMatchObject({ kind: 'build', finishedFailed: true, complete: false });
    expect(job!.errors[0]).toBe(/^\r?(Error in Virtual User 1: .*)$/m.exec(text)![1]);
  });

  it('2: the build failed at CREATING TPCC STORED PROCEDURES, the run printed no TEST RESULT', () => {
    const build = parseCliOutput(
      archiveText(ARCHIVE, 'hammerdb/failed_attempts/2_plpgsql_so_mismatch_after_pkg_upgrade/pg_build.stdout.txt'),
      'b',
    ).jobs;
    expect(build).toHaveLength(1);
    expect(build[0]!.finishedFailed).toBe(true);
    expect(build[0]!.errors[0]).toContain('undefined symbol: heap_datum_update_type');
    const text = archiveText(
      ARCHIVE,
      'hammerdb/failed_attempts/2_plpgsql_so_mismatch_after_pkg_upgrade/pg_run_vu1.stdout.txt',
    );
    const [run] = parseCliOutput(text, 'r').jobs;
    expect(run).toMatchObject({
      kind: 'run',
      complete: false,
      dbVersion: '15.18 (Debian 15.18-0+deb12u1)',
      requestedVirtualUsers: 1,
    });
    expect(run!.result).toBeUndefined();
    expect(run!.procedureErrors).toBe(text.split('\n').filter((l) => l.includes('Procedure Error')).length);
  });
});

describe('outputs from the HammerDB manual', () => {
  it('v6.0 sequence of 1, 2 and 4 VUs in one output: each result tied to its own VU count', () => {
    const text = fixtureText('hammerdb-manual/hdbdocs_v6.0_cli_sequence_multi_vu.txt');
    const jobs = parseCliOutput(text, 'x').jobs;
    expect(jobs.map((j) => ({ vu: j.result!.activeVirtualUsers, nopm: j.result!.nopm, tpm: j.result!.tpm }))).toEqual(
      stated(text),
    );
    expect(jobs.map((j) => j.requestedVirtualUsers)).toEqual([1, 2, 4]);
    expect(jobs.every((j) => j.database === 'MSSQLServer' && j.dbVersion === '16.0.1135.2')).toBe(true);
  });

  it('interactive vurun: the job id printed after the run belongs to it', () => {
    const text = fixtureText('hammerdb-manual/hdbdocs_v6.0_cli_vurun.txt');
    const [job] = parseCliOutput(text, 'x').jobs;
    expect(job!.jobid).toBe(/jobid=(\w+)/.exec(text)![1]);
    expect(job!.result).toMatchObject(stated(text).map(({ nopm, tpm }) => ({ nopm, tpm }))[0]!);
  });

  it('TPM-first result order and async clients (5 VU * 10 AC)', () => {
    const old = fixtureText('hammerdb-manual/hdbdocs_v5.0_hammerdb.log_oldstyle_timeprofile.txt');
    expect(parseCliOutput(old, 'x').jobs[0]!.result).toMatchObject({
      nopm: 101789,
      tpm: 468610,
      dbLabel: 'SQL Server',
      activeVirtualUsers: 4,
    });
    const pg = fixtureText('hammerdb-manual/hdbdocs_v6.0_pg_test_result_xtprof_gather.txt');
    const [job] = parseCliOutput(pg, 'x').jobs;
    expect(job!.result).toMatchObject({ nopm: 53, tpm: 399, activeVirtualUsers: 5 });
    expect(job!.errors).toContain('Vuser 1:WARNING:Timing Data Incomplete');
  });

  it('a CI transcript (v6.0): build, schema check, run, drop: the check and the drop are not jobs', () => {
    const text = fixtureText('hammerdb-manual/hdbdocs_v6.0_ci_script_maria_full_output_with_jobs_json.txt');
    const { jobs } = parseCliOutput(text, 'x');
    expect(jobs.map((j) => j.kind)).toEqual(['build', 'run']);
    expect(jobs[0]!.warehouses).toBe(Number(/Building (\d+) Warehouses/.exec(text)![1]));
    expect(jobs[1]!.result).toMatchObject({ nopm: 128176, tpm: 298394, activeVirtualUsers: 24 });
    expect(jobs[1]!.settings).toMatchObject({
      maria_allwarehouse: 'true',
      maria_timeprofile: 'true',
      maria_rampup: '2',
      maria_duration: '5',
    });
  });
});

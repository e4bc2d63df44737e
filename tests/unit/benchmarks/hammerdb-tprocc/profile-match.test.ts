// Time-profile reports join a run by job id and time, never by virtual-user count alone (issue 23, item 4). Real
// runs (realruns/hammerdb.tar.gz: CLI outputs, VU logs, hdbxtprofile.log of four runs) and the v6 manual's report of
// another session; where a shape needs another session's report of the same DBMS and VU count, it is the real
// report with its banner's date moved back a week, said so where it is made.
import { describe, expect, it } from 'vitest';
import { harvestHammerdb } from '../../../../benchmarks/hammerdb-tprocc/harvest.ts';
import { parseCliOutput } from '../../../../benchmarks/hammerdb-tprocc/parse-cli-output.ts';
import { parseJobsDb } from '../../../../benchmarks/hammerdb-tprocc/parse-jobs-db.ts';
import { parseXtprofLog, parseTclDate } from '../../../../benchmarks/hammerdb-tprocc/parse-logs.ts';
import { readJobsDb } from '../../../../benchmarks/hammerdb-tprocc/read-jobs-db.ts';
import {
  guidSeconds,
  matchProfile,
  nextStarts,
  rateDisagreement,
  reportClock,
} from '../../../../benchmarks/hammerdb-tprocc/profile-match.ts';
import type { RawEntry } from '../../../../collectors/lib/raw-tree.ts';
import { archiveFiles, archiveText, fixtureText } from '../../../helpers/fixtures.ts';

const ARCHIVE = 'realruns/hammerdb.tar.gz';
const XT = 'hammerdb/tmpdir/hdbxtprofile.log';
const xtText = archiveText(ARCHIVE, XT);
/** The real file's reports as texts, in order (pg vu1, pg vu2, my vu1, my vu2). */
const reportTexts = xtText.split(/^(?=\S+ Hammerdb Time Profile Report @)/m);
const entry = (path: string, text?: string): RawEntry => ({
  path,
  data: text === undefined ? archiveFiles(ARCHIVE).get(path)! : new TextEncoder().encode(text),
});
const PG_VU1 = ['hammerdb/stdout/pg_run_vu1.stdout.txt', 'hammerdb/tmpdir/hammerdb_6B024E3D660D03E203932383.log'];
const value = (run: { results: Array<{ test: string; metric: string; value: number }> }, test: string, m: string) =>
  run.results.find((r) => r.test === test && r.metric === m)?.value;
/** NEWORD P95 of a report's SUMMARY block, as the text states it. */
const summaryP95 = (report: string) =>
  Number(/P95: ([\d.]+)ms/.exec(report.split('SUMMARY OF')[1]!.split('PROC: NEWORD')[1]!)![1]);

describe('clocks: job ids and unique log names carry Unix seconds', () => {
  it("a real job id's first 8 hex digits are the job's start in the jobs database (a UTC host)", () => {
    const jobs = parseJobsDb(readJobsDb(archiveFiles(ARCHIVE).get('hammerdb/tmpdir/hammer.DB')!, 'db'), 'db');
    expect(jobs).toHaveLength(6);
    for (const j of jobs) {
      const iso = new Date(guidSeconds(j.jobid) * 1000).toISOString().replace('T', ' ').slice(0, 19);
      expect(iso, j.jobid).toBe(j.startedAt);
    }
  });

  it("a report's banner time is on the local clock, and on the Unix clock too when its zone is UTC", () => {
    const [r] = parseXtprofLog(reportTexts[0]!);
    expect(r!.zone).toBe('UTC');
    const c = reportClock(r!, 'hdbxtprofile.log');
    expect(c.unix).toBe(c.local);
    expect(new Date(c.local * 1000).toISOString().slice(0, 19)).toBe(
      parseTclDate(/@ (.+)/.exec(reportTexts[0]!)![1]!)!.local.replace(' ', 'T'),
    );
    const v6 = parseXtprofLog(fixtureText('hammerdb-manual/hdbdocs_v6.0_hdbxtprofile.log.txt'))[0]!;
    expect(v6.zone).toBe('BST');
    expect(reportClock(v6, 'x_Timed.log').unix).toBeNaN();
    expect(reportClock(v6, 'hdbxtprofile_6B024EB6660D03E203932383.log').unix).toBe(0x6b024eb6);
  });
});

describe('the new-order count of a report must fit the run', () => {
  it("each real report fits its own run's NOPM", () => {
    const reports = parseXtprofLog(xtText);
    const nopm = ['pg_run_vu1', 'pg_run_vu2', 'my_run_vu1', 'my_run_vu2'].map(
      (f) => parseCliOutput(archiveText(ARCHIVE, `hammerdb/stdout/${f}.stdout.txt`), f).jobs[0]!.result!.nopm,
    );
    expect(reports).toHaveLength(4);
    reports.forEach((r, i) => expect(rateDisagreement(r, nopm[i])).toBeUndefined());
  });

  it("another session's report (the v6 manual's, 4 VUs for 7 minutes) cannot be a run of 32798 NOPM", () => {
    const v6 = parseXtprofLog(fixtureText('hammerdb-manual/hdbdocs_v6.0_hdbxtprofile.log.txt'))[0]!;
    expect(rateDisagreement(v6, 32798)).toMatch(
      /^its \d+ new orders in 7\.0 minutes \(\d+ per minute\) cannot be a run/,
    );
  });
});

describe('harvest: a report joins the run its time proves, and only it', () => {
  const pg = (entries: RawEntry[]) => {
    const h = harvestHammerdb({ name: 'in', entries }, { meta: { host: { name: 'vm' }, date: '2026-11-22' } });
    return { h, run: h.runs.find((r) => r.run.dbms.product === 'postgres')!.run };
  };

  it('a renamed report of the same session (pg_vu1_Timed.log) joins by its time', () => {
    const { run } = pg([...PG_VU1.map((p) => entry(p)), entry('pg_vu1_Timed.log', reportTexts[0])]);
    expect(run.tests.map((t) => t.name)).toEqual(['vu1.w2']);
    expect(value(run, 'vu1.w2', 'neword_p95_ms')).toBe(summaryP95(reportTexts[0]!));
    expect(run.tests[0]!.rawFiles).toContain('pg_vu1_Timed.log');
  });

  it('a report of another session with the same DBMS and VU count is kept apart, with a note', () => {
    // The real report with its banner moved back a week: a session the run's files do not hold.
    const other = reportTexts[0]!.replace(' Nov 22 ', ' Nov 15 ');
    const { h, run } = pg([...PG_VU1.map((p) => entry(p)), entry('pg_vu1_Timed.log', other)]);
    expect(run.results.filter((r) => r.metric.startsWith('neword_'))).toEqual([]);
    expect(run.tests[0]!.rawFiles).not.toContain('pg_vu1_Timed.log');
    const why =
      "no run's job id or time matches it (1 run(s) of the same DBMS and virtual users, 1 of them at another time)";
    expect(run.provenance.notes).toContain(
      `${PG_VU1[0]}: the time profile report of 2026-11-15 02:08:54 (PostgreSQL, 1 active VUs) in pg_vu1_Timed.log is not attached to this run: ${why}`,
    );
    expect(h.skipped).toContainEqual({
      path: 'pg_vu1_Timed.log',
      reason: `time profile report of 2026-11-15 02:08:54 (PostgreSQL, 1 active VUs) is kept out of the runs: ${why}`,
    });
  });

  it('a run without a time (CLI output alone) gets no report by VU count alone, even from the file it names', () => {
    const { run } = pg([entry(PG_VU1[0]!), entry(XT)]);
    expect(run.results.filter((r) => r.metric.startsWith('neword_'))).toEqual([]);
    expect((run.provenance.notes ?? []).join('\n')).toMatch(
      /is not attached to this run: no run's job id or time matches it \(1 run\(s\) of the same DBMS and virtual users, none with a time to compare\)/,
    );
  });

  it('with the VU logs, each of the four reports of one file joins its own run', () => {
    const paths = [...archiveFiles(ARCHIVE).keys()].filter((p) =>
      /stdout\/(pg|my)_run_vu\d|tmpdir\/hammerdb_6B024(E3D|EB9|F5E|F9E)/.test(p),
    );
    const h = harvestHammerdb(
      { name: 'in', entries: [...paths.map((p) => entry(p)), entry(XT)] },
      { meta: { date: '2026-11-22' } },
    );
    const p95 = h.runs.flatMap((r) =>
      r.run.tests.map((t) => [r.run.dbms.product, t.name, value(r.run, t.name, 'neword_p95_ms')]),
    );
    expect(p95.sort()).toEqual([
      ['mariadb', 'vu1.w2', summaryP95(reportTexts[2]!)],
      ['mariadb', 'vu2.w2', summaryP95(reportTexts[3]!)],
      ['postgres', 'vu1.w2', summaryP95(reportTexts[0]!)],
      ['postgres', 'vu2.w2', summaryP95(reportTexts[1]!)],
    ]);
  });
});

describe('matchProfile: a unique log name the run printed is its job id link', () => {
  const report = parseXtprofLog(reportTexts[0]!)[0]!;
  const job = parseCliOutput(archiveText(ARCHIVE, PG_VU1[0]!), 'out').jobs[0]!;
  const name = 'hdbxtprofile_6B024EB6660D03E203932383.log';

  it('attached when the run printed the name and no clock says otherwise; not when the name is not unique', () => {
    const withName = { ...job, logFiles: [...job.logFiles, name] };
    const next = nextStarts([withName]);
    const clock = reportClock({ ...report, zone: undefined, at: undefined }, name);
    expect(matchProfile(report, clock, [withName], next, new Set([withName]), true)).toMatchObject({
      job: withName,
      how: 'its unique file name, which the run printed',
    });
    expect(matchProfile(report, clock, [withName], next, new Set([withName]), false)).toHaveProperty('why');
  });
});

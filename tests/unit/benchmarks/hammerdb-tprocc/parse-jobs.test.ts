// The jobs database (real hammer.DB), the jobs JSON (real result-script output and jobs dump, the manual's
// v4.6 and v6.0 transcripts) and a v6 result artifact: each job's numbers are the ones its files state.
import { describe, expect, it } from 'vitest';
import { parseJobsDb, tclList, tpccSettings } from '../../../../benchmarks/hammerdb-tprocc/parse-jobs-db.ts';
import { parseJobsJson, tcountPoints } from '../../../../benchmarks/hammerdb-tprocc/parse-jobs-json.ts';
import { parseV6Artifact } from '../../../../benchmarks/hammerdb-tprocc/parse-v6-artifact.ts';
import { readJobsDb } from '../../../../benchmarks/hammerdb-tprocc/read-jobs-db.ts';
import { archiveFiles, archiveText, fixtureText } from '../../../helpers/fixtures.ts';

const ARCHIVE = 'realruns/hammerdb.tar.gz';
const RESULT_FILES = ['pg_result_vu1', 'pg_result_vu2', 'my_result_vu1', 'my_result_vu2'];

/** A result-script output's own HAMMERDB RESULT array, parsed here independently. */
function resultArray(text: string): string[] {
  return JSON.parse(/HAMMERDB RESULT\n(\[[\s\S]*?\])/.exec(text)![1]!);
}

describe('tclList / tpccSettings (JOBMAIN.jobdict)', () => {
  it('splits braces and keeps escaped paths', () => {
    expect(tclList('a {b c} {C:\\mysql\\certs} d')).toEqual(['a', 'b c', 'C:\\mysql\\certs', 'd']);
  });
  it('keeps the tpcc settings without credentials', () => {
    const s = tpccSettings(
      'connection {pg_host 127.0.0.1} tpcc {pg_count_ware 2 pg_superuserpass pw pg_user tpcc pg_storedprocs true}',
    );
    expect(s).toEqual({ pg_count_ware: '2', pg_storedprocs: 'true' });
  });
});

describe('the real jobs database (hammer.DB of six jobs)', () => {
  const rows = readJobsDb(archiveFiles(ARCHIVE).get('hammerdb/tmpdir/hammer.DB')!, 'hammer.DB');
  const jobs = parseJobsDb(rows, 'hammer.DB');

  it('six TPROC-C jobs: a build and two runs per DBMS', () => {
    expect(rows.main).toHaveLength(6);
    expect(jobs.map((j) => [j.database, j.kind])).toEqual([
      ['PostgreSQL', 'build'],
      ['PostgreSQL', 'run'],
      ['PostgreSQL', 'run'],
      ['MySQL', 'build'],
      ['MySQL', 'run'],
      ['MySQL', 'run'],
    ]);
  });

  it.each(RESULT_FILES)('the run of %s: result, counter and timing as the result script printed them', (name) => {
    const text = archiveText(ARCHIVE, `hammerdb/stdout/${name}.stdout.txt`);
    const [id, at, , line] = resultArray(text);
    const job = jobs.find((j) => j.jobid === id)!;
    expect(job.startedAt).toBe(at);
    expect(job.result!.line).toBe(line);
    const tc = JSON.parse(/TRANSACTION COUNT\n(\{[\s\S]*?\}\})/.exec(text)![1]!);
    expect(job.tpm).toEqual(
      Object.entries(Object.values(tc)[0] as Record<string, string>).map(([at, v]) => ({ at, tpm: Number(v) })),
    );
    const timing = JSON.parse(/TRANSACTION RESPONSE TIMES\n([\s\S]*?\n\})\n/.exec(text)![1]!);
    expect(job.timing!.NEWORD!.p95Ms).toBe(Number(timing.NEWORD.p95_ms));
    expect(job.timing!.SLEV!.calls).toBe(Number(timing.SLEV.calls));
    expect(job.settings).not.toHaveProperty('pg_pass');
  });

  it('a file that is not SQLite is refused with its name', () => {
    expect(() => readJobsDb(new TextEncoder().encode('SQLite format 3\0 but truncated'), 'x/hammer.DB')).toThrow(
      /x\/hammer\.DB/,
    );
  });
});

describe('jobs JSON', () => {
  it.each(RESULT_FILES)('%s (result script, v4.12): one job with id, result, counter and timing', (name) => {
    const text = archiveText(ARCHIVE, `hammerdb/stdout/${name}.stdout.txt`);
    const [id, at, vuLine, line] = resultArray(text);
    const jobs = parseJobsJson(text, name);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ jobid: id, startedAt: at, kind: 'run' });
    expect(jobs[0]!.result).toMatchObject({ line, activeVirtualUsers: Number(/^(\d+)/.exec(vuLine!)![1]) });
    expect(jobs[0]!.tpm.length).toBe((text.match(/"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d": "\d+"/g) ?? []).length);
  });

  it('the jobs dump: every job with its output, settings and result', () => {
    const text = archiveText(ARCHIVE, 'hammerdb/stdout/jobs_dump2.stdout.txt');
    const jobs = parseJobsJson(text, 'dump');
    expect(jobs.map((j) => j.jobid)).toEqual([...new Set(text.match(/(?<===== jobs )[0-9A-F]{24}/g))]);
    expect(jobs.filter((j) => j.kind === 'build')).toHaveLength(2);
    const pg1 = jobs.find((j) => j.jobid === '6B024E3D660D03E283432333')!;
    expect(pg1.result?.nopm).toBe(32798);
    expect(pg1.dbVersion).toBe('15.20 (Debian 15.20-0+deb12u1)');
    expect(pg1.settings).toMatchObject({ pg_count_ware: '2', pg_rampup: '1', pg_duration: '1' });
  });

  it('tcount in both orientations: v4.6 count -> time, v5.0+ time -> count', () => {
    const v46 = fixtureText('hammerdb-manual/hdbdocs_v5.0_ci_script_maria_full_output_v4.6_jobs_json.txt');
    const j46 = parseJobsJson(v46, 'v46');
    expect(j46).toHaveLength(1);
    expect(j46[0]!.tpm[0]).toEqual({ at: '2023-02-10 15:36:52', tpm: 0 });
    expect(j46[0]!.tpm[1]).toEqual({ at: '2023-02-10 15:37:02', tpm: 69528 });
    expect(j46[0]!.result).toMatchObject({ nopm: 28531, tpm: 66257, activeVirtualUsers: 4 });
    const v6 = parseJobsJson(
      fixtureText('hammerdb-manual/hdbdocs_v6.0_ci_script_maria_full_output_with_jobs_json.txt'),
      'v6',
    );
    expect(v6[0]!.tpm.slice(0, 3)).toEqual([
      { at: '2025-04-14 17:09:41', tpm: 0 },
      { at: '2025-04-14 17:09:51', tpm: 185196 },
      { at: '2025-04-14 17:10:01', tpm: 309240 },
    ]);
    expect(tcountPoints({ 'MariaDB tpm': { '2025-04-14 17:09:41': '0' } })).toEqual({
      database: 'MariaDB',
      points: [{ at: '2025-04-14 17:09:41', tpm: 0 }],
    });
  });

  it('terminal transcripts of `job <id> result` and `job <id>` (manual v5.0/v6.0)', () => {
    const r5 = parseJobsJson(fixtureText('hammerdb-manual/hdbdocs_v5.0_job_result_json.txt'), 'x');
    expect(r5[0]).toMatchObject({
      jobid: '637CF9B73C8D03E243636303',
      startedAt: '2022-11-22 16:32:55',
      result: { nopm: 161688, tpm: 376090, activeVirtualUsers: 8 },
    });
    const out = parseJobsJson(fixtureText('hammerdb-manual/hdbdocs_v5.0_job_output_json.txt'), 'x');
    expect(out[0]).toMatchObject({ jobid: '637CF9B73C8D03E243636303', kind: 'run', rampupMinutes: 2 });
    const timing = parseJobsJson(fixtureText('hammerdb-manual/hdbdocs_v5.0_job_timing_json.txt'), 'x');
    expect(Object.keys(timing[0]!.timing!)).toEqual(['NEWORD', 'PAYMENT', 'DELIVERY', 'SLEV', 'OSTAT']);
  });
});

describe('HammerDB v6 result artifact (sm-shaw/hammerdb-results, PostgreSQL 18.4)', () => {
  const path = 'hammerdb-v6/results/tproc-c/postgresql/2026/06/6A21B3A8BFA103E283934383.json';
  const doc = JSON.parse(fixtureText(path));
  const job = parseV6Artifact(doc, path);

  it('result, configuration and version as the artifact states them', () => {
    expect(job).toMatchObject({
      jobid: doc.job.jobid,
      database: 'PostgreSQL',
      dbVersion: doc.job.release,
      hammerdbVersion: '6.0',
      startedAt: doc.job.timestamp,
    });
    expect(job.result).toMatchObject({
      nopm: doc.result.nopm,
      tpm: doc.result.tpm,
      activeVirtualUsers: doc.result.active_virtual_users,
    });
    expect(job).toMatchObject({
      warehouses: doc.benchmark_config.warehouses,
      rampupMinutes: doc.benchmark_config.rampup_minutes,
      durationMinutes: doc.benchmark_config.duration_minutes,
    });
  });

  it('counter, response times, CPU and the steady-state window', () => {
    expect(job.tpm).toHaveLength(doc.transaction_count.series[0].points.length);
    expect(job.timing!.NEWORD).toMatchObject({
      p50Ms: doc.response_times.rows[0].p50_ms,
      p25Ms: doc.response_times.rows[0].p25_ms,
      calls: doc.response_times.rows[0].calls,
    });
    expect(job.cpu).toHaveLength(doc.metrics.cpu_percent.length);
    expect(job.activeWindow).toEqual({
      start: doc.analysis_hints.active_window.start,
      end: doc.analysis_hints.active_window.end,
    });
    expect(job.system).toMatchObject({ cpus: Number(doc.system.cpucount), cpuModel: doc.system.cpumodel });
  });

  it('a TPROC-H artifact is refused, naming the file', () => {
    expect(() => parseV6Artifact({ ...doc, job: { ...doc.job, benchmark: 'TPROC-H' } }, 'h.json')).toThrow(
      'h.json: a HammerDB TPROC-H artifact',
    );
  });
});

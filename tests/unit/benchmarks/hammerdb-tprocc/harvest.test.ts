// harvestHammerdb on the real runs (realruns/hammerdb.tar.gz, HammerDB 4.12 on PostgreSQL 15 and MariaDB) and on
// a mytools result directory assembled from real files: nopm and tpm are the TEST RESULT lines, failed attempts
// are failed tests with their error, every HammerDB file is kept in a run's raw archive.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { RunSchema, SeriesFileSchema } from '../../../../src/schemas/index.ts';
import { harvestHammerdb } from '../../../../benchmarks/hammerdb-tprocc/harvest.ts';
import { loadRawInput } from '../../../../collectors/lib/raw-input.ts';
import { archiveFiles, archiveText, FIXTURES, fixtureText } from '../../../helpers/fixtures.ts';
import { sh } from '../../../helpers/awk.ts';

const ARCHIVE = 'realruns/hammerdb.tar.gz';
const value = (
  run: { results: Array<{ test: string; metric: string; value: number }> },
  test: string,
  metric: string,
) => run.results.find((r) => r.test === test && r.metric === metric)?.value;

/** The TEST RESULT line of a stdout file, as the file states it. */
function statedResult(path: string) {
  const m = /(\d+) Active Virtual Users configured[\s\S]*?TEST RESULT : System achieved (\d+) NOPM from (\d+) /.exec(
    archiveText(ARCHIVE, path),
  )!;
  return { vu: Number(m[1]), nopm: Number(m[2]), tpm: Number(m[3]) };
}

describe('harvestHammerdb on realruns/hammerdb.tar.gz', async () => {
  const tree = await loadRawInput(`${FIXTURES}${ARCHIVE}`);
  const h = harvestHammerdb(tree, { meta: { host: { name: 'vm' } } });
  const byLabel = new Map(h.runs.map((r) => [r.run.label, r]));

  it('finds one run per DBMS and server version, and one per failed attempt', () => {
    expect([...byLabel.keys()].sort()).toEqual([
      'ma101119',
      'pg1518',
      'pg1520',
      'postgresql.1_debian_libpgtcl_missing_pg_notice_handler',
    ]);
    for (const { run } of h.runs) expect(RunSchema.safeParse(run).error?.issues ?? []).toEqual([]);
    expect(byLabel.get('pg1520')!.run.dbms).toMatchObject({
      product: 'postgres',
      version: '15.20',
      serverVersion: '15.20 (Debian 15.20-0+deb12u1)',
    });
    expect(byLabel.get('ma101119')!.run.dbms).toMatchObject({ product: 'mariadb', version: '10.11.19' });
    expect(byLabel.get('ma101119')!.run.workload).toMatchObject({
      workload: 'MySQL',
      warehouses: [2],
      virtualUsers: [1, 2],
      rampupMinutes: 0,
      durationMinutes: 1,
      storedProcedures: true,
    });
    expect(byLabel.get('pg1520')!.run.date).toBe('2026-11-22');
    expect(byLabel.get('pg1520')!.run.provenance.tools).toEqual([{ name: 'HammerDB', version: '4.12' }]);
  });

  // A table of the real outputs: every TEST RESULT line is a test's nopm and tpm.
  it.each([
    ['pg1520', 'pg_run_vu1'],
    ['pg1520', 'pg_run_vu2'],
    ['ma101119', 'my_run_vu1'],
    ['ma101119', 'my_run_vu2'],
  ])('%s: %s gives nopm and tpm of its TEST RESULT line', (label, file) => {
    const s = statedResult(`hammerdb/stdout/${file}.stdout.txt`);
    const { run } = byLabel.get(label)!;
    const name = `vu${s.vu}.w2`;
    expect(run.tests.find((t) => t.name === name)).toMatchObject({
      status: 'ok',
      params: { virtualUsers: s.vu, warehouses: 2 },
    });
    expect(value(run, name, 'nopm')).toBe(s.nopm);
    expect(value(run, name, 'tpm')).toBe(s.tpm);
  });

  it('each run has its build, tpm over time and response times per transaction type', () => {
    const { run, series } = byLabel.get('pg1520')!;
    expect(run.tests.map((t) => t.name)).toEqual(['build.w2', 'vu1.w2', 'vu2.w2']);
    expect(run.tests[0]).toMatchObject({
      status: 'ok',
      params: { warehouses: 2, virtualUsers: 2, storedProcedures: true },
    });
    expect(SeriesFileSchema.safeParse(series).success).toBe(true);
    const tpm = series.tests['vu1.w2']!.find((s) => s.name === 'tpm')!;
    const counter = /hdbtcount_\w+\.log/.exec(archiveText(ARCHIVE, 'hammerdb/stdout/pg_run_vu1.stdout.txt'))![0];
    const logged = archiveText(ARCHIVE, `hammerdb/tmpdir/${counter}`)
      .split('\n')
      .filter((l) => / tpm @ /.test(l))
      .map((l) => Number(l.split(' ')[0]));
    expect(tpm.rows.map((r) => r[1])).toEqual(logged);
    // Measured window: after the 1 minute rampup, for 1 minute.
    expect(tpm.rows.filter((r) => r[2] === 1).map((r) => r[0])).toEqual([
      65, 70, 75, 80, 85, 90, 95, 100, 105, 110, 115, 120,
    ]);
    const timing = JSON.parse(
      /TRANSACTION RESPONSE TIMES\n([\s\S]*?\n\})\n/.exec(
        archiveText(ARCHIVE, 'hammerdb/stdout/pg_result_vu1.stdout.txt'),
      )![1]!,
    );
    expect(value(run, 'vu1.w2', 'neword_p95_ms')).toBe(Number(timing.NEWORD.p95_ms));
    expect(value(run, 'vu1.w2', 'payment_p99_ms')).toBe(Number(timing.PAYMENT.p99_ms));
    expect(value(run, 'vu1.w2', 'delivery_avg_ms')).toBe(Number(timing.DELIVERY.avg_ms));
  });

  it('the two failed attempts are failed tests with the error their output printed', () => {
    const one = byLabel.get('postgresql.1_debian_libpgtcl_missing_pg_notice_handler')!.run;
    expect(one.tests).toHaveLength(1);
    expect(one.tests[0]).toMatchObject({ name: 'build.w2', status: 'failed' });
    expect(one.tests[0]!.error).toContain('Error in Virtual User 1: invalid command name "pg_notice_handler"');
    const two = byLabel.get('pg1518')!.run;
    expect(two.tests.map((t) => [t.name, t.status])).toEqual([
      ['build.w2', 'failed'],
      ['vu1.w2', 'failed'],
    ]);
    expect(two.tests[0]!.error).toContain('undefined symbol: heap_datum_update_type');
    expect(two.tests[1]!.error).toMatch(
      /^no TEST RESULT line; "Vuser 2:Order Status Procedure Error set RAISEERROR for Details"; \d+ lines reported a failed transaction/,
    );
    expect(two.results.filter((r) => r.metric === 'nopm')).toEqual([]);
  });

  it('keeps every HammerDB file in a run (the shared ones in each run that uses them); skips only the hand-written PROVENANCE.md', () => {
    const inRuns = new Set(h.runs.flatMap((r) => r.raw.map((e) => e.path)));
    const all = [...archiveFiles(ARCHIVE).keys()];
    expect(all.filter((p) => !inRuns.has(p))).toEqual(['hammerdb/PROVENANCE.md']);
    expect(h.skipped.map((s) => s.path)).toEqual(['hammerdb/PROVENANCE.md']);
    for (const { run, raw } of h.runs)
      expect(run.provenance.rawFiles.map((f) => f.path)).toEqual(raw.map((e) => e.path));
    const pg = byLabel.get('pg1520')!.raw.map((e) => e.path);
    expect(pg).toContain('hammerdb/tmpdir/hammer.DB');
    expect(pg).toContain('hammerdb/tmpdir/hdbxtprofile.log');
    expect(pg).toContain('hammerdb/tmpdir/pg_tprocc_vu1');
    expect(pg.some((p) => /my_/.test(p))).toBe(false);
  });

  it('no credentials in the runs (the outputs print pg_superuserpass and mysql_pass)', () => {
    for (const { run } of h.runs) expect(JSON.stringify(run.tests)).not.toMatch(/pass|superuser/);
  });
});

describe('harvestHammerdb on a mytools result directory (res.<dbms>.load<n>.vu<v>.w<w>.<rampup>.<duration>/)', () => {
  // Mark's harness keeps hammerdbcli's output as o.<sfx>.run.out and vmstat/iostat started after rampup as
  // .run.vm/.run.io. Assembled here from real files: the real HammerDB 4.12 outputs, and a real vmstat/iostat
  // capture of the same VM (from the sysbench fixture).
  const sb = (f: string) => archiveFiles('realruns/sysbench.tar.gz').get(`sysbench/x.pg1518.cy1.pk1/${f}`)!;
  const hd = (f: string) => archiveFiles(ARCHIVE).get(`hammerdb/${f}`)!;
  const sfx = 'pg.pg1520.x10a_c2r24';
  const entries = [
    { path: `res.pg.load2.vu1.w2.1.1/o.${sfx}.build.out`, data: hd('stdout/pg_build.stdout.txt') },
    { path: `res.pg.load2.vu1.w2.1.1/o.${sfx}.run.out`, data: hd('stdout/pg_run_vu1.stdout.txt') },
    { path: `res.pg.load2.vu1.w2.1.1/o.${sfx}.run.vm`, data: sb('sb.vm.update-inlist.range100.pk1.dop1') },
    { path: `res.pg.load2.vu1.w2.1.1/o.${sfx}.run.io`, data: sb('sb.io.update-inlist.range100.pk1.dop1') },
    { path: `res.pg.load2.vu1.w2.1.1/o.${sfx}.hammer.DB`, data: hd('tmpdir/hammer.DB') },
    { path: `res.pg.load2.vu2.w2.1.1/o.${sfx}.run.out`, data: hd('stdout/pg_run_vu2.stdout.txt') },
  ];
  const h = harvestHammerdb({ name: 'tprocc', entries }, {});
  const vmText = new TextDecoder().decode(sb('sb.vm.update-inlist.range100.pk1.dop1'));
  const ioText = new TextDecoder().decode(sb('sb.io.update-inlist.range100.pk1.dop1'));

  it('one run named <build>.<config>, a test per directory, parameters decoded from the names', () => {
    expect(h.runs).toHaveLength(1);
    const { run } = h.runs[0]!;
    expect(RunSchema.safeParse(run).error?.issues ?? []).toEqual([]);
    expect(run.label).toBe('pg1520.x10a_c2r24');
    expect(run.dbms).toMatchObject({ product: 'postgres', version: '15.20', label: 'pg1520' });
    expect(run.config.name).toBe('x10a_c2r24');
    expect(run.host).toMatchObject({ name: 'vm', serverClass: 'c2r24', cpus: 2 });
    expect(run.provenance.harvester.format).toBe('mytools-hammerdb');
    expect(run.tests.map((t) => t.name)).toEqual(['build.w2', 'vu1.w2', 'vu2.w2']);
    expect(value(run, 'vu1.w2', 'nopm')).toBe(statedResult('hammerdb/stdout/pg_run_vu1.stdout.txt').nopm);
    expect(value(run, 'vu2.w2', 'tpm')).toBe(statedResult('hammerdb/stdout/pg_run_vu2.stdout.txt').tpm);
    expect(h.skipped).toEqual([]);
  });

  it('vmstat/iostat averages over the measured phase, and cpuPer = (us+sy) / NOPM x 1000 (the 2026-03-16 post)', () => {
    const { run } = h.runs[0]!;
    const nopm = value(run, 'vu1.w2', 'nopm')!;
    // Clean averages, by awk over the data lines after vmstat's since-boot line.
    const clean = (col: number) =>
      Number(
        sh(`awk '$1 ~ /^[0-9]+$/ { n++; if (n > 1) { s += $${col}; c++ } } END { printf "%.6f", s / c }'`, vmText),
      );
    expect(value(run, 'vu1.w2', 'vmstat_us')).toBeCloseTo(clean(13), 6);
    expect(value(run, 'vu1.w2', 'vmstat_sy')).toBeCloseTo(clean(14), 6);
    expect(value(run, 'vu1.w2', 'vmstat_cs')).toBeCloseTo(clean(12), 6);
    expect(value(run, 'vu1.w2', 'vmstat_wa')).toBeCloseTo(clean(16), 6);
    const usPlusSy = Number(
      sh(`awk '$1 ~ /^[0-9]+$/ { n++; if (n > 1) { s += $13 + $14; c++ } } END { printf "%.6f", s / c }'`, vmText),
    );
    expect(value(run, 'vu1.w2', 'vmstat_us_plus_sy')).toBeCloseTo(usPlusSy, 6);
    expect(value(run, 'vu1.w2', 'cpu_per_nopm')).toBeCloseTo((usPlusSy / nopm) * 1000, 6);
    // The harness way (docs/formats/vmstat-iostat.md 4.4), exactly as mytools' awk computes it.
    const harness = Number(
      sh(`grep -v swpd | awk '{ if (NR>1) { cpu+=$13+$14; c+=1 } } END { printf "%.6f", cpu/c }'`, vmText),
    );
    expect(value(run, 'vu1.w2', 'cpu_pct')).toBeCloseTo(harness, 6);
    // iostat r/s and wMB/s of the device that did IO (vda).
    const rs = Number(sh(`awk '$1 == "vda" { s += $2; c++ } END { printf "%.6f", s / c }'`, ioText));
    const wmb = Number(sh(`awk '$1 == "vda" { s += $9; c++ } END { printf "%.6f", s / c / 1024 }'`, ioText));
    expect(value(run, 'vu1.w2', 'iostat_r_per_s')).toBeCloseTo(rs, 6);
    expect(value(run, 'vu1.w2', 'iostat_wmb_per_s')).toBeCloseTo(wmb, 6);
    const t = run.tests.find((x) => x.name === 'vu1.w2')!;
    expect(t.system).toMatchObject({ opsPerS: nopm / 60, deviceSource: 'only device with IO' });
    expect(h.runs[0]!.series.tests['vu1.w2']!.map((s) => s.name)).toEqual(['tpm', 'vmstat', 'iostat']);
    // vu2 has no vmstat/iostat files: no system metrics, nothing invented.
    expect(run.tests.find((x) => x.name === 'vu2.w2')!.system).toBeUndefined();
  });

  it('a TEST RESULT line of run.out in a form not understood is a note of the run, not silence', () => {
    const path = `res.pg.load2.vu2.w2.1.1/o.${sfx}.run.out`;
    const text = new TextDecoder().decode(hd('stdout/pg_run_vu2.stdout.txt'));
    const damaged = text.replace(/NOPM from (\d+) PostgreSQL TPM/, 'NOPM from $1 PostgreSQL');
    const lineNo = damaged.split('\n').findIndex((l) => l.includes('TEST RESULT')) + 1;
    const mine = entries.map((e) => (e.path === path ? { path, data: new TextEncoder().encode(damaged) } : e));
    const { run } = harvestHammerdb({ name: 'tprocc', entries: mine }, {}).runs[0]!;
    expect(run.tests.find((t) => t.name.startsWith('vu2'))?.status).toBe('failed');
    expect(run.provenance.notes).toContainEqual(
      expect.stringMatching(
        new RegExp(`^${path.replace(/\./g, '\\.')}: line ${lineNo}: a TEST RESULT line in a form not understood`),
      ),
    );
  });
});

describe('harvestHammerdb with only the CLI outputs and the logs (no jobs database, no JSON)', async () => {
  // What a user has who kept hammerdbcli's stdout and HammerDB's temp directory logs but not hammer.DB:
  // response times come from hdbxtprofile.log, the counter with timestamps from hdbtcount_<id>.log.
  const all = await loadRawInput(`${FIXTURES}${ARCHIVE}`);
  const entries = all.entries.filter((e) =>
    /stdout\/(pg|my)_(run|build)|tmpdir\/(hammerdb_|hdbtcount_|hdbxtprofile)/.test(e.path),
  );
  const h = harvestHammerdb({ name: 'logs', entries }, {});
  const pg = h.runs.find((r) => r.run.label === 'pg1520')!;

  it('the same runs and results, the job start from the VU log banner', () => {
    expect(h.runs.map((r) => r.run.label).sort()).toEqual(['ma101119', 'pg1520']);
    expect(value(pg.run, 'vu2.w2', 'nopm')).toBe(statedResult('hammerdb/stdout/pg_run_vu2.stdout.txt').nopm);
    expect(pg.run.tests.map((t) => t.name)).toEqual(['build.w2', 'vu1.w2', 'vu2.w2']);
    expect(h.skipped).toEqual([]);
  });

  it('response times from the time profile report of the same DBMS and VU count', () => {
    const xt = archiveText(ARCHIVE, 'hammerdb/tmpdir/hdbxtprofile.log');
    // The second report (PostgreSQL, 2 active VUs): its SUMMARY block's NEWORD P95.
    const summary = xt
      .split(/^PostgreSQL Hammerdb Time Profile Report/m)[2]!
      .split('SUMMARY OF 2 ACTIVE VIRTUAL USERS')[1]!;
    expect(value(pg.run, 'vu2.w2', 'neword_p95_ms')).toBe(Number(/P95: ([\d.]+)ms/.exec(summary)![1]));
    const t = pg.run.tests.find((x) => x.name === 'vu2.w2')!;
    expect(t.rawFiles).toEqual(
      expect.arrayContaining([
        'hammerdb/tmpdir/hdbxtprofile.log',
        'hammerdb/tmpdir/hdbtcount_6B024EB9660D03E243131313.log',
      ]),
    );
    expect(pg.series.tests['vu2.w2']![0]!.rows.length).toBe(25);
  });
});

describe('harvestHammerdb on a v6 result artifact (sm-shaw/hammerdb-results)', async () => {
  const path = 'hammerdb-v6/results/tproc-c/postgresql/2026/06/6A21B3A8BFA103E283934383.json';
  const doc = JSON.parse(readFileSync(`${FIXTURES}${path}`, 'utf8'));
  const h = harvestHammerdb(await loadRawInput(`${FIXTURES}hammerdb-v6`), {});

  it("one run, the artifact's result and host facts, counter and CPU series", () => {
    expect(h.runs).toHaveLength(1);
    const { run, series } = h.runs[0]!;
    expect(RunSchema.safeParse(run).error?.issues ?? []).toEqual([]);
    expect(run).toMatchObject({
      label: 'pg184',
      date: '2026-06-04',
      dbms: { product: 'postgres', version: '18.4' },
      host: { cpus: 24, cpuModel: doc.system.cpumodel },
    });
    const name = `vu${doc.result.active_virtual_users}.w${doc.benchmark_config.warehouses}`;
    expect(value(run, name, 'nopm')).toBe(doc.result.nopm);
    expect(value(run, name, 'tpm')).toBe(doc.result.tpm);
    expect(series.tests[name]!.map((s) => s.name)).toEqual(['tpm', 'cpu']);
    // The steady-state window of the artifact marks the measured samples.
    const tpm = series.tests[name]![0]!;
    expect(tpm.rows.filter((r) => r[2] === 1)).toHaveLength(
      doc.transaction_count.series[0].points.filter(
        (p: { timestamp: string }) =>
          p.timestamp >= doc.analysis_hints.active_window.start && p.timestamp <= doc.analysis_hints.active_window.end,
      ).length,
    );
    expect(h.skipped.map((s) => s.path)).toEqual(['LICENSE']);
  });
});

describe('a hammerdbcli transcript without its DBVersion: lines', () => {
  const file = 'hdbdocs_v6.0_cli_sequence_multi_vu.txt';
  const harvest = (text: string, name = file) =>
    harvestHammerdb(
      { name, entries: [{ path: name, data: new TextEncoder().encode(text) }] },
      { meta: { date: '2026-11-22' } },
    ).runs.map((h) => h.run);
  const real = fixtureText(`hammerdb-manual/${file}`);

  it('is one run (one session), its version unknown and its label where it came from', () => {
    const runs = harvest(real.replace(/^.*DBVersion:.*\n/gm, ''));
    expect(runs.map((r) => r.label)).toEqual(['mssql.hdbdocs_v6.0_cli_sequence_multi_vu']);
    expect(runs[0]!.tests.map((t) => t.name)).toEqual(harvest(real)[0]!.tests.map((t) => t.name));
    expect(runs[0]!.dbms.version).toBeUndefined();
  });

  it('a job whose virtual users are not in the file is the test `run`, not a made-up `vu?`', () => {
    const runs = harvest(fixtureText('hammerdb-manual/hdbdocs_v5.0_job_timing_json.txt'), 'timing.json');
    expect(runs.flatMap((r) => r.tests.map((t) => t.name))).toEqual(['run']);
  });
});

import { describe, expect, it } from 'vitest';
import { RunSchema } from '../../../../src/schemas/index.ts';
import { archiveText, fixtureText } from '../../../helpers/fixtures.ts';
import { harvestFixture } from '../../../helpers/harvest-fixture.ts';

const value = (
  run: { results: Array<{ test: string; metric: string; value: number }> },
  test: string,
  metric: string,
) => run.results.find((r) => r.test === test && r.metric === metric)?.value;

describe('harvestSysbench on the real mytools runs (realruns/sysbench.tar.gz)', async () => {
  const h = await harvestFixture('realruns/sysbench.tar.gz');

  it('finds the four run directories and nothing else as runs', () => {
    expect([...h.byLabel.keys()].sort()).toEqual([
      'x.ma101119.cy1.pk1',
      'x.ma101119.cy2.pk1',
      'x.pg1518.cy1.pk1',
      'x.pg1518.cy2.pk1',
    ]);
    expect(h.skipped.map((s) => s.path)).toContain('sysbench/summary/qps.rel.all.tsv');
    expect(h.skipped.every((s) => s.path.startsWith('sysbench/summary/') || !s.path.includes('/x.'))).toBe(true);
  });

  it('every run validates and decodes its label', () => {
    for (const { run } of h.runs) expect(RunSchema.safeParse(run).success).toBe(true);
    const pg = h.byLabel.get('x.pg1518.cy2.pk1')!.run;
    expect(pg.dbms).toMatchObject({
      product: 'postgres',
      version: '15.18',
      label: 'pg1518',
      serverVersion: 'PostgreSQL 15.18 (Debian 15.18-0+deb12u1)',
    });
    expect(pg.config).toMatchObject({ name: 'cy2', file: 'conf.diff' });
    expect(pg.config.settings?.synchronous_commit).toBe('off');
    expect(pg.host).toMatchObject({ name: 'vm', cpus: 2, kernel: '6.18.44-fc-v595' });
    expect(pg.date).toBe('2026-11-22');
    expect(pg.workload).toMatchObject({
      kind: 'sysbench',
      tables: 1,
      rows: 20000,
      threads: [1],
      driver: 'pgsql',
      luaScripts: 'mytools',
      primaryKey: true,
    });
    const ma = h.byLabel.get('x.ma101119.cy1.pk1')!.run;
    expect(ma.dbms).toMatchObject({ product: 'mariadb', version: '10.11.19' });
    expect(ma.config.settings?.innodb_flush_log_at_trx_commit).toBe('1');
  });

  it('has the 17 microbenchmarks plus the load, named as the posts name them', () => {
    const names = h.byLabel.get('x.pg1518.cy1.pk1')!.run.tests.map((t) => t.name);
    expect(names).toEqual([
      'prepare',
      'point-query.warm',
      'range-notcovered-si.pre',
      'update-inlist',
      'update-index',
      'update-nonindex',
      'write-only',
      'read-write_range=100',
      'scan',
      'read-only_range=10',
      'read-only-count',
      'point-query',
      'random-points_range=10',
      'hot-points',
      'range-covered-pk',
      'points-covered-si',
      'delete',
      'insert',
    ]);
  });

  it('exported qps is the per-sec value of each sb.o queries: line; scan also has the Krows/s of sb.r.qps', () => {
    for (const [label, { run }] of h.byLabel) {
      for (const t of run.tests.filter((x) => x.name !== 'prepare')) {
        const text = archiveText('realruns/sysbench.tar.gz', `sysbench/${label}/${t.rawFiles![0]}`);
        const stated = Number(/queries:\s+\d+\s+\(([\d.]+) per sec\.\)/.exec(text)![1]);
        expect(value(run, t.name, 'qps'), `${label} ${t.name}`).toBe(stated);
      }
      const krps = Number(
        archiveText('realruns/sysbench.tar.gz', `sysbench/${label}/sb.r.qps.scan.range100.pk1`).split('\t')[0],
      );
      expect(value(run, 'scan', 'scan_krows_per_s')).toBe(krps);
    }
  });

  it('reproduces every sb.met file exactly with the harness-compatible averages (no mismatch notes)', () => {
    for (const { run } of h.runs) {
      expect(run.provenance.notes ?? []).toEqual([]);
      const withSystem = run.tests.filter((t) => t.system);
      expect(withSystem).toHaveLength(17);
      for (const t of withSystem) expect(t.system!.deviceSource).toBe('reproduces sb.met');
    }
  });

  it('keeps the interval series and every raw file with its checksum', () => {
    const { run, series, raw } = h.byLabel.get('x.ma101119.cy2.pk1')!;
    expect(series.tests['point-query']!.map((s) => s.name)).toEqual(['sysbench', 'vmstat', 'iostat']);
    expect(series.tests['point-query']![0]!.rows.length).toBeGreaterThanOrEqual(9); // --report-interval=1 over 10 s
    expect(run.provenance.rawFiles).toHaveLength(raw.length);
    expect(run.provenance.rawFiles.every((f) => /^[0-9a-f]{64}$/.test(f.sha256))).toBe(true);
    expect(run.provenance.commands.every((c) => !/password=(?!\*\*\*)/.test(c))).toBe(true);
  });
});

describe('harvestSysbench on archived mytools directories', () => {
  it('nov25 (sysbench 1.1.0, only sb.o and sb.met kept): system metrics come from sb.met', async () => {
    const h = await harvestFixture('mytools/bench/arc/nov25.sb.mysql/dop1/x.my8043_rel_o2nofp.z12a_c8r32.pk1', {
      host: { name: 'pn53' },
    });
    const { run } = h.runs[0]!;
    expect(run.dbms).toMatchObject({ product: 'mysql', version: '8.0.43', build: 'rel_o2nofp' });
    expect(run.config.name).toBe('z12a_c8r32');
    expect(run.host.serverClass).toBe('c8r32');
    expect(run.workload).toMatchObject({ warmupSeconds: 5, rows: 50000000 });
    expect(value(run, 'point-query', 'qps')).toBe(16847.1);
    expect(value(run, 'point-query', 'cpu_per_query')).toBe(
      Number(
        fixtureText(
          'mytools/bench/arc/nov25.sb.mysql/dop1/x.my8043_rel_o2nofp.z12a_c8r32.pk1/sb.met.point-query.range100.pk1.dop1',
        )
          .split('\n')[5]!
          .split('\t')[4],
      ),
    );
    // scan: Krows/s by the current run.sh rule, 50,000,000 rows / 11178.06 ms (docs/formats/sysbench.md 2.6)
    expect(Math.round(value(run, 'scan', 'scan_krows_per_s')!)).toBe(4473);
  });

  it('feb25 (40 threads, full raw set): device md2 is the one that reproduces sb.met; CPUs from iostat', async () => {
    const h = await harvestFixture('mytools/bench/arc/feb25.pg.flat/x.pg1023_o2nofp.x10a_c32r128.pk1');
    const { run } = h.runs[0]!;
    const pq = run.tests.find((t) => t.name === 'point-query')!;
    expect(pq.system).toMatchObject({ cpus: 96, cpusSource: 'iostat (N CPU)', deviceSource: 'reproduces sb.met' });
    expect(pq.system!.harness.iostat!.device).toBe('md2');
    expect(run.provenance.notes?.filter((n) => n.includes('differ')) ?? []).toEqual([]);
    expect(value(run, 'scan', 'scan_krows_per_s')).toBe(97900); // sb.r.qps.scan of the 2025-03 rule
    expect(run.dbms).toMatchObject({ product: 'postgres', version: '10.23', build: 'o2nofp' });
    expect(run.workload).toMatchObject({ threads: [40], tables: 8, rows: 10000000 });
  });
});

describe('harvestSysbench on stock sysbench output files', () => {
  it('a single output file is one run with one test named from its Lua script', async () => {
    const h = await harvestFixture('sysbench-1.0.20/pgsql-point-select-report-interval.txt');
    expect(h.runs).toHaveLength(1);
    const { run, series } = h.runs[0]!;
    expect(run.label).toBe('pgsql-point-select-report-interval');
    // Plain sysbench output names neither the DBMS nor the script: those stay unknown unless --meta says.
    expect(run.dbms.product).toBeUndefined();
    expect(run.tests.map((t) => t.name)).toEqual(['pgsql-point-select-report-interval']);
    expect(value(run, run.tests[0]!.name, 'qps')).toBe(12921.74);
    expect(series.tests[run.tests[0]!.name]![0]!.rows).toHaveLength(3);
  });

  it('a FATAL output is kept as a failed test with the FATAL line, never dropped', async () => {
    const h = await harvestFixture('sysbench-1.0.20/fatal-no-database.txt');
    const t = h.runs[0]!.run.tests[0]!;
    expect(t.status).toBe('failed');
    expect(t.error).toMatch(/^FATAL: Connection to database failed/);
    expect(h.runs[0]!.run.results).toEqual([]);
  });

  it('a directory of outputs is one run with a test per file', async () => {
    const h = await harvestFixture('sysbench-1.0.20');
    expect(h.runs).toHaveLength(1);
    expect(h.runs[0]!.run.tests.map((t) => [t.name, t.status])).toEqual([
      ['fatal-no-database', 'failed'],
      ['killed-before-report', 'failed'],
      ['lua-report-hook-err-no-colon', 'ok'],
      ['pgsql-point-select-p95-above-max', 'ok'],
      ['pgsql-point-select-report-interval', 'ok'],
    ]);
    expect(h.skipped.map((s) => s.path).sort()).toEqual(['COMMANDS.md', 'report_default.lua']);
  });
});

describe('a mytools dop40 directory from before April 2025 that also holds a dop8 warm-up', async () => {
  // Reconstructed from the real feb25 dop40 directory: its scan output copied as the dop8 warm-up (threads 8),
  // as all_small.sh of that time left it beside the measured run; sb.r.qps.scan holds only the dop40 value.
  const { harvestSysbench } = await import('../../../../benchmarks/sysbench/harvest.ts');
  const { loadRawInput } = await import('../../../../collectors/lib/raw-input.ts');
  const { FIXTURES, MYTOOLS_FEB25 } = await import('../../../helpers/fixtures.ts');
  const real = await loadRawInput(FIXTURES + MYTOOLS_FEB25);
  const dop40 = real.entries.find((e) => e.path === 'sb.o.scan.range100.pk1.dop40')!;
  const warm = new TextDecoder()
    .decode(dop40.data)
    .replace('--threads=40', '--threads=8')
    .replace('Number of threads: 40', 'Number of threads: 8');
  const withWarmup = {
    ...real,
    entries: [...real.entries, { path: 'sb.o.scan.range100.pk1.dop8', data: new TextEncoder().encode(warm) }],
  };
  const alone = harvestSysbench(real).runs[0]!.run;
  const both = harvestSysbench(withWarmup).runs[0]!.run;

  it('the dop40 scan rate is the one sb.r.qps.scan, sb.met and the harness summary give, with no note', () => {
    expect(fixtureText(`${MYTOOLS_FEB25}sb.r.qps.scan.range100.pk1`)).toMatch(/^97900\t/);
    expect(value(both, 'scan', 'scan_krows_per_s')).toBe(97900);
    expect(value(alone, 'scan', 'scan_krows_per_s')).toBe(97900);
    expect(both.provenance.notes ?? []).not.toContainEqual(expect.stringMatching(/^scan: scan_krows_per_s computed/));
  });

  it('the test is named the same whatever else is in its directory; the warm-up is named by its threads', () => {
    expect(alone.tests.map((t) => t.name)).toContain('scan');
    expect(both.tests.map((t) => t.name).sort()).toEqual([...alone.tests.map((t) => t.name), 'scan_threads=8'].sort());
    const warmNote = (both.provenance.notes ?? []).find((n) => n.startsWith('scan_threads=8:'));
    expect(warmNote).toBe(
      'scan_threads=8: scan_krows_per_s computed as table_size / avg latency ms (run.sh rule since 2025-04-19); the sb.r.qps file has no value for 8 threads',
    );
  });
});

describe('a test with sb.met but no sb.o', async () => {
  const { harvestSysbench } = await import('../../../../benchmarks/sysbench/harvest.ts');
  const { loadRawInput } = await import('../../../../collectors/lib/raw-input.ts');
  const { FIXTURES, MYTOOLS_FEB25 } = await import('../../../helpers/fixtures.ts');
  it('is not in the run, and a note on the run says so', async () => {
    const real = await loadRawInput(FIXTURES + MYTOOLS_FEB25);
    const tree = { ...real, entries: real.entries.filter((e) => e.path !== 'sb.o.update-inlist.range100.pk1.dop40') };
    const run = harvestSysbench(tree).runs[0]!.run;
    expect(run.tests.map((t) => t.name)).not.toContain('update-inlist');
    expect(run.provenance.notes).toContain(
      "sb.met.update-inlist.range100.pk1.dop40: there is no sb.o.update-inlist.range100.pk1.dop40 beside it (the test's output is missing), so that test is not in the run",
    );
    expect(harvestSysbench(real).runs[0]!.run.provenance.notes ?? []).not.toContainEqual(
      expect.stringContaining('there is no sb.o.'),
    );
  });
});

describe('splitSysbench: the run directories harvest may harvest on worker threads', () => {
  it('keeps its promise: harvestSysbench is each unit harvested, then the rest; the rest holds no unit', async () => {
    const { harvestMytoolsUnit, harvestSysbench, splitSysbench } =
      await import('../../../../benchmarks/sysbench/harvest.ts');
    const { archiveFiles } = await import('../../../helpers/fixtures.ts');
    const sysbench = [...archiveFiles('realruns/sysbench.tar.gz')].map(([path, data]) => ({ path, data }));
    // A run directory nested in another's folder, and stock output beside them, as mixed inputs hold.
    const stock = fixtureText('sysbench-1.0.20/pgsql-point-select-report-interval.txt');
    const entries = [
      ...sysbench,
      ...sysbench
        .filter((e) => e.path.startsWith('sysbench/x.pg1518.cy1.pk1/'))
        .map((e) => ({ ...e, path: e.path.replace('x.pg1518.cy1.pk1/', 'x.pg1518.cy1.pk1/x.pg1518.cy9.pk1/') })),
      { path: 'sysbench/stock/point.txt', data: new TextEncoder().encode(stock), mtimeMs: Date.UTC(2026, 0, 2) },
    ].sort((a, b) => (a.path < b.path ? -1 : 1));
    const tree = { name: 'mixed', entries };
    const { units, rest } = splitSysbench(tree);
    expect(units.map((u) => u.input)).toEqual([
      'sysbench/x.ma101119.cy1.pk1',
      'sysbench/x.ma101119.cy2.pk1',
      'sysbench/x.pg1518.cy1.pk1',
      'sysbench/x.pg1518.cy1.pk1/x.pg1518.cy9.pk1',
      'sysbench/x.pg1518.cy2.pk1',
    ]);
    expect(splitSysbench(rest).units).toEqual([]);
    expect(splitSysbench(rest).rest.entries).toEqual(rest.entries);
    const whole = harvestSysbench(tree);
    const restRuns = harvestSysbench(rest);
    expect(restRuns.runs.map((h) => h.run.label)).toEqual(['stock']);
    expect(whole).toEqual({
      runs: [...units.map((u) => harvestMytoolsUnit(u)), ...restRuns.runs],
      skipped: restRuns.skipped,
    });
  });
});

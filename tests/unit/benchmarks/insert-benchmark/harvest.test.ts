// The Insert Benchmark harvester on the real runs of realruns/ibench.tar.gz (mytools ibench harness, iibench.py,
// PostgreSQL 15.18 and MariaDB 10.11.19, 0.2m and 1m rows). Every expected value is read from the files the
// harness wrote: o.res (with awk, as etl.sh reads it), the report's o.sum.t tables, o.rt.c.*, iput.tab.
import { describe, expect, it } from 'vitest';
import { summaryColumn } from '../../../helpers/insert-benchmark-columns.ts';
import { resultValue } from '../../../helpers/written-runs.ts';
import { RunSchema } from '../../../../src/schemas/index.ts';
import { sumIostatValue } from '../../../../benchmarks/insert-benchmark/vocabulary.ts';
import { archiveFiles, archiveText } from '../../../helpers/fixtures.ts';
import { harvestFixture } from '../../../helpers/harvest-fixture.ts';
import { sh } from '../../../helpers/awk.ts';

const ARCHIVE = 'realruns/ibench.tar.gz';
const LABELS = ['0.2m.ma101119.ccy1', '0.2m.pg1518.ccy1', '1m.ma101119.ccy1', '1m.pg1518.ccy1'];
const STEPS = ['l.i0', 'l.x', 'l.i1', 'l.i2', 'qr100.L1', 'qp100.L2', 'qr500.L3', 'qp500.L4'];
const raw = (label: string, path: string) => archiveText(ARCHIVE, `ibench/raw/1u.1tno/${label}/${path}`);

/** The table of (run, step) pairs every assertion below runs over. */
const CASES = LABELS.flatMap((label) => STEPS.map((step) => ({ label, step })));

describe('harvestInsertBenchmark on the real runs (realruns/ibench.tar.gz)', async () => {
  const h = await harvestFixture(ARCHIVE);

  it('finds the four result directories; the report and notes are skipped, each with a reason', () => {
    expect([...h.byLabel.keys()].sort()).toEqual(LABELS);
    const skipped = new Map(h.skipped.map((s) => [s.path, s.reason]));
    expect(skipped.get('ibench/report/report.etl.1m/all.html')).toBeDefined();
    expect(skipped.get('ibench/report/sum.1m.dop1/o.sum.t.1m.pg1518.ccy1')).toBeDefined();
    expect(skipped.get('ibench/PROVENANCE.md')).toBeDefined();
    expect(h.skipped.every((s) => !s.path.startsWith('ibench/raw/1u.1tno/'))).toBe(true);
  });

  it('every run validates, with the facts PROVENANCE.md states', () => {
    for (const { run } of h.runs) expect(RunSchema.safeParse(run).success, run.label).toBe(true);
    const pg = h.byLabel.get('1m.pg1518.ccy1')!.run;
    expect(pg.dbms).toMatchObject({
      product: 'postgres',
      version: '15.18',
      buildName: 'pg1518',
      serverVersion: 'PostgreSQL 15.18 (Debian 15.18-0+deb12u1)',
    });
    expect(pg.config).toMatchObject({ name: 'cy1', file: 'conf.diff' });
    expect(pg.config.settings?.synchronous_commit).toBe('on');
    expect(pg.host).toMatchObject({ name: 'vm', cpus: 2, kernel: '6.18.44-fc-v595' });
    expect(pg.date).toBe('2026-11-22');
    expect(pg.provenance.startedAt).toBe('2026-11-22T01:52:33Z');
    // "l.i0 of 1,000,000 rows, l.i1+l.i2 of 500,000 rows"; dop=1, only1t=no; qsecs=25; ips 100 and 500.
    expect(pg.workload).toEqual({
      kind: 'insert-benchmark',
      clients: 1,
      tablePerClient: true,
      rowsInitial: 1000000,
      rowsWrite: 500000,
      querySeconds: 25,
      rates: [100, 500],
      deletePerInsert: true,
      rowsPerCommit: [50, 5],
    });
    const ma = h.byLabel.get('0.2m.ma101119.ccy1')!.run;
    expect(ma.dbms).toMatchObject({
      product: 'mariadb',
      version: '10.11.19',
      engine: 'innodb',
      serverVersion: '10.11.19-MariaDB-0+deb12u1',
    });
    expect(ma.config.settings?.innodb_flush_log_at_trx_commit).toBe('1');
    expect(ma.workload).toMatchObject({ rowsInitial: 200000, rowsWrite: 100000 });
  });

  it('has the eight steps that ran, in order, none failed', () => {
    for (const { run } of h.runs) {
      expect(run.tests.map((t) => t.name)).toEqual(STEPS);
      expect(run.tests.every((t) => t.status === 'ok')).toBe(true);
    }
  });

  it.each(CASES)(
    '$label $step: inserts_per_s and queries_per_s are o.res line 1 fields 7 and 13',
    ({ label, step }) => {
      const line1 = raw(label, `${step}/o.res.dop1`);
      const run = h.byLabel.get(label)!.run;
      expect(resultValue(run, step, 'inserts_per_s')).toBe(Number(sh("awk 'NR==1 { print $7 }'", line1)));
      expect(resultValue(run, step, 'queries_per_s')).toBe(Number(sh("awk 'NR==1 { print $13 }'", line1)));
      expect(resultValue(run, step, 'seconds')).toBe(Number(sh("awk 'NR==1 { print $5 }'", line1)));
    },
  );

  it('stores each o.res fact once: etl.sh columns that reprint one (ips, qps, maxop, p50, p99) are not metrics', () => {
    for (const label of LABELS) {
      const metrics = new Set(h.byLabel.get(label)!.run.results.map((r) => r.metric));
      for (const col of ['ips', 'qps', 'maxop', 'p50', 'p99']) expect(metrics.has(col), `${label} ${col}`).toBe(false);
      for (const m of ['inserts_per_s', 'queries_per_s', 'max_insert_s', 'insert_rate_p50', 'query_rate_p99'])
        expect(metrics.has(m), `${label} ${m}`).toBe(true);
    }
  });

  it.each(CASES)("$label $step: the 21 columns equal the report's o.sum.t cells (ncpu=2)", ({ label, step }) => {
    const m = label.startsWith('1m') ? '1m' : '0.2m';
    const sum = archiveText(ARCHIVE, `ibench/report/sum.${m}.dop1/o.sum.t.${label}`).trim().split('\n');
    const header = sum[0]!.split('\t');
    const cells = sum[1 + STEPS.indexOf(step)]!.split('\t');
    const run = h.byLabel.get(label)!.run;
    const cannotParse = raw(label, `${step}/o.res.dop1`).includes('Cannot parse:');
    header.slice(0, -1).forEach((col, i) => {
      const file = cells[i]!;
      const ours = summaryColumn(run, step, col);
      if (cannotParse && col === 'csps') {
        // etl.sh reads o.res by line number; with ios.sh's "Cannot parse:" the lines shift and its csps holds dbGB.
        expect(file, `${col}`).toBe(sh("awk '/^dbGB/ { print $2 }'", raw(label, `${step}/o.res.dop1`)));
        expect(ours, col).toBeUndefined();
      } else if (file === '' || file === 'NA') {
        expect(ours, col).toBeUndefined();
      } else {
        expect(ours, col).toBe(Number(file));
      }
    });
  });

  it.each(CASES)(
    '$label $step: harness-compatible vmstat/iostat averages reproduce o.res (ios.sh)',
    ({ label, step }) => {
      const { run } = h.byLabel.get(label)!;
      const test = run.tests.find((t) => t.name === step)!;
      expect((run.provenance.notes ?? []).filter((n) => n.includes('differ'))).toEqual([]);
      const res = raw(label, `${step}/o.res.dop1`);
      if (res.includes('Cannot parse:')) {
        expect(test.system!.harness).toEqual({});
        return;
      }
      const nsamp = sh("awk 'NR==5 { print $1 }'", res);
      const vmsamp = sh("awk 'NR==8 { print $1 }'", res);
      expect(test.system!.harness.iostat!.samples).toBe(Number(nsamp));
      expect(test.system!.harness.vmstat!.samples).toBe(Number(vmsamp));
      expect(test.system).toMatchObject({ cpus: 2, cpusSource: 'iostat (N CPU)', intervalSeconds: 5 });
      // The same averages from the raw iostat file with the harness's own grep and awk (ios.sh).
      const io = raw(label, `${step}/o.io.dop1`);
      const rs = sh('grep vda | awk \'{ rs += $2; c += 1 } END { printf "%.1f", rs/c }\'', io);
      expect(test.system!.harness.iostat!.readsPerS.toFixed(1)).toBe(rs);
    },
  );

  it.each(CASES)("$label $step: iostat column averages are sum_iostat.sh's line of o.res", ({ label, step }) => {
    const res = raw(label, `${step}/o.res.dop1`);
    const lines = res.split('\n');
    const at = lines.findIndex((l) => l.startsWith('average values from iostat for vda'));
    const names = lines[at + 1]!.split('\t').filter(Boolean);
    const printed = lines[at + 2]!.split('\t').filter(Boolean);
    const run = h.byLabel.get(label)!.run;
    const ours = run.results.filter((r) => r.test === step && r.metric.startsWith('iostat_'));
    if (printed.length === 0) return expect(ours).toEqual([]);
    expect(ours).toHaveLength(names.length);
    expect(ours.map((r) => sumIostatValue(r.value))).toEqual(printed);
  });

  it.each(CASES.filter((c) => c.step.startsWith('q')))(
    "$label $step: SLA agrees with the report's background insert table (iput.tab)",
    ({ label, step }) => {
      const m = label.startsWith('1m') ? '1m' : '0.2m';
      const iput = archiveText(ARCHIVE, `ibench/report/report.etl.${m}/iput.tab`);
      const dbms = label.slice(m.length + 1);
      const row = new RegExp(`<tr><td>${dbms.replace(/\./g, '\\.')}</td>(.*)</tr>`).exec(iput)![1]!;
      const cells = [...row.matchAll(/<td( id="cmin")?>([^<]*)<\/td>/g)];
      const header = [...iput.matchAll(/<th>([^<]*)<\/th>/g)].map((x) => x[1]).slice(1);
      const cell = cells[header.indexOf(step)]!;
      const test = h.byLabel.get(label)!.run.tests.find((t) => t.name === step)!;
      expect(test.sla).toMatchObject({ targetInsertsPerS: Number(/\d+/.exec(step)![0]), threshold: 0.95 });
      expect(test.sla!.achievedInsertsPerS.toFixed(0)).toBe(cell[2]);
      expect(test.sla!.passed).toBe(cell[1] === undefined);
    },
  );

  it.each(CASES)('$label $step: histograms are the o.rt.c.* rows of client 1 (t1:DBMS)', ({ label, step }) => {
    const test = h.byLabel.get(label)!.run.tests.find((t) => t.name === step)!;
    const files = archiveFiles(ARCHIVE);
    const ops = ['insert', 'delete', 'query'].filter((op) =>
      files.has(`ibench/raw/1u.1tno/${label}/${step}/o.rt.c.${op}`),
    );
    for (const op of ops) {
      const t1 = raw(label, `${step}/o.rt.c.${op}`)
        .split('\n')
        .find((l) => l.endsWith('t1:DBMS'));
      const hist = test.histograms?.find((x) => x.name === op && x.client === 1);
      if (!t1) {
        expect(hist, op).toBeUndefined();
        continue;
      }
      const cells = t1.split(',');
      expect(
        hist!.buckets.map((b) => b.count),
        op,
      ).toEqual(cells.slice(0, 10).map(Number));
      expect(hist!.maxSeconds!.toFixed(3), op).toBe(cells[10]);
    }
  });

  it.each(CASES)('$label $step: the per-second series has every interval line of o.ib', ({ label, step }) => {
    const { series, run } = h.byLabel.get(label)!;
    const ib = raw(label, `${step}/o.ib.dop1.1`);
    const count = Number(sh("awk -F'\\t' 'NF == 17' | grep -v i_ips | wc -l", ib));
    const s = series.tests[step]!.find((x) => x.name === 'iibench.client1')!;
    expect(s.rows).toHaveLength(count);
    expect(s.columns.map((c) => c.name)).toEqual(sh('sed -n 2p', ib).split('\t'));
    expect(s.intervalSeconds).toBe(1);
    expect(run.tests.find((t) => t.name === step)!.series).toContain('iibench.client1');
  });

  it('keeps every raw file of a result directory, with its checksum, and redacts the password', () => {
    const { run, raw: files } = h.byLabel.get('1m.ma101119.ccy1')!;
    const inArchive = [...archiveFiles(ARCHIVE).keys()].filter((p) =>
      p.startsWith('ibench/raw/1u.1tno/1m.ma101119.ccy1/'),
    );
    expect(files.map((f) => f.path).sort()).toEqual(
      inArchive.map((p) => p.slice('ibench/raw/1u.1tno/1m.ma101119.ccy1/'.length)).sort(),
    );
    expect(run.provenance.rawFiles).toHaveLength(files.length);
    expect(run.provenance.commands.length).toBe(8);
    expect(
      run.provenance.commands.every((c) => c.includes('--db_password=***') && !c.includes('--db_password=pw')),
    ).toBe(true);
    expect(run.tests[0]!.params).toMatchObject({
      step_kind: 'load',
      clients: 1,
      max_rows: 1000000,
      rows_per_commit: 100,
      setup: true,
    });
    expect(run.tests[0]!.params).not.toHaveProperty('db_password');
  });

  it('the 0.2m load steps shorter than the 5 s sampling interval are kept and explained, not failed', () => {
    const { run } = h.byLabel.get('0.2m.pg1518.ccy1')!;
    for (const step of ['l.x', 'l.i1', 'l.i2']) {
      const t = run.tests.find((x) => x.name === step)!;
      expect(t.status).toBe('ok');
      expect(resultValue(run, step, 'inserts_per_s')).toBeGreaterThan(0);
      expect(resultValue(run, step, 'cpupq')).toBeUndefined();
      expect(run.provenance.notes!.some((n) => n.startsWith(`${step}: shorter than the 5 s iostat interval`))).toBe(
        true,
      );
    }
    expect(run.provenance.notes!.some((n) => n.startsWith('l.i0:'))).toBe(false);
  });
});

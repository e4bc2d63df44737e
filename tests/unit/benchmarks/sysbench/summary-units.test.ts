// The scan rate's unit in mytools summaries decided from the data (2021-2025 qps.abs in Mrows/s, o.met in rows/s
// before 2024-07), and the tables of one folder that are different experiments kept apart. Constructed files of
// the 2024 shapes (tests/fixtures/PROVENANCE.md), the real 2026 campaigns, and the real feb25 raw directory
// rewritten as 2024's run.sh printed it.
import { describe, expect, it } from 'vitest';
import { importSysbenchSummaries } from '../../../../benchmarks/sysbench/import-summaries.ts';
import { harvestSysbench } from '../../../../benchmarks/sysbench/harvest.ts';
import { loadRawInput } from '../../../../collectors/lib/raw-input.ts';
import { experimentNames } from '../../../../benchmarks/sysbench/summary-experiments.ts';
import { metScanUnit, qpsScanUnit } from '../../../../benchmarks/sysbench/scan-unit.ts';
import { RunSchema } from '../../../../src/schemas/index.ts';
import { FIXTURES, MYTOOLS_FEB25, fixtureText } from '../../../helpers/fixtures.ts';
import { importFixture } from '../../../helpers/import-fixture.ts';

const ARC = 'sysbench-constructed/arc/';
const meta = { date: '2024-02-01', cpus: 8 };
const value = (run: { results: Array<{ test: string; metric: string; value: number }> }, t: string, m: string) =>
  run.results.find((r) => r.test === t && r.metric === m)?.value;
/** The cells of a table's row, by the test it ends with. */
const row = (text: string, test: string) =>
  text
    .split('\n')
    .find((l) => l.endsWith(`\t${test}`))!
    .split('\t');

describe('a 2024 campaign: qps.abs scan in Mrows/s (%.3f), met.<tag>.txt o/s in rows/s', async () => {
  const r = await importFixture([`${ARC}feb24.constructed.pg`], meta);
  const qps = fixtureText(`${ARC}feb24.constructed.pg/qps.abs.pg.tsv`);
  const met = fixtureText(`${ARC}feb24.constructed.pg/met.pg.txt`);

  it('reads the met.<tag>.txt of early 2024 beside its qps.abs (threads from its blocks)', () => {
    expect(r.runs).toHaveLength(2);
    for (const { run } of r.runs) {
      expect(run.workload).toMatchObject({ threads: [1] });
      expect(run.tests.find((t) => t.name === 'scan')?.rawFiles).toEqual(['qps.abs.pg.tsv', 'met.pg.txt']);
      expect(RunSchema.safeParse(run).success).toBe(true);
    }
  });

  it('publishes the scan rate in Krows/s: the Mrows/s cell times 1000, which the rows/s of met confirms', () => {
    const cells = row(qps, 'scan_range=100');
    r.runs.forEach(({ run }, k) => {
      expect(value(run, 'scan', 'scan_krows_per_s')).toBe(Math.round(Number(cells[k]) * 1000));
      const os = Number(
        met
          .split('\n')
          .find((l) => l.endsWith(`\t${run.label}`) && /\t1[0-9]{6}\t/.test(l))!
          .split(/\s+/)
          .at(-2),
      );
      expect(Math.abs(os / 1000 - value(run, 'scan', 'scan_krows_per_s')!)).toBeLessThan(1);
    });
    expect(r.warnings).toEqual([]);
  });

  it('costs of a scan per row become per Krow; other tests keep theirs; a note says what was converted', () => {
    const { run } = r.runs[0]!;
    expect(value(run, 'scan', 'cpu_per_krow')).toBe(0.009);
    expect(value(run, 'scan', 'cpu_us_per_krow')).toBe(0.009 * 8 * 1e4);
    expect(value(run, 'point-query', 'cpu_per_query')).toBe(0.00059);
    expect(value(run, 'point-query', 'qps')).toBe(21840);
    expect(run.provenance.notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^qps\.abs\.pg\.tsv: scan is printed in millions of rows per second/),
        expect.stringMatching(/^met\.pg\.txt: scan o\/s is in rows per second/),
      ]),
    );
  });
});

describe('a late 2024 campaign: eight tables of one folder, one per thread count and prepare setting', async () => {
  const r = await importFixture([`${ARC}dec24.constructed.orioledb`], meta);

  it('tables that disagree are different experiments: their runs are kept apart, named by tag', () => {
    expect(r.runs.map((h) => h.run.label).sort()).toEqual([
      'x.pg172_o2nofp.x10a_c32r128.pk1+pgo.dop1.prep0',
      'x.pg172_o2nofp.x10a_c32r128.pk1+pgo.dop1.prep1',
      'x.pg_oriole_patches17_5_o2nofp.x10a_oriole_c32r128.pk1+pgo.dop1.prep0',
      'x.pg_oriole_patches17_5_o2nofp.x10a_oriole_c32r128.pk1+pgo.dop1.prep1',
    ]);
    for (const tag of ['pgo.dop1.prep0', 'pgo.dop1.prep1']) {
      const qps = fixtureText(`${ARC}dec24.constructed.orioledb/qps.abs.${tag}.tsv`);
      const run = r.byLabel.get(`x.pg172_o2nofp.x10a_c32r128.pk1+${tag}`)!.run;
      expect(value(run, 'hot-points', 'qps')).toBe(Number(row(qps, 'hot-points_range=100')[0]));
      expect(run.dbms).toMatchObject({ product: 'postgres', version: '17.2' });
      const oriole = r.byLabel.get(`x.pg_oriole_patches17_5_o2nofp.x10a_oriole_c32r128.pk1+${tag}`)!.run;
      expect(oriole.dbms).toMatchObject({ product: 'orioledb', version: '17', label: 'oriole_patches17_5' });
      expect(run.tests.every((t) => t.rawFiles!.every((f) => f.includes(tag)))).toBe(true);
      expect(run.provenance.notes).toContainEqual(expect.stringMatching(/^one of 2 experiments of this folder/));
    }
    expect(r.warnings).toEqual([
      expect.stringMatching(
        /^dec24\.constructed\.orioledb: the tables of pgo\.dop1\.prep1 and of pgo\.dop1\.prep0 are different experiments \(hot-points qps of x\.pg172_o2nofp\.x10a_c32r128\.pk1: 7161 /,
      ),
    ]);
  });

  it('o.met o/s in Krows/s (after 2024-07) agrees with the Mrows/s of qps.abs: no warning, nothing kept wrong', () => {
    const run = r.byLabel.get('x.pg172_o2nofp.x10a_c32r128.pk1+pgo.dop1.prep0')!.run;
    expect(value(run, 'scan', 'scan_krows_per_s')).toBe(451);
    expect(value(run, 'scan', 'cpu_per_krow')).toBe(0.036871);
    expect(run.provenance.notes ?? []).not.toContainEqual(expect.stringContaining('o/s is in rows'));
  });
});

describe('a scan cell whose unit cannot be decided is left out, saying why', () => {
  const enc = new TextEncoder();
  const folder = (files: Record<string, string>) =>
    Object.entries(files).map(([path, text]) => ({ path, data: enc.encode(text), origin: path }));
  const qps = fixtureText(`${ARC}feb24.constructed.pg/qps.abs.pg.tsv`);
  const met = fixtureText(`${ARC}feb24.constructed.pg/met.pg.txt`);
  const imp = (files: Record<string, string>) =>
    importSysbenchSummaries('x', '', folder(files), { meta: { ...meta, sysbench: { threads: [1] } } });

  it('a row printed neither %.3f nor %.0f', () => {
    const r = imp({ 'qps.abs.pg.tsv': qps.replace('1.458\t1.593', '1458.2\t1593.1') });
    expect(r.runs.map(({ run }) => value(run, 'scan', 'scan_krows_per_s'))).toEqual([undefined, undefined]);
    expect(r.warnings[0]).toMatch(
      /^qps\.abs\.pg\.tsv:6: scan of x\.pg1217_def\.x9a2_bee\.pk1 is printed "1458\.2" in a row printed neither %\.3f \(Mrows\/s\) nor %\.0f \(Krows\/s\): its unit cannot be decided, so it is left out$/,
    );
  });

  it('the 0 the harness printed for a scan it did not run', () => {
    const r = imp({ 'qps.abs.pg.tsv': qps.replace('1.458\t1.593', '0\t1.593') });
    expect(r.runs.map(({ run }) => value(run, 'scan', 'scan_krows_per_s'))).toEqual([undefined, 1593]);
    expect(r.warnings[0]).toMatch(
      /: scan of x\.pg1217_def\.x9a2_bee\.pk1 is 0: the harness prints 0 for a scan it did not run/,
    );
  });

  it('an o.met scan o/s with no qps.abs scan rate to decide its unit', () => {
    const r = imp({ 'met.pg.txt': met });
    for (const { run } of r.runs) {
      expect(value(run, 'scan', 'scan_krows_per_s')).toBeUndefined();
      expect(value(run, 'scan', 'cpu_per_krow')).toBeUndefined();
      expect(value(run, 'point-query', 'qps')).toBeGreaterThan(0);
    }
    expect(r.warnings.filter((w) => w.includes('cannot be decided'))).toHaveLength(2);
  });
});

describe('the decisions themselves', () => {
  it('qpsScanUnit reads the printing of a row; metScanUnit the power of 1000 between two rates', () => {
    expect(qpsScanUnit(['1.310', '0', '1.593'])).toBe('Mrows/s');
    expect(qpsScanUnit(['6649', '5577'])).toBe('Krows/s');
    expect(qpsScanUnit(['6649', '1.593'])).toBeUndefined();
    expect(metScanUnit(1310301, 1310, 'Mrows/s')).toBe('rows/s');
    expect(metScanUnit(451, 451, 'Mrows/s')).toBe('Krows/s');
    expect(metScanUnit(6625, 6625, 'Krows/s')).toBe('Krows/s');
    expect(metScanUnit(446, 349, 'Mrows/s')).toBeUndefined();
  });

  it('experiments are named by the start their tags share, else by their first tag', () => {
    expect(
      experimentNames([
        { tags: ['cached.all.dop1', 'cached.pg18.dop1'], runs: new Map() },
        { tags: ['io.all.dop1', 'io.dop1', 'io.pg18.dop1'], runs: new Map() },
      ]),
    ).toEqual(['cached', 'io']);
    expect(
      experimentNames([
        { tags: ['pgo.dop1.prep0'], runs: new Map() },
        { tags: ['pgo.dop1.prep1'], runs: new Map() },
      ]),
    ).toEqual(['pgo.dop1.prep0', 'pgo.dop1.prep1']);
  });
});

describe('a raw mytools directory as 2024 run.sh wrote it (the real feb25 one, its scan rewritten)', async () => {
  // sb.r.qps.scan printed %.3f in Mrows/s; sb.met.scan's o/s in rows/s and its costs per row (an.sh's %.6f).
  const real = await loadRawInput(FIXTURES + MYTOOLS_FEB25);
  const text = (p: string) => new TextDecoder().decode(real.entries.find((e) => e.path === p)!.data);
  const rewrite = (p: string, t: string) => ({ path: p, data: new TextEncoder().encode(t), origin: p });
  const rqps = text('sb.r.qps.scan.range100.pk1').replace(
    /^(\d+)\t/,
    (_, v: string) => `${(Number(v) / 1000).toFixed(3)}\t`,
  );
  const met = text('sb.met.scan.range100.pk1.dop40')
    .replace(/\t97900$/m, '\t97900000')
    .replace(/(\t[\d.]+\t)0\.000806$/m, (_, a: string) => `${a}0.000001`);
  const entries = real.entries.map((e) =>
    e.path === 'sb.r.qps.scan.range100.pk1'
      ? rewrite(e.path, rqps)
      : e.path === 'sb.met.scan.range100.pk1.dop40'
        ? rewrite(e.path, met)
        : e,
  );
  const was = harvestSysbench(real).runs[0]!.run;
  const run = harvestSysbench({ ...real, entries }).runs[0]!.run;

  it('reads the Mrows/s of sb.r.qps as Krows/s, and the rows/s of sb.met as Krows/s', () => {
    expect(rqps).toMatch(/^97\.900\t/);
    expect(value(run, 'scan', 'scan_krows_per_s')).toBe(97900);
    expect(value(run, 'scan', 'scan_krows_per_s')).toBe(value(was, 'scan', 'scan_krows_per_s'));
    expect(run.tests.find((t) => t.name === 'scan')!.system?.opsPerS).toBe(97900);
    // Only sb.met is kept for scan: its cost per row, as printed, per Krow.
    expect(value(was, 'scan', 'cpu_per_krow')).toBe(0.000806);
    expect(value(run, 'scan', 'cpu_per_krow')).toBe(0.001);
    expect(run.provenance.notes).toEqual(
      expect.arrayContaining([
        'scan: sb.r.qps is printed in millions of rows per second (%.3f, as run.sh did from 2021 to 2025-03): converted to Krows/s',
        "scan: sb.met's o/s is in rows per second (as run.sh printed it until 2024-07): its costs are converted to per Krow",
      ]),
    );
  });
});

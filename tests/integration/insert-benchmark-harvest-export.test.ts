// The Insert Benchmark "done when", as a new user runs it: harvest the real ibench archive and the 2021 summary
// tables with the CLI, validate what was written, and export: inserts_per_s / queries_per_s of every step equal
// the values in that step's o.res file (printed %.0f, o.sum.t's ips and qps), and the other etl.sh columns equal the
// harness's o.sum.t.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchsite } from '../helpers/cli.ts';
import { FIXTURES, archiveText } from '../helpers/fixtures.ts';
import { sh } from '../helpers/awk.ts';
import { ROOT } from '../helpers/build-site.ts';
import { printfFixed } from '../../src/lib/c-printf.ts';

const ARCHIVE = 'realruns/ibench.tar.gz';
const LABELS = ['0.2m.ma101119.ccy1', '0.2m.pg1518.ccy1', '1m.ma101119.ccy1', '1m.pg1518.ccy1'];
const STEPS = ['l.i0', 'l.x', 'l.i1', 'l.i2', 'qr100.L1', 'qp100.L2', 'qr500.L3', 'qp500.L4'];

function csvRows(csv: string) {
  const [head, ...lines] = csv.trim().split('\n');
  const cols = head!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i]!, v])));
}

describe('benchsite harvest / validate / export on the Insert Benchmark fixtures', () => {
  const out = mkdtempSync(join(tmpdir(), 'benchsite-ibench-'));

  it('harvests the four result directories of the archive, saying why the 0.2m load steps have no system metrics', () => {
    const r = benchsite(['harvest', `${FIXTURES}${ARCHIVE}`, '--out', out, '--meta', `${ROOT}content/meta/vm.yaml`]);
    expect(r.code, r.stderr).toBe(0);
    for (const label of LABELS)
      expect(r.stdout).toMatch(
        new RegExp(
          `wrote\\s+\\S*insert-benchmark/vm/20261122-${label.replace(/\./g, '\\.')}/run\\.json  \\(8 tests\\)`,
        ),
      );
    expect(r.stdout).toContain('note: l.x: shorter than the 5 s iostat interval');
    expect(r.stdout).toContain('4 run(s) harvested');
    expect(r.stderr).toMatch(/file\(s\) are not part of any run/);
  });

  it('harvesting again changes nothing, and validate passes', () => {
    const again = benchsite([
      'harvest',
      `${FIXTURES}${ARCHIVE}`,
      '--out',
      out,
      '--meta',
      `${ROOT}content/meta/vm.yaml`,
    ]);
    expect(again.stdout.match(/^unchanged /gm)).toHaveLength(4);
    const v = benchsite(['validate', out]);
    expect(v.code, v.stdout).toBe(0);
    expect(v.stdout.trim()).toBe('4 run(s) valid');
  });

  it("export: inserts_per_s and queries_per_s of every step are its o.res values, printed as o.sum.t's ips/qps; cpupq is o.sum.t's", () => {
    const r = benchsite(['export', '--runs', out, '--benchmark', 'insert-benchmark', '--format', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    const rows = csvRows(r.stdout);
    const get = (label: string, step: string, metric: string) =>
      rows.find((x) => x.run === `insert-benchmark/vm/20261122-${label}` && x.test === step && x.metric === metric);
    let checked = 0;
    for (const label of LABELS) {
      const m = label.startsWith('1m') ? '1m' : '0.2m';
      const sum = archiveText(ARCHIVE, `ibench/report/sum.${m}.dop1/o.sum.t.${label}`).split('\n');
      for (const [i, step] of STEPS.entries()) {
        const res = archiveText(ARCHIVE, `ibench/raw/1u.1tno/${label}/${step}/o.res.dop1`);
        const ips = get(label, step, 'inserts_per_s')!;
        expect(Number(ips.value), `${label} ${step}`).toBe(Number(sh("awk 'NR==1 { print $7 }'", res)));
        expect(ips).toMatchObject({
          benchmark: 'insert-benchmark',
          host: 'vm',
          config: 'cy1',
          unit: step === 'l.x' ? 'indexed rows/s' : 'inserts/s',
        });
        expect(Number(get(label, step, 'queries_per_s')!.value), `${label} ${step}`).toBe(
          Number(sh("awk 'NR==1 { print $13 }'", res)),
        );
        const cells = sum[1 + i]!.split('\t');
        // etl.sh's ips and qps are those rates printed %.0f; one fact is one metric, so no ips or qps rows.
        expect(printfFixed(Number(ips.value), 0)).toBe(cells[0]);
        expect(printfFixed(Number(get(label, step, 'queries_per_s')!.value), 0)).toBe(cells[1]);
        expect(get(label, step, 'ips')).toBeUndefined();
        expect(get(label, step, 'qps')).toBeUndefined();
        if (cells[13])
          expect(Number(get(label, step, 'cpupq')!.value), `${label} ${step} cpupq`).toBe(Number(cells[13]));
        else expect(get(label, step, 'cpupq'), `${label} ${step} cpupq`).toBeUndefined();
        checked++;
      }
    }
    expect(checked).toBe(32);
    expect(rows.find((x) => x.metric === 'inserts_per_s')).toMatchObject({ product: 'mariadb', version: '10.11.19' });
  });

  it("harvests the 2021 summary tables (o.sum.t, mrg) into one run per DBMS, with the tables' values", () => {
    const out2 = mkdtempSync(join(tmpdir(), 'benchsite-ibench2021-'));
    const meta = join(out2, 'meta.yaml');
    writeFileSync(meta, 'host: { name: nuc }\ndate: 2021-01-21\n');
    const r = benchsite(['harvest', `${FIXTURES}mytools/bench/results/ibench.jan2021`, '--out', out2, '--meta', meta]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('9 run(s) harvested');
    expect(r.stdout).toMatch(/wrote\s+\S*insert-benchmark\/nuc\/20210121-100m\.pg131\.cx5\/run\.json {2}\(15 tests\)/);
    expect(r.stdout).toMatch(/wrote\s+\S*insert-benchmark\/nuc\/20210121-100m\.pg1110\.cx5\/run\.json {2}\(5 tests\)/);
    expect(benchsite(['validate', out2]).code).toBe(0);
    const rows = csvRows(benchsite(['export', '--runs', out2]).stdout);
    const pg = (step: string, metric: string) =>
      rows.find(
        (x) => x.run === 'insert-benchmark/nuc/20210121-100m.pg131.cx5' && x.test === step && x.metric === metric,
      )?.value;
    // o.sum.t.100m.pg131.cx5, lines 2 and 15 (l.i0 and q1000.2).
    expect(pg('l.i0', 'inserts_per_s')).toBe('106724');
    expect(pg('q1000.2', 'queries_per_s')).toBe('7675');
    expect(pg('q1000.2', 'cpupq')).toBe('150');
    expect(
      rows.find((x) => x.run!.endsWith('100m.pg1110.cx5') && x.test === 'q100.1' && x.metric === 'queries_per_s')
        ?.value,
    ).toBe('7289');
  });
});

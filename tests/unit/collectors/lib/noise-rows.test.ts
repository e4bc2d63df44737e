import { describe, expect, it } from 'vitest';
import { noiseRows } from '../../../../collectors/lib/noise-rows.ts';
import { batchMeansInterval } from '../../../../src/engine/noise.ts';
import { harvestFixture } from '../../../helpers/harvest-fixture.ts';

const sysbench = await harvestFixture('realruns/sysbench.tar.gz');
const ibench = await harvestFixture('realruns/ibench.tar.gz');
const hammerdb = await harvestFixture('realruns/hammerdb.tar.gz');

const value = (rows: { test: string; metric: string; value: number }[], test: string, metric: string) =>
  rows.find((r) => r.test === test && r.metric === metric)?.value;

describe('noise rows of harvested runs', () => {
  it('sysbench: qps_ci95_low/high around qps, as wide as the batch means interval of the --report-interval qps', () => {
    const h = sysbench.byLabel.get('x.pg1518.cy1.pk1')!;
    const rows = noiseRows(h.run, h.series);
    const tested = Object.entries(h.series.tests).filter(([, s]) => {
      const q = s.find((x) => x.name === 'sysbench');
      return q && q.rows.length >= 10;
    });
    expect(tested.length).toBeGreaterThan(0);
    for (const [test, s] of tested) {
      const q = s.find((x) => x.name === 'sysbench')!;
      const j = q.columns.findIndex((c) => c.name === 'qps');
      const ci = batchMeansInterval(q.rows.map((r) => r[j]!))!;
      const qps = value(h.run.results, test, 'qps')!;
      const low = value(rows, test, 'qps_ci95_low')!;
      const high = value(rows, test, 'qps_ci95_high')!;
      expect(low).toBeLessThan(qps);
      expect(high).toBeGreaterThan(qps);
      expect(high - low).toBeCloseTo(ci.high - ci.low, 6);
      expect(value(rows, test, 'qps_ci95_batches')).toBe(10);
      expect(rows.find((r) => r.metric === 'qps_ci95_low')!.unit).toBe('queries/s');
    }
    // A test with fewer than ten interval lines gets no interval.
    for (const [test, s] of Object.entries(h.series.tests)) {
      const q = s.find((x) => x.name === 'sysbench');
      if (q && q.rows.length < 10) expect(value(rows, test, 'qps_ci95_low')).toBeUndefined();
    }
  });

  it('insert benchmark: inserts_per_s for the load steps, queries_per_s for the query steps', () => {
    const h = ibench.runs.find((r) => r.run.label.startsWith('1m.pg1518'))!;
    const rows = noiseRows(h.run, h.series);
    expect(value(rows, 'l.i1', 'inserts_per_s_ci95_low')).toBeLessThan(value(h.run.results, 'l.i1', 'inserts_per_s')!);
    expect(value(rows, 'qr100.L1', 'queries_per_s_ci95_high')).toBeGreaterThan(
      value(h.run.results, 'qr100.L1', 'queries_per_s')!,
    );
    // l.x prints one interval line: no interval.
    expect(value(rows, 'l.x', 'inserts_per_s_ci95_low')).toBeUndefined();
  });

  it('hammerdb: nopm from the measured samples of the transaction counter, scaled by nopm/tpm', () => {
    const withNopm = hammerdb.runs.filter((r) => r.run.results.some((x) => x.metric === 'nopm'));
    expect(withNopm.length).toBeGreaterThan(0);
    let found = 0;
    for (const h of withNopm) {
      for (const r of noiseRows(h.run, h.series)) {
        if (r.metric !== 'nopm_ci95_low') continue;
        found++;
        const nopm = value(h.run.results, r.test, 'nopm')!;
        const high = value(noiseRows(h.run, h.series), r.test, 'nopm_ci95_high')!;
        expect(r.value).toBeLessThan(nopm);
        expect(nopm - r.value).toBeCloseTo(high - nopm, 6);
      }
    }
    expect(found).toBeGreaterThan(0);
  });

  it('adds nothing a second time', () => {
    const h = sysbench.byLabel.get('x.pg1518.cy1.pk1')!;
    const run = { ...h.run, results: [...h.run.results, ...noiseRows(h.run, h.series)] };
    expect(noiseRows(run, h.series)).toEqual([]);
  });
});

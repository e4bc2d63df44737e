// A cell: value, base value, relative value, its text, its verdict and its interval, from one metric's format.
import { describe, expect, it } from 'vitest';
import { compareCell } from '../../../../src/engine/cell.ts';
import { metricOf } from '../../../../src/engine/descriptor.ts';
import { findDescriptor } from '../../../../benchmarks/index.ts';
import { THRESHOLDS } from '../../../../src/engine/verdict.ts';
import { data } from './helpers.ts';

const sysbench = findDescriptor('sysbench')!;
const ibench = findDescriptor('insert-benchmark')!;
const qps = { metric: metricOf(sysbench, 'qps'), thresholds: THRESHOLDS };

describe('compareCell', () => {
  it('divides, prints with the metric, and judges the printed text', () => {
    const cell = compareCell(data('a', { t: { qps: 1045 } }), 't', data('b', { t: { qps: 1000 } }), qps);
    expect(cell).toMatchObject({ value: 1045, baseValue: 1000, relative: 1.045, text: '1.04', verdict: 'neutral' });
    expect(cell.valueText).toBe('1045');
    const up = compareCell(data('a', { t: { qps: 1051 } }), 't', data('b', { t: { qps: 1000 } }), qps);
    expect([up.text, up.verdict]).toEqual(['1.05', 'improvement']);
  });
  it('costs are judged the other way round', () => {
    const m = { metric: metricOf(sysbench, 'cpu_per_query'), thresholds: THRESHOLDS };
    const cell = compareCell(
      data('a', { t: { cpu_per_query: 0.0011 } }),
      't',
      data('b', { t: { cpu_per_query: 0.001 } }),
      m,
    );
    expect([cell.text, cell.verdict]).toEqual(['1.10', 'regression']);
  });
  it('the interval of the ratio from both runs exported intervals; within noise when it holds 1', () => {
    const a = data('a', { t: { qps: 1100, qps_ci95_low: 1000, qps_ci95_high: 1200, qps_ci95_batches: 10 } });
    const b = data('b', { t: { qps: 1000, qps_ci95_low: 990, qps_ci95_high: 1010, qps_ci95_batches: 10 } });
    const cell = compareCell(a, 't', b, qps);
    expect(cell.interval!.low).toBeLessThan(1);
    expect(cell.interval!.high).toBeGreaterThan(1.1);
    expect(cell.withinNoise).toBe(true);
    expect(cell.verdict).toBe('improvement'); // the colour is the printed value's; the page mutes it
    expect(compareCell(a, 't', data('c', { t: { qps: 1000 } }), qps).interval).toBeUndefined();
  });
  it('relativeOnly: the same relative value and text, without verdict or interval', () => {
    const a = data('a', { t: { qps: 1100, qps_ci95_low: 1000, qps_ci95_high: 1200, qps_ci95_batches: 10 } });
    const b = data('b', { t: { qps: 1000, qps_ci95_low: 990, qps_ci95_high: 1010, qps_ci95_batches: 10 } });
    const full = compareCell(a, 't', b, qps);
    const cell = compareCell(a, 't', b, { ...qps, relativeOnly: true });
    expect([cell.relative, cell.text]).toEqual([full.relative, full.text]);
    expect([cell.verdict, cell.interval, cell.withinNoise]).toEqual(['neutral', undefined, undefined]);
  });
  it("a post's printed relative value when the runs have no absolute ones", () => {
    const run = data('a', {}, { published: { b: { t: 0.947 } } });
    const cell = compareCell(run, 't', data('b', {}), qps);
    expect(cell).toMatchObject({ relative: 0.947, text: '0.95', published: true, verdict: 'regression' });
    expect(cell.interval).toBeUndefined();
  });
  it("the Insert Benchmark divides the integers it prints, with sum_met.awk's NA, 1 and inf", () => {
    const m = { metric: metricOf(ibench, 'inserts_per_s'), thresholds: THRESHOLDS };
    const cell = compareCell(
      data('a', { 'l.i1': { inserts_per_s: 6666.6 } }),
      'l.i1',
      data('b', { 'l.i1': { inserts_per_s: 3333.4 } }),
      m,
    );
    // 6667 / 3333 as printed, not 6666.6 / 3333.4
    expect(cell).toMatchObject({ value: 6667, baseValue: 3333, valueText: '6667', text: '2.00' });
    expect(cell.relative).toBe(6667 / 3333);
    const text = (v: number | undefined, b: number | undefined) =>
      compareCell(
        data('a', v === undefined ? {} : { s: { inserts_per_s: v } }),
        's',
        data('b', b === undefined ? {} : { s: { inserts_per_s: b } }),
        m,
      ).text;
    expect([text(5, undefined), text(0, 0), text(5, 0), text(undefined, 5)]).toEqual(['NA', '1', 'inf', '']);
  });
  it("the base's own cell is 1 with no verdict or interval; a failed test keeps its error", () => {
    const run = data('a', { t: { qps: 500, qps_ci95_low: 490, qps_ci95_high: 510, qps_ci95_batches: 10 } });
    const base = compareCell(run, 't', run, { ...qps, isBase: true });
    expect(base).toMatchObject({ text: '1.00', verdict: 'neutral' });
    expect(base.interval).toBeUndefined();
    const failed = compareCell(data('a', {}, { failed: { t: 'timeout' } }), 't', run, qps);
    expect(failed).toMatchObject({ failed: 'timeout', text: '' });
  });
  it("a report's decimals override the metric's", () => {
    const cell = compareCell(data('a', { t: { qps: 1034.5 } }), 't', data('b', { t: { qps: 1000 } }), {
      ...qps,
      digits: 3,
    });
    expect(cell.text).toBe('1.034');
  });
});

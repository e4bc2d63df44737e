// One summary algorithm: basis points of the printed values, one column and one group at a time.
import { describe, expect, it } from 'vitest';
import { summarizeCells, summarizeTable, summaryText } from '../../../../src/engine/summary.ts';
import { compareTable } from '../../../../src/engine/table.ts';
import { findDescriptor } from '../../../../benchmarks/index.ts';
import { THRESHOLDS } from '../../../../src/engine/verdict.ts';
import { data } from './helpers.ts';

const cells = (xs: Array<[string, string]>) => xs.map(([test, text]) => ({ test, cell: { text } }));

describe('summaries in the words of the posts', () => {
  it('the largest and the median regression, then improvement, in basis points', () => {
    const s = summarizeCells(
      '9.7.0',
      'point',
      cells([
        ['point-query', '0.62'],
        ['hot-points', '0.73'],
        ['points-covered-pk', '0.81'],
        ['random-points_range=10', '1.02'],
      ]),
    );
    expect(summaryText(s, 'rQPS')).toBe(
      'the largest regression is an rQPS drop of 38 basis points for point-query; the median regression is 27 basis points; the largest improvement is an rQPS gain of 2 basis points for random-points_range=10',
    );
    expect(s.medianBp).toBe(-23);
    expect(summaryText(summarizeCells('x', 'writes', cells([['l.i0', '3.63']])), 'relative throughput')).toBe(
      'the largest improvement is a relative throughput gain of 263 basis points for l.i0',
    );
    expect(summaryText(summarizeCells('x', 'all', cells([['t', '1.00']])), 'rQPS')).toBe('no change in rQPS on 1 test');
  });
  it('a run at 1045 QPS against 1000 prints 1.04 and is summarised as +4 basis points, not +5', () => {
    const t = compareTable(
      {
        descriptor: findDescriptor('sysbench')!,
        columns: [
          { key: 'b', run: 'b', label: 'b' },
          { key: 'a', run: 'a', label: 'a' },
        ],
        rows: ['point-query'],
        thresholds: THRESHOLDS,
      },
      (id) => (id === 'a' ? data('a', { 'point-query': { qps: 1045 } }) : data('b', { 'point-query': { qps: 1000 } })),
    );
    const [s] = summarizeTable(t);
    expect(s!.largestImprovement).toEqual({ test: 'point-query', bp: 4 });
    expect(t.rows[0]!.cells[1]!.verdict).toBe('neutral');
  });
  it('never pools groups: one summary per column and group, and reads apart from writes', () => {
    const t = compareTable(
      {
        descriptor: findDescriptor('insert-benchmark')!,
        columns: [
          { key: 'b', run: 'b', label: 'b' },
          { key: 'a', run: 'a', label: 'a' },
        ],
        rows: ['l.i0', 'l.i1', 'qr100.L1', 'qp100.L2'],
        thresholds: THRESHOLDS,
      },
      (id) =>
        id === 'a'
          ? data('a', {}, { published: { b: { 'l.i0': 6.83, 'l.i1': 2.1, 'qr100.L1': 1.01, 'qp100.L2': 0.99 } } })
          : data('b', {}),
    );
    const s = summarizeTable(t);
    expect(s.map((x) => [x.group, x.count, x.medianBp])).toEqual([
      ['writes', 2, (583 + 110) / 2],
      ['queries', 2, 0],
    ]);
  });
  it('for costs a rise is the regression', () => {
    const s = summarizeCells(
      'x',
      'cpu',
      cells([
        ['t', '1.10'],
        ['u', '0.90'],
      ]),
      'lower',
    );
    expect(s.largestRegression).toEqual({ test: 't', bp: 10 });
    expect(s.largestImprovement).toEqual({ test: 'u', bp: -10 });
  });
});

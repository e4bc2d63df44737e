import { describe, expect, it } from 'vitest';
import { describeChart } from '../../../../src/charts/describe.ts';
import { relativeBarsSpec } from '../../../../src/charts/relative-bars.ts';
import { historyTimeSpec } from '../../../../src/charts/history-time.ts';
import { ibenchRatePerSecondSpec } from '../../../../benchmarks/insert-benchmark/report/rate-chart.ts';
import { sparklinesSvg } from '../../../../src/charts/sparklines.ts';

describe('what a chart shows, in words', () => {
  it('a chart of relative values: its axes, its runs, where its lowest and highest values are, the base line', () => {
    const bars = [
      { test: 'delete', run: 'z12c', relative: 1.06 },
      { test: 'delete', run: 'z12b_sync', relative: 0.01 },
      { test: 'insert', run: 'z12c', relative: 1.05 },
      { test: 'insert', run: 'z12b_sync', relative: 0.012 },
    ];
    const spec = relativeBarsSpec(bars, {
      title: 'rQPS',
      baseLabel: 'z12b',
      thresholds: { regression: 0.95, improvement: 1.05 },
      valueTitle: 'rQPS',
    });
    expect(describeChart(spec)).toBe(
      'Bar chart of rQPS by test (2: delete, insert), one bar per run: z12c, z12b_sync. Lowest 0.01 (delete, z12b_sync), highest 1.06 (delete, z12c). A dashed line marks 1.',
    );
  });

  it('a chart over time names its first and last date and its series', () => {
    const spec = historyTimeSpec(
      [
        { run: 'a', date: '2026-01-02', series: '17.10', test: 'a', relative: 1 },
        { run: 'b', date: '2026-06-09', series: '19beta1', test: 'a', relative: 0.9 },
      ],
      [],
      { baseLabel: 'postgres 17.10' },
    );
    expect(describeChart(spec)).toBe(
      'Dot chart of relative over date of the run, from 2026-01-02 to 2026-06-09, one colour per version: 17.10, 19beta1. Lowest 0.90 (19beta1, 2026-06-09), highest 1.00 (17.10, 2026-01-02). A dashed line marks 1.',
    );
  });

  it('panels of rates: how many, by what, and the largest rate', () => {
    const spec = ibenchRatePerSecondSpec(
      [
        { run: 'pg', step: 'l.i0', t: 1, value: 1500 },
        { run: 'ma', step: 'l.i0', t: 1, value: 900.4 },
        { run: 'pg', step: 'qr100', t: 1, value: 80 },
      ] as never,
      {
        steps: [
          { name: 'l.i0', title: 'l.i0 inserts' },
          { name: 'qr100', title: 'qr100 queries' },
        ],
        runs: ['pg', 'ma'],
      },
    );
    expect(describeChart(spec)).toBe(
      'Line chart of per second over seconds, one line per run: pg, ma, in 2 panels by panel, each on its own scale. Lowest 80 (qr100 queries, pg), highest 1500 (l.i0 inserts, pg).',
    );
  });

  it('the run pages’ small charts say which tests they hold and their highest value', () => {
    const svg = sparklinesSvg(
      [
        {
          title: 'point-query',
          points: [
            [0, 100],
            [1, 12500],
          ],
        },
        { title: 'scan', points: [[0, 5]] },
      ],
      { title: 'QPS over time', unit: 'queries/s' },
    );
    expect(svg).toContain(
      'aria-label="QPS over time. Line charts of queries/s over seconds from the start, one per test (2: point-query, scan), each from 0 to its own maximum; the highest value is 13k queries/s (point-query)."',
    );
  });
});

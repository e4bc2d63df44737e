// The compare view's bar chart has a value axis: round ticks from 0 past the largest value, their numbers
// drawn top and bottom with grid lines, bars in proportion to them, and a dashed line at 1.
import { describe, expect, it } from 'vitest';
import { axisTicks, compareBarsSvg } from '../../../../src/charts/compare-bars.ts';

describe('compare view chart', () => {
  it('ticks: 3 to 8 round steps from 0 to at least the largest value', () => {
    expect(axisTicks(1.2)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1, 1.2]);
    expect(axisTicks(2.47)).toEqual([0, 0.5, 1, 1.5, 2, 2.5]);
    expect(axisTicks(3)).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3]);
    for (const max of [1.2, 1.33, 1.9, 2.2, 2.99, 3]) {
      const t = axisTicks(max);
      expect(t.at(-1)!).toBeGreaterThanOrEqual(max);
      expect(t.length).toBeGreaterThanOrEqual(3);
      expect(t.length).toBeLessThanOrEqual(8);
    }
  });

  it('draws a value axis, the base line at 1 and each bar to its value', () => {
    const svg = compareBarsSvg(
      [
        {
          test: 'point-query',
          cells: [
            { relative: 0.5, text: '0.50' },
            { relative: 2, text: '2.00' },
          ],
        },
        { test: '<scan>', cells: [{ text: '' }, { relative: 1.5, text: '1.50', withinNoise: true }] },
      ],
      ['a', 'b'],
      'base',
    );
    const labels = [...svg.matchAll(/<text [^>]*>([\d.]+)<\/text>/g)].map((m) => m[1]);
    // Top and bottom: 0 to 2 by 0.5.
    expect(labels).toEqual(['0', '0', '0.5', '0.5', '1', '1', '1.5', '1.5', '2', '2']);
    expect(svg).toContain('relative to base (1 = the base)');
    const x = (v: string) => Number(new RegExp(`<line x1="([\\d.]+)"[^>]*/><text [^>]*>${v}</text>`).exec(svg)![1]);
    const widths = [...svg.matchAll(/<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"/g)].map(
      (m) => Number(m[1]) + Number(m[2]),
    );
    // Bar ends at their values on the axis (0.5, 2, 1.5), within a pixel.
    expect(widths[0]).toBeCloseTo(x('0.5'), 0);
    expect(widths[1]).toBeCloseTo(x('2'), 0);
    expect(widths[2]).toBeCloseTo(x('1.5'), 0);
    expect(svg).toContain('stroke-dasharray="4 3"');
    // Test names are text, escaped.
    expect(svg).toContain('&lt;scan&gt;');
    expect(svg).toMatch(
      /aria-label="Bar chart of values relative to base by test \(2\), one bar per run: a, b; lowest 0.50, highest 2.00/,
    );
  });

  it('draws nothing without a value', () => {
    expect(compareBarsSvg([{ test: 't', cells: [{ text: '' }] }], ['a'], 'base')).toBe('');
  });
});

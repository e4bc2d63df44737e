// Printed relative cells of the mytools summaries against other / base, as their awk printf prints them.
import { describe, expect, it } from 'vitest';
import { decimalsOf, printedRatio, ratioAgrees } from '../../../../collectors/lib/printed-ratio.ts';

describe('printed ratios', () => {
  it('prints at the precision of the printed cell, ties to even as C printf', () => {
    expect(decimalsOf('0.95')).toBe(2);
    expect(decimalsOf('1')).toBe(0);
    expect(printedRatio('0.00', 15617, 24734)).toBe('0.63');
    expect(printedRatio('0.000', 33740, 33781)).toBe('0.999');
    expect(printedRatio('0.00', 1, 8)).toBe('0.12'); // 0.125 -> 0.12, as glibc prints it
  });
  it('uses the summaries’ zero conventions: 1 when both are 0, inf when only the base is', () => {
    expect(ratioAgrees('1', 0, 0)).toBe(true);
    expect(ratioAgrees('inf', 3, 0)).toBe(true);
    expect(ratioAgrees('0.00', 0, 0.003)).toBe(true);
    expect(ratioAgrees('1.00', 2, 1)).toBe(false);
  });
});

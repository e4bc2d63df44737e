// One printing function per kind of number: relative values as C printf (the harness's awk), absolute values by
// the metric's digits or the site's general format, basis points of the printed value.
import { describe, expect, it } from 'vitest';
import {
  formatBp,
  formatGeneral,
  formatInterval,
  formatRelative,
  formatValue,
  printedBasisPoints,
} from '../../../../src/engine/format.ts';

describe('formatRelative', () => {
  it('prints as C printf: an exact tie goes to the even digit, anything else to the nearest', () => {
    expect(formatRelative(0.125, 2)).toBe('0.12'); // exactly 1/8: glibc keeps the even neighbour
    expect(formatRelative(0.375, 2)).toBe('0.38');
    // 1045 / 1000 is 1.04499999999999992894... in binary: printf prints 1.04, not 1.05
    expect(formatRelative(1045 / 1000, 2)).toBe('1.04');
    expect(formatRelative(1.0345, 3)).toBe('1.034');
    expect(formatRelative(2, 2)).toBe('2.00');
  });
});

describe('formatValue', () => {
  it('general format: integers from 100, two decimals from 1, three significant digits below', () => {
    expect(formatGeneral(12345.67)).toBe('12346');
    expect(formatGeneral(-250.5)).toBe('-250');
    expect(formatGeneral(5.555)).toBe('5.55');
    expect(formatGeneral(0.012345)).toBe('0.0123');
    expect(formatGeneral(0)).toBe('0');
    expect(formatGeneral(undefined)).toBe('');
  });
  it("a metric's own digits print as printf (the Insert Benchmark's integers)", () => {
    expect(formatValue(6666.6, { valueDigits: 0 })).toBe('6667');
    expect(formatValue(96.1, { valueDigits: 0 })).toBe('96');
    expect(formatValue(2.5, { valueDigits: 0 })).toBe('2'); // a tie: even
    expect(formatValue(96.1, {})).toBe('96.10');
    expect(formatValue(undefined, { valueDigits: 0 })).toBe('');
  });
});

describe('basis points', () => {
  it('of the printed value, so a summary says what its table shows', () => {
    expect(printedBasisPoints('1.07')).toBe(7);
    expect(printedBasisPoints('0.62')).toBe(-38);
    expect(printedBasisPoints('1.035')).toBe(3.5);
    expect(printedBasisPoints('NA')).toBeUndefined();
    expect(printedBasisPoints('')).toBeUndefined();
    expect([formatBp(4.5), formatBp(-12.2), formatBp(0.4)]).toEqual(['+5', '\u221212', '0']);
  });
  it('intervals at three decimals, infinite ends as ∞', () => {
    expect(formatInterval({ low: 0.95123, high: 1.0119 })).toBe('0.951 to 1.012');
    expect(formatInterval({ low: -Infinity, high: Infinity })).toBe('-∞ to ∞');
  });
});

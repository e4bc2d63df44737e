import { describe, expect, it } from 'vitest';
import { printfFixed } from '../../../../src/lib/c-printf.ts';

/** The implementation before the quick check: the exact expansion of every value. */
function exactPrintf(value: number, digits: number): string {
  const fixed = value.toFixed(digits);
  const exact = Math.abs(value).toFixed(Math.min(100, digits + 60));
  const tail = exact.slice(exact.indexOf('.') + 1 + digits);
  if (!/^50*$/.test(tail)) return fixed;
  const down = (Math.abs(value) - 0.5 * 10 ** -digits) * (value < 0 ? -1 : 1);
  const downText = down.toFixed(digits);
  return Number(downText.replace(/[^0-9]/g, '').slice(-1)) % 2 === 0 ? downText : fixed;
}

describe('printfFixed', () => {
  it('rounds exact ties to even, as glibc printf does', () => {
    expect(printfFixed(0.125, 2)).toBe('0.12');
    expect(printfFixed(0.375, 2)).toBe('0.38');
    expect(printfFixed(-0.125, 2)).toBe('-0.12');
    expect(printfFixed(2.5, 0)).toBe('2');
    expect(printfFixed(3.5, 0)).toBe('4');
    expect(printfFixed(1.0625, 3)).toBe('1.062');
  });

  it('rounds what only looks like a tie as toFixed does', () => {
    // 1.005 is 1.00499999999999989... in binary, 0.015 is 0.01499999999999999944...
    expect(printfFixed(1.005, 2)).toBe('1.00');
    expect(printfFixed(0.015, 2)).toBe('0.01');
    expect(printfFixed(1.2345, 2)).toBe('1.23');
  });

  it('prints every value as the exact expansion does: near ties, large, tiny and random values', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const values: number[] = [0, -0, 1e-12, 123456789.5, 2 ** 53, 1e21, 4503599627370495.5];
    for (let i = 0; i < 20_000; i++) {
      const digits = i % 4;
      const near = (Math.floor(random() * 1e6) + 0.5) / 10 ** digits;
      values.push(near, -near, near * (1 + 1e-15), near + 1e-9, random() * 10 ** (i % 12), random() - 0.5);
    }
    for (const v of values)
      for (const digits of [0, 1, 2, 3, 6])
        expect(printfFixed(v, digits), `${v} %.${digits}f`).toBe(exactPrintf(v, digits));
  });
});

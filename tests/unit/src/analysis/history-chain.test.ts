// Relative values through posts' tables: a printed value as it is, its inverse, and chains through the runs
// between, each with the range the rounding of its factors allows.
import { describe, expect, it } from 'vitest';
import { chainedRelative, isPrecise, printedByTest } from '../../../../src/analysis/history-chain.ts';

const h = 0.005;

describe('chained relative values', () => {
  it('a printed value is its own chain of one step; its inverse is the other way', () => {
    const printed = [{ run: 'a', base: 'r', value: 1.03 }];
    expect(chainedRelative(printed, 'a', 'r', h)).toEqual({
      value: 1.03,
      steps: [{ run: 'a', base: 'r', value: 1.03, inverted: false }],
      low: expect.closeTo(1.025, 12),
      high: expect.closeTo(1.035, 12),
    });
    const back = chainedRelative(printed, 'r', 'a', h)!;
    expect(back.value).toBeCloseTo(1 / 1.03, 12);
    expect(back.steps[0]!.inverted).toBe(true);
    expect(back.low).toBeCloseTo(1 / 1.035, 12);
    expect(back.high).toBeCloseTo(1 / 1.025, 12);
  });

  it('two runs relative to one base: the quotient of their printed values, with its range', () => {
    // 19beta1 and 18.4 against 17.10 (the 2026-06-09 post): 19beta1 against 18.4.
    const printed = [
      { run: '18.4', base: '17.10', value: 1.01 },
      { run: '19beta1', base: '17.10', value: 1.03 },
    ];
    const c = chainedRelative(printed, '19beta1', '18.4', h)!;
    expect(c.value).toBeCloseTo(1.03 / 1.01, 12);
    expect(c.steps.map((s) => [s.run, s.base, s.inverted])).toEqual([
      ['19beta1', '17.10', false],
      ['18.4', '17.10', true],
    ]);
    expect(c.low).toBeCloseTo(1.025 / 1.015, 12);
    expect(c.high).toBeCloseTo(1.035 / 1.005, 12);
    expect(isPrecise(c)).toBe(true);
  });

  it('a ladder of tables, each against the one before, chains through every step; a direct table wins', () => {
    const printed = [
      { run: '5.7', base: '5.6', value: 0.9 },
      { run: '8.0', base: '5.7', value: 0.8 },
      { run: '8.4', base: '8.0', value: 0.95 },
      { run: '9.7', base: '5.6', value: 0.7 },
      { run: '9.7', base: '8.4', value: 1.02 },
    ];
    const c = chainedRelative(printed, '8.0', '5.6', h)!;
    expect(c.steps.map((s) => s.run)).toEqual(['8.0', '5.7']);
    expect(c.value).toBeCloseTo(0.8 * 0.9, 12);
    // The fewest factors (the least rounding): 8.4 against 5.6 through 9.7, not through 8.0 and 5.7.
    const short = chainedRelative(printed, '8.4', '5.6', h)!;
    expect(short.steps.map((s) => [s.run, s.base, s.inverted])).toEqual([
      ['9.7', '8.4', true],
      ['9.7', '5.6', false],
    ]);
    expect(short.value).toBeCloseTo(0.7 / 1.02, 12);
    expect(chainedRelative(printed, '9.7', '5.6', h)).toMatchObject({ value: 0.7, steps: [{ inverted: false }] });
    expect(chainedRelative(printed, '9.7', 'other', h)).toBeUndefined();
  });

  it('a chain through a value printed as 0.01 is known only as a wide range; through 0.00 not at all', () => {
    const c = chainedRelative(
      [
        { run: 'z12c', base: 'z12b', value: 1.06 },
        { run: 'sync', base: 'z12b', value: 0.01 },
      ],
      'z12c',
      'sync',
      h,
    )!;
    expect(c.value).toBeCloseTo(106, 9);
    expect(c.low).toBeCloseTo(1.055 / 0.015, 9);
    expect(c.high).toBeCloseTo(1.065 / 0.005, 9);
    expect(isPrecise(c)).toBe(false);
    const zero = chainedRelative(
      [
        { run: 'a', base: 'r', value: 1 },
        { run: 'b', base: 'r', value: 0 },
      ],
      'a',
      'b',
      h,
    );
    expect(zero).toBeUndefined();
  });

  it('the printed values of runs by test, only against bases among them', () => {
    const byTest = printedByTest([
      { id: 'r' },
      {
        id: 'a',
        relative: [
          { baseRun: 'r', values: [['scan', 1.1]] },
          { baseRun: 'elsewhere', values: [['scan', 2]] },
        ],
      },
    ]);
    expect([...byTest]).toEqual([['scan', [{ run: 'a', base: 'r', value: 1.1 }]]]);
  });
});

// The verdict is decided on the printed number: green from 1.05 as printed, red from 0.95 as printed, the other
// way round where lower is better.
import { describe, expect, it } from 'vitest';
import { THRESHOLDS, verdictMark, verdictOf } from '../../../../src/engine/verdict.ts';
import { formatRelative } from '../../../../src/engine/format.ts';

describe('verdictOf', () => {
  it('judges the text the table prints, never the unrounded value', () => {
    // 1045 QPS against 1000 prints 1.04: neutral (Math.round(104.5) would have said 1.05, an improvement)
    expect(verdictOf(formatRelative(1045 / 1000, 2), 'higher', THRESHOLDS)).toBe('neutral');
    expect(verdictOf(formatRelative(1.0451, 2), 'higher', THRESHOLDS)).toBe('improvement');
    expect(['0.94', '0.95', '0.96', '1.04', '1.05', '1.06'].map((t) => verdictOf(t, 'higher', THRESHOLDS))).toEqual([
      'regression',
      'regression',
      'neutral',
      'neutral',
      'improvement',
      'improvement',
    ]);
  });
  it('lower is better for costs: more CPU per query than the base is the regression', () => {
    expect(verdictOf('1.05', 'lower', THRESHOLDS)).toBe('regression');
    expect(verdictOf('0.95', 'lower', THRESHOLDS)).toBe('improvement');
    expect(verdictOf('1.00', 'lower', THRESHOLDS)).toBe('neutral');
  });
  it("a report's own thresholds, and texts without a number are neutral", () => {
    expect(verdictOf('0.97', 'higher', { regression: 0.97, improvement: 1.03 })).toBe('regression');
    for (const t of ['', 'NA', 'inf']) expect(verdictOf(t, 'higher', THRESHOLDS)).toBe('neutral');
  });
  it('marks a verdict without colour: ▲ improvement, ▼ regression, nothing for neutral', () => {
    expect(verdictMark('improvement')).toEqual({ symbol: '▲', words: 'improvement' });
    expect(verdictMark('regression')).toEqual({ symbol: '▼', words: 'regression' });
    expect(verdictMark('neutral')).toBeUndefined();
  });
});

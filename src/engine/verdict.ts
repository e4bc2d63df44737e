// Whether a relative value is a regression, an improvement or neither: decided on the value as printed, so a
// cell's colour always agrees with its number (the posts' rule: green from 1.05 as printed, red from 0.95 as
// printed). Every table, sentence, the compare view, the diff comment and history use this one rule.
export { THRESHOLDS, type Thresholds } from '../schemas/thresholds.ts';

export type Verdict = 'regression' | 'improvement' | 'neutral';

/** Which way is better for a metric: throughput `higher`, costs (CPU or IO per query) `lower`. */
export type Direction = 'higher' | 'lower';

/**
 * The verdict of a relative value printed as `text` (`0.95`, `1.05`; `NA`, `inf` or '' are neutral): at or below
 * the regression threshold it is worse than the base, at or above the improvement threshold better, for a metric
 * where lower is better the other way round.
 */
export function verdictOf(text: string, direction: Direction, t: { regression: number; improvement: number }): Verdict {
  const shown = Number(text);
  if (text === '' || !Number.isFinite(shown)) return 'neutral';
  if (shown <= t.regression) return direction === 'higher' ? 'regression' : 'improvement';
  if (shown >= t.improvement) return direction === 'higher' ? 'improvement' : 'regression';
  return 'neutral';
}

/** The non-colour marker of a verdict: ▲ better, ▼ worse, none for neutral (issue 25: never by colour alone). */
export function verdictMark(v: Verdict): { symbol: string; words: string } | undefined {
  if (v === 'improvement') return { symbol: '\u25b2', words: 'improvement' };
  if (v === 'regression') return { symbol: '\u25bc', words: 'regression' };
  return undefined;
}

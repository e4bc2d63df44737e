// Whether a relative value is a regression, an improvement or neither: the one rule every table, the diff
// comment and the compare view (whose script imports this module; Astro bundles it) colour cells by.
export { THRESHOLDS, type Thresholds } from '../schemas/thresholds.ts';

export type Verdict = 'regression' | 'improvement' | 'neutral';

/**
 * Colour class of a relative value: at or below the regression threshold, at or above the improvement
 * threshold, or between. For costs (`lowerIsBetter`, e.g. CPU per query) the two ends swap meaning. `strict`:
 * strictly below or above (the yellow-blue colours of the older posts, which leave a value at a threshold grey).
 */
export function verdict(
  relative: number | undefined,
  t: { regression: number; improvement: number },
  lowerIsBetter = false,
  digits = 2,
  strict = false,
): Verdict {
  if (relative === undefined) return 'neutral';
  // Compare at the decimals the tables print (two by default), so a cell showing 0.95 is coloured as 0.95.
  const shown = Math.round(relative * 10 ** digits) / 10 ** digits;
  if (strict ? shown < t.regression : shown <= t.regression) return lowerIsBetter ? 'improvement' : 'regression';
  if (strict ? shown > t.improvement : shown >= t.improvement) return lowerIsBetter ? 'regression' : 'improvement';
  return 'neutral';
}

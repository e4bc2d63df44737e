// The posts' thresholds: a relative value at or below 0.95 is a regression, at or above 1.05 an improvement.
// Here, with no dependency, so that the report schema's defaults and the browser's compare script share them.

export interface Thresholds {
  regression: number;
  improvement: number;
}

export const THRESHOLDS: Readonly<Thresholds> = { regression: 0.95, improvement: 1.05 };

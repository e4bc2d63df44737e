import { describe, expect, it } from 'vitest';
import {
  batchMeansInterval,
  bisectT,
  centredOn,
  estimateFromInterval,
  normalQuantile,
  ratioInterval,
  repeatSpread,
  tQuantile,
  withinNoise,
} from '../../../../src/engine/noise.ts';
import { random } from '../../../../bench/random.ts';

/** A seeded generator, so every run of the test draws the same series. */
const rng = random;

/** Standard normal draws by Box–Muller. */
function normals(seed: number) {
  const u = rng(seed);
  return () => Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u());
}

/**
 * AR(1) around `mean`: x[t] - mean = phi (x[t-1] - mean) + e[t], e ~ N(0, sigma^2), started in its stationary
 * distribution, so the true mean of every window is `mean` and the lag-k autocorrelation is phi^k.
 */
function ar1(n: number, mean: number, phi: number, sigma: number, z: () => number): number[] {
  const xs: number[] = [];
  let x = (z() * sigma) / Math.sqrt(1 - phi * phi);
  for (let i = 0; i < n; i++) {
    xs.push(mean + x);
    x = phi * x + sigma * z();
  }
  return xs;
}

const REPLICATIONS = 2000;
// Binomial standard error of a 95 % coverage over 2000 replications is 0.005: the tolerance is 4 of them.
const TOLERANCE = 0.02;

function coverage(n: number, phi: number, seed: number): number {
  const z = normals(seed);
  let hits = 0;
  for (let r = 0; r < REPLICATIONS; r++) {
    const ci = batchMeansInterval(ar1(n, 1000, phi, 50, z))!;
    if (ci.low <= 1000 && ci.high >= 1000) hits++;
  }
  return hits / REPLICATIONS;
}

describe('Student t and normal quantiles', () => {
  it('match the printed tables', () => {
    expect(tQuantile(0.975, 1)).toBeCloseTo(12.7062, 3);
    expect(tQuantile(0.975, 9)).toBeCloseTo(2.262157, 5);
    expect(tQuantile(0.975, 30)).toBeCloseTo(2.042272, 5);
    expect(tQuantile(0.025, 9)).toBeCloseTo(-2.262157, 5);
    expect(tQuantile(0.975, Infinity)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.995)).toBeCloseTo(2.575829, 5);
    expect(() => tQuantile(0.975, 0)).toThrow(RangeError);
  });

  it('are the plain bisection’s numbers to the last bit, the CDF evaluated only where the guess cannot tell', () => {
    // Every interval the site prints rests on these numbers: the guess (Newton's method) may only spare work.
    const u = rng(26);
    const dfs = [
      ...Array.from({ length: 300 }, (_, i) => i + 1),
      ...Array.from({ length: 6000 }, (_, i) => 1 + u() * (i % 3 === 0 ? 10 : i % 3 === 1 ? 1000 : 1e6)),
      ...Array.from({ length: 300 }, () => 0.1 + u() * 0.9),
    ];
    for (const p of [0.975, 0.95, 0.995, 0.6, 0.999999])
      for (const df of dfs) expect(Object.is(tQuantile(p, df), bisectT(p, df)), `${p}, ${df}`).toBe(true);
  });
});

describe('batch means interval of an autocorrelated series', () => {
  it('covers the true mean of independent intervals 95 % of the time (10 intervals, batches of one)', () => {
    expect(Math.abs(coverage(10, 0, 1) - 0.95)).toBeLessThan(TOLERANCE);
  });

  it('covers the true mean of AR(1) phi = 0.5 (600 one-second intervals) 95 % of the time', () => {
    expect(Math.abs(coverage(600, 0.5, 2) - 0.95)).toBeLessThan(TOLERANCE);
  });

  it('covers the true mean of AR(1) phi = 0.9 (an hour of one-second intervals) 95 % of the time', () => {
    expect(Math.abs(coverage(3600, 0.9, 3) - 0.95)).toBeLessThan(TOLERANCE);
  });

  it('is needed: the naive interval of the intervals themselves misses most of the time at phi = 0.9', () => {
    const z = normals(4);
    let hits = 0;
    for (let r = 0; r < 500; r++) {
      const xs = ar1(600, 1000, 0.9, 50, z);
      // Batches of one interval: the standard error of independent values.
      const ci = batchMeansInterval(xs, xs.length)!;
      if (ci.low <= 1000 && ci.high >= 1000) hits++;
    }
    expect(hits / 500).toBeLessThan(0.6);
  });

  it('has the width theory gives for AR(1): variance of the mean sigma^2/((1-phi)^2 n)', () => {
    const z = normals(5);
    const n = 100_000;
    const ci = batchMeansInterval(ar1(n, 1000, 0.8, 50, z))!;
    const trueSe = 50 / (1 - 0.8) / Math.sqrt(n);
    // One estimate from 10 batches: its standard error is within a factor of 1.7 of the truth 95 % of the time.
    expect(ci.se / trueSe).toBeGreaterThan(0.55);
    expect(ci.se / trueSe).toBeLessThan(1.7);
    expect(ci.batches).toBe(10);
    expect(ci.batchSize).toBe(10_000);
  });

  it('leaves out the earliest intervals that do not fill a batch, and nulls', () => {
    const xs = [1e9, 1e9, 1e9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, null, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19];
    const ci = batchMeansInterval(xs)!;
    expect(ci.dropped).toBe(3);
    expect(ci.batchSize).toBe(2);
    expect(ci.mean).toBeCloseTo(14.5, 10);
    expect(ci.low).toBeLessThan(14.5);
    expect(ci.high).toBeGreaterThan(14.5);
  });

  it('gives no interval below ten values, and a point for a constant series', () => {
    expect(batchMeansInterval([1, 2, 3, 4, 5, 6, 7, 8, 9])).toBeUndefined();
    const c = batchMeansInterval(Array(20).fill(5))!;
    expect([c.low, c.high]).toEqual([5, 5]);
  });
});

describe('intervals carried through exports and ratios', () => {
  it('an exported interval gives back its standard error', () => {
    const ci = batchMeansInterval(ar1(600, 1000, 0.5, 50, normals(6)))!;
    const shifted = centredOn(990, ci);
    expect(shifted.high - shifted.low).toBeCloseTo(ci.high - ci.low, 9);
    const back = estimateFromInterval(990, shifted.low, shifted.high, ci.batches)!;
    expect(back.se).toBeCloseTo(ci.se, 9);
    expect(back.df).toBe(9);
  });

  it("Fieller's interval of a ratio of two AR(1) means covers the true ratio 95 % of the time", () => {
    const z = normals(7);
    let hits = 0;
    for (let r = 0; r < REPLICATIONS; r++) {
      const a = batchMeansInterval(ar1(600, 900, 0.5, 60, z))!;
      const b = batchMeansInterval(ar1(600, 1000, 0.5, 60, z))!;
      const q = ratioInterval(a, b)!;
      if (q.low <= 0.9 && q.high >= 0.9) hits++;
    }
    expect(Math.abs(hits / REPLICATIONS - 0.95)).toBeLessThan(TOLERANCE);
  });

  it('is unbounded when the base interval includes 0, a point without noise', () => {
    expect(ratioInterval({ mean: 1, se: 0.1, df: 9 }, { mean: 1, se: 1, df: 9 })).toEqual({
      ratio: 1,
      low: -Infinity,
      high: Infinity,
    });
    expect(ratioInterval({ mean: 2, se: 0, df: 9 }, { mean: 4, se: 0, df: 9 })).toEqual({
      ratio: 0.5,
      low: 0.5,
      high: 0.5,
    });
    expect(ratioInterval({ mean: 2, se: 0, df: 9 }, { mean: 0, se: 0, df: 9 })).toBeUndefined();
  });

  it('within noise means the interval includes 1', () => {
    expect(withinNoise({ low: 0.97, high: 1.01 })).toBe(true);
    expect(withinNoise({ low: 0.9, high: 0.99 })).toBe(false);
    expect(withinNoise(undefined)).toBe(false);
  });
});

describe('spread between repeats', () => {
  it('mean, standard deviation, range and t interval', () => {
    const s = repeatSpread([100, 104, 96])!;
    expect(s.n).toBe(3);
    expect(s.mean).toBe(100);
    expect(s.sd).toBeCloseTo(4, 10);
    expect([s.min, s.max]).toEqual([96, 104]);
    // t(0.975, 2) = 4.302653
    expect(s.high - s.mean).toBeCloseTo((4.302653 * 4) / Math.sqrt(3), 4);
    expect(repeatSpread([100])).toBeUndefined();
  });
});

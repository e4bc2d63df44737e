// Noise of a throughput figure, measured from the run's own interval series, and the intervals of values built
// from it (relative values, repeats). Pure functions; every page and export that says "within noise" uses them.
//
// Within one run: a 95 % confidence interval of the mean by non-overlapping batch means (Schmeiser, "Batch size
// effects in the analysis of simulation output", Operations Research 30(3), 1982; Law & Kelton, "Simulation
// Modeling and Analysis", 3rd ed., 2000, section 9.5.3). Per-second throughput is autocorrelated (a checkpoint
// slows several seconds in a row), so the plain standard error of the intervals would be too small. The series
// is cut into k = 10 equal batches of consecutive intervals (10 to 30 batches is the range both references
// recommend; 10 keeps the batches as long as possible for a short test, so that their means are close to
// independent); the earliest intervals that do not fill a batch are left out, as they are the most affected by
// warm-up. The batch means are treated as independent and normal: mean ± t(0.975, k-1) · s/√k. With fewer
// than 20 intervals a batch is one interval and the interval cannot see autocorrelation; below 10 intervals
// there is no interval at all.
//
// Relative values (ratio of two means): Fieller's interval for a ratio of independent estimates (Fieller,
// "Some problems in interval estimation", J. R. Stat. Soc. B 16, 1954), with Welch–Satterthwaite degrees of
// freedom on the relative variances. Unbounded when the base's own interval reaches 0.
//
// Between runs: the spread of repeats (mean, standard deviation, t interval of the mean) when a run was repeated.
// What none of this sees: run-to-run variance (a fresh start, another data layout, another day) when there is a
// single run; only repeats measure that.

/** Batches the interval series is cut into. */
const NOISE_BATCHES = 10;
const NOISE_LEVEL = 0.95;

/** A mean with its standard error and degrees of freedom, the input of the derived intervals. */
export interface Estimate {
  mean: number;
  se: number;
  df: number;
}

export interface Interval {
  low: number;
  high: number;
}

export interface BatchMeansInterval extends Estimate, Interval {
  /** Number of batches (k) and intervals per batch (m); `dropped` leading intervals did not fill a batch. */
  batches: number;
  batchSize: number;
  dropped: number;
  /** Lag-1 autocorrelation of the batch means: near 0 when the batches are long enough. */
  lag1: number;
}

/** The 95 % interval of the mean of `values` by batch means, or undefined with fewer than 10 values. */
export function batchMeansInterval(
  values: readonly (number | null | undefined)[],
  batches = NOISE_BATCHES,
): BatchMeansInterval | undefined {
  const xs = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (xs.length < batches || batches < 2) return undefined;
  const m = Math.floor(xs.length / batches);
  const dropped = xs.length - m * batches;
  const means: number[] = [];
  for (let b = 0; b < batches; b++) {
    let s = 0;
    for (let i = 0; i < m; i++) s += xs[dropped + b * m + i]!;
    means.push(s / m);
  }
  const mean = means.reduce((a, b) => a + b, 0) / batches;
  const ss = means.reduce((a, b) => a + (b - mean) ** 2, 0);
  const se = Math.sqrt(ss / (batches - 1) / batches);
  let lagSum = 0;
  for (let b = 1; b < batches; b++) lagSum += (means[b]! - mean) * (means[b - 1]! - mean);
  const df = batches - 1;
  const half = tQuantile(0.5 + NOISE_LEVEL / 2, df) * se;
  return {
    mean,
    se,
    df,
    low: mean - half,
    high: mean + half,
    batches,
    batchSize: m,
    dropped,
    lag1: ss > 0 ? lagSum / ss : 0,
  };
}

/** An interval of the same width centred elsewhere: the exported interval is centred on the run's own figure. */
export function centredOn(value: number, e: Estimate): Interval {
  const half = tQuantile(0.5 + NOISE_LEVEL / 2, e.df) * e.se;
  return { low: value - half, high: value + half };
}

/** Back from an exported interval (`<metric>_ci95_low/high`, `_ci95_batches`) to the estimate it came from. */
export function estimateFromInterval(value: number, low: number, high: number, batches: number): Estimate | undefined {
  if (!(batches >= 2) || !(high >= low)) return undefined;
  const df = batches - 1;
  return { mean: value, se: (high - low) / 2 / tQuantile(0.5 + NOISE_LEVEL / 2, df), df };
}

/**
 * Fieller's 95 % interval of a.mean / b.mean for independent estimates. `low`/`high` are infinite when the
 * base's interval includes 0 (the ratio is then unbounded); undefined when b.mean is 0.
 */
export function ratioInterval(a: Estimate, b: Estimate): (Interval & { ratio: number }) | undefined {
  if (b.mean === 0) return undefined;
  const ratio = a.mean / b.mean;
  const va = a.mean === 0 ? 0 : (a.se / a.mean) ** 2;
  const vb = (b.se / b.mean) ** 2;
  // Welch–Satterthwaite on the relative variances; exact zero variance on both sides gives a point.
  const df = va + vb === 0 ? Infinity : (va + vb) ** 2 / ((va * va) / a.df + (vb * vb) / b.df);
  const t = tQuantile(0.5 + NOISE_LEVEL / 2, df);
  const g = (t * t * b.se * b.se) / (b.mean * b.mean);
  if (g >= 1) return { ratio, low: -Infinity, high: Infinity };
  const root = (t / Math.abs(b.mean)) * Math.sqrt(a.se * a.se * (1 - g) + ratio * ratio * b.se * b.se);
  const low = (ratio - root) / (1 - g);
  const high = (ratio + root) / (1 - g);
  return { ratio, low: Math.min(low, high), high: Math.max(low, high) };
}

/** A relative value is within noise when its interval includes 1 (no measurable difference). */
export function withinNoise(i: Interval | undefined): boolean {
  return !!i && i.low <= 1 && i.high >= 1;
}

export interface RepeatSpread extends Interval {
  n: number;
  mean: number;
  sd: number;
  min: number;
  max: number;
}

/** Spread between repeats of one figure: their mean, standard deviation, range and t interval of the mean. */
export function repeatSpread(values: readonly number[]): RepeatSpread | undefined {
  const xs = values.filter(Number.isFinite);
  const n = xs.length;
  if (n < 2) return undefined;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
  const half = (tQuantile(0.5 + NOISE_LEVEL / 2, n - 1) * sd) / Math.sqrt(n);
  return { n, mean, sd, min: Math.min(...xs), max: Math.max(...xs), low: mean - half, high: mean + half };
}

// --- Student's t distribution -----------------------------------------------------------------------------

const tCache = new Map<string, number>();

/** The p-quantile of Student's t with `df` degrees of freedom (df may be fractional or Infinity). */
export function tQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1) || !(df > 0)) throw new RangeError(`tQuantile(${p}, ${df}) is not defined`);
  if (p === 0.5) return 0;
  if (p < 0.5) return -tQuantile(1 - p, df);
  if (!Number.isFinite(df) || df > 1e7) return normalQuantile(p);
  const key = `${p}:${df}`;
  const hit = tCache.get(key);
  if (hit !== undefined) return hit;
  const q = bisectT(p, df, df >= 1 ? newtonT(p, df) : undefined);
  if (tCache.size > 10_000) tCache.clear();
  tCache.set(key, q);
  return q;
}

/**
 * Bisection on the CDF: monotone, and 100 halvings of [0, hi] reach double precision. Its result is in every
 * interval the site prints, so it stays this bisection; `guess` (the quantile to about 1e-13, newtonT) only
 * spares evaluating the CDF at points the guess places on one side for sure: outside a window of ±1e-10 of the
 * guess whose edges are checked, by a margin far above the CDF's rounding, to lie on either side of p. The
 * halvings then take the same steps and end at the same number (tests/unit/src/engine/noise.test.ts).
 */
export function bisectT(p: number, df: number, guess?: number): number {
  let low = -Infinity;
  let high = Infinity;
  if (guess !== undefined && Number.isFinite(guess) && guess > 0) {
    const d = guess * 1e-12;
    if (tCdf(guess - d, df) < p - 1e-14 && tCdf(guess + d, df) > p + 1e-14) [low, high] = [guess - d, guess + d];
  }
  const below = (x: number) => (x < low ? true : x > high ? false : tCdf(x, df) < p);
  let lo = 0;
  let hi = 1;
  while (below(hi)) hi *= 2;
  for (let i = 0; i < 100 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (below(mid)) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The p-quantile of Student's t (p > 0.5, df >= 1) by Newton's method from the Cornish-Fisher expansion. */
function newtonT(p: number, df: number): number {
  const z = normalQuantile(p);
  let q = z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df * df);
  const logNorm = logGamma((df + 1) / 2) - logGamma(df / 2) - 0.5 * Math.log(df * Math.PI);
  for (let i = 0; i < 4; i++) {
    const density = Math.exp(logNorm - ((df + 1) / 2) * Math.log1p((q * q) / df));
    q -= (tCdf(q, df) - p) / density;
  }
  return q;
}

/** P(T <= t) for Student's t with `df` degrees of freedom. */
function tCdf(t: number, df: number): number {
  const x = df / (df + t * t);
  const tail = 0.5 * regularizedBeta(x, df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/** The p-quantile of the standard normal (Acklam's rational approximation, refined by one Newton step). */
export function normalQuantile(p: number): number {
  const a = [
    -39.6968302866538, 220.946098424521, -275.928510446969, 138.357751867269, -30.6647980661472, 2.50662827745924,
  ];
  const b = [-54.4760987982241, 161.585836858041, -155.698979859887, 66.8013118877197, -13.2806815528857];
  const c = [
    -0.00778489400243029, -0.322396458041136, -2.40075827716184, -2.54973253934373, 4.37466414146497, 2.93816398269878,
  ];
  const d = [0.00778469570904146, 0.32246712907004, 2.445134137143, 3.75440866190742];
  const lowP = 0.02425;
  let x: number;
  if (p < lowP) {
    const q = Math.sqrt(-2 * Math.log(p));
    x =
      (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
      ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  } else if (p > 1 - lowP) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x =
      -(((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
      ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  } else {
    const q = p - 0.5;
    const r = q * q;
    x =
      ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
      (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
  }
  const e = 0.5 * erfc(-x / Math.SQRT2) - p;
  return x - e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
}

function erfc(x: number): number {
  // Numerical Recipes' erfcc: fractional error below 1.2e-7, plenty for one Newton step.
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

function logGamma(x: number): number {
  // Lanczos approximation (g = 7, n = 9).
  const g = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let s = g[0]!;
  for (let i = 1; i < 9; i++) s += g[i]! / (x + i);
  const t = x + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(s);
}

/** The regularized incomplete beta function I_x(a, b) (continued fraction, modified Lentz). */
function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  // The fraction converges fast for x < (a+1)/(a+b+2); use the symmetry otherwise.
  if (x > (a + 1) / (a + b + 2)) return 1 - regularizedBeta(1 - x, b, a);
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let f = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    f *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return (front * f) / a;
}

// --- Exported intervals -----------------------------------------------------------------------------------

/** The export names of a figure's interval: `qps` → `qps_ci95_low`, `qps_ci95_high`, `qps_ci95_batches`. */
export function noiseMetricNames(metric: string) {
  return { low: `${metric}_ci95_low`, high: `${metric}_ci95_high`, batches: `${metric}_ci95_batches` };
}

/** The estimate behind a figure, from its exported interval rows; undefined when it has none. */
export function estimateOf(
  value: number,
  has: (metric: string) => number | undefined,
  metric: string,
): Estimate | undefined {
  const n = noiseMetricNames(metric);
  const low = has(n.low);
  const high = has(n.high);
  const batches = has(n.batches);
  if (low === undefined || high === undefined || batches === undefined) return undefined;
  return estimateFromInterval(value, low, high, batches);
}

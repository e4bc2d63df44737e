// The last check of every run before it is written (harvest, import, run), whatever the benchmark: numbers no
// measurement can give (not finite, a negative rate or time, a percentage over 101 other than iostat's %util, a
// rate above a billion per second, a 95th percentile above the maximum by more than a histogram bucket, a post's
// relative value over 1000) come from damaged input. Such a number is never published: it is left out and its
// test is marked failed with what was wrong and where to look. Series values that are not numbers become null
// (the tool printed nothing readable there).
import { WorkloadSchema } from '../../src/schemas/workload.ts';
import type { HarvestedRun } from './harvested.ts';

/** No database server does more operations than this per second. */
const MAX_RATE_PER_S = 1e9;

/**
 * The largest percentage a measurement prints: vmstat rounds us and sy each to a whole number, so their sum, the
 * CPU busy share, prints 101 on a saturated host (`64 37 0`).
 */
const MAX_PCT = 101;

/**
 * iostat's %util (the result metric and the summary's utilPct) is busy time over elapsed time as the kernel
 * counts it (io_ticks, approximated since Linux 5.0): iostat prints more than 100 for busy and idle disks alike
 * (sysstat/sysstat#412, #187), sysstat does not cap it, and the harness averages what it printed. A value over
 * 101 is what the tool printed, not damage, and stays as printed.
 */
const UTIL_METRICS = /^(iostat_util_pct|utilPct)$/;

/** Metrics that may be negative: lower ends of intervals and differences. */
const MAY_BE_NEGATIVE = /(_ci95_low|_delta|_change|_diff)$/;

/** Why a value cannot have been measured, or undefined when it can. */
export function impossible(metric: string, unit: string, value: number): string | undefined {
  if (!Number.isFinite(value)) return 'is not a number';
  if (value < 0 && !MAY_BE_NEGATIVE.test(metric)) return 'is negative';
  const u = unit.toLowerCase();
  // vmstat's us/sy/id/wa and iostat's %rrqm and %wrqm are shares of 100; %util is the kernel's estimate
  // (UTIL_METRICS); CPU seconds per operation are no percentage.
  if (u === '%' && value > MAX_PCT && !UTIL_METRICS.test(metric)) return `is a percentage over ${MAX_PCT}`;
  if (/\/\s*s(ec)?$/.test(u) && value > MAX_RATE_PER_S) return `is more than ${MAX_RATE_PER_S} per second`;
  if (/\/\s*min$/.test(u) && value > MAX_RATE_PER_S * 60) return `is more than ${MAX_RATE_PER_S} per second`;
  if (value > MAX_ANY) return `is more than ${MAX_ANY.toExponential()}`;
  return undefined;
}

/** Longer labels come from damaged input (no harness names a build with more). */
const MAX_LABEL = 1000;

/** Nothing a benchmark measures (bytes of a database included) comes near this. */
const MAX_ANY = 1e15;

/** No build is this many times faster or slower than another on one test: a larger ratio is a typo or damage. */
const MAX_RELATIVE = 1000;

/** Why a value of a relative table (a ratio to its base, as a post prints it) cannot be one. */
function impossibleRelative(value: number): string | undefined {
  if (!Number.isFinite(value)) return 'is not a number';
  if (value < 0) return 'is negative';
  if (value > MAX_RELATIVE) return `is more than ${MAX_RELATIVE} times its base`;
  return undefined;
}

/** Impossible numbers in a test's vmstat/iostat averages, as `harness.vmstat.cpuPct is negative (-3)`. */
function impossibleSystem(value: unknown, path: string, out: string[]): void {
  if (typeof value === 'number') {
    const key = path.slice(path.lastIndexOf('.') + 1);
    const why = !Number.isFinite(value)
      ? 'is not a number'
      : value < 0
        ? 'is negative'
        : key.endsWith('Pct') && value > MAX_PCT && !UTIL_METRICS.test(key)
          ? `is a percentage over ${MAX_PCT}`
          : key === 'samples' && !Number.isInteger(value)
            ? 'is not a count'
            : value > MAX_ANY
              ? `is more than ${MAX_ANY.toExponential()}`
              : undefined;
    if (why) out.push(`${path} ${why} (${value})`);
  } else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) impossibleSystem(v, path ? `${path}.${k}` : k, out);
}

/** Orders a time's statistics must keep: min <= avg <= max and p50 <= p95 <= p99 <= max (same unit; see below). */
const ORDERS = [
  ['min', 'avg', 'max'],
  ['p50', 'p95', 'p99', 'max'],
];
const TIME_UNITS = new Set(['ms', 's', 'us', 'µs', 'seconds']);

/**
 * The largest percentile a maximum allows. Tools read percentiles off a histogram and print a bucket's
 * middle: sysbench's has 1024 buckets spaced by log from 0.001 to 100,000 ms, so its 95th percentile can be half a
 * bucket (0.91 %) above the maximum, and both are printed to 0.01 (akopytov/sysbench#486; a real run of 10 events
 * here printed max 0.98 and 95th percentile 0.99). Between percentiles, and for min <= avg <= max, the order is exact.
 */
export const percentileLimit = (max: number): number => max * 1.0091 + 0.01;

/** Pairs of metrics of one test out of order, e.g. `delivery_avg_ms 5.1 > delivery_max_ms 4.8`. */
function outOfOrder(values: Map<string, { value: number; unit: string }>): Array<{ metrics: string[]; text: string }> {
  const out: Array<{ metrics: string[]; text: string }> = [];
  for (const [metric, r] of values) {
    if (!TIME_UNITS.has(r.unit)) continue;
    const m = /^(.*?)(min|avg|p50|p95|p99)(_[a-z]+)?$/.exec(metric);
    if (!m) continue;
    const [, stem, stat, suffix = ''] = m;
    for (const chain of ORDERS) {
      const i = chain.indexOf(stat!);
      if (i < 0) continue;
      for (const later of chain.slice(i + 1)) {
        const other = values.get(`${stem}${later}${suffix}`);
        if (!other || other.unit !== r.unit) continue;
        const limit =
          stat!.startsWith('p') && later === 'max' ? percentileLimit(other.value) : other.value * (1 + 1e-9) + 1e-12;
        if (r.value > limit)
          out.push({
            metrics: [metric, `${stem}${later}${suffix}`],
            text: `${metric} ${r.value} is above ${stem}${later}${suffix} ${other.value}`,
          });
      }
    }
  }
  return out;
}

/** Check a harvested run in place: impossible numbers out, their tests failed with the reason. */
export function guardNumbers(h: HarvestedRun): void {
  const run = h.run;
  // A label made of a damaged line (a version string of 100,000 characters) is cut here, once, with a note:
  // the run's folder is named after it, and a string cut later (when the run is written) would not match it.
  if (run.label.length > MAX_LABEL) {
    const all = run.label.length;
    run.label = run.label.slice(0, MAX_LABEL);
    run.provenance.notes = [
      ...(run.provenance.notes ?? []),
      `the label the files give is ${all} characters long; its first ${MAX_LABEL} are kept`,
    ];
  }
  const drop = new Set<string>();
  const reasons = new Map<string, string[]>();
  const byTest = new Map<string, Map<string, { value: number; unit: string }>>();
  // A metric read twice (a damaged file repeats a line): the same value is kept once; two values leave neither.
  const seen = new Set<string>();
  run.results = run.results.filter((r) => {
    const key = `${r.test}\u0000${r.metric}`;
    if (!seen.has(key)) return (seen.add(key), true);
    const first = run.results.find((x) => x.test === r.test && x.metric === r.metric)!;
    if (first.value !== r.value && !drop.has(key)) {
      drop.add(key);
      reasons.set(r.test, [
        ...(reasons.get(r.test) ?? []),
        `${r.metric} is given twice (${first.value} and ${r.value} ${r.unit}): a line of the input is repeated`,
      ]);
    }
    return false;
  });
  for (const r of run.results) {
    let m = byTest.get(r.test);
    if (!m) byTest.set(r.test, (m = new Map()));
    m.set(r.metric, r);
    const why = impossible(r.metric, r.unit, r.value);
    if (why) {
      drop.add(`${r.test}\u0000${r.metric}`);
      reasons.set(r.test, [...(reasons.get(r.test) ?? []), `${r.metric} ${why} (${r.value} ${r.unit})`]);
    }
  }
  for (const [test, values] of byTest)
    for (const o of outOfOrder(values)) {
      for (const metric of o.metrics) drop.add(`${test}\u0000${metric}`);
      reasons.set(test, [...(reasons.get(test) ?? []), o.text]);
    }
  for (const t of run.tests) {
    // Histogram buckets count operations: whole numbers, not negative.
    const bad = (t.histograms ?? []).filter((hist) =>
      hist.buckets.some((b) => !Number.isSafeInteger(b.count) || b.count < 0),
    );
    if (bad.length) {
      t.histograms = t.histograms!.filter((hist) => !bad.includes(hist));
      if (t.histograms.length === 0) delete t.histograms;
      reasons.set(t.name, [
        ...(reasons.get(t.name) ?? []),
        ...bad.map((hist) => `the ${hist.name} histogram has a bucket count that is not a whole number`),
      ]);
    }
  }
  // Workload facts read from the files (rows, clients, batch sizes): a value the schema refuses (a count that
  // is not a whole number, beyond 2^53) stays unknown, with a note.
  const checked = WorkloadSchema.safeParse(run.workload);
  if (!checked.success) {
    const workload = run.workload as Record<string, unknown>;
    for (const key of new Set(checked.error.issues.map((i) => i.path[0]))) {
      if (typeof key !== 'string' || key === 'kind' || !(key in workload)) continue;
      run.provenance.notes = [
        ...(run.provenance.notes ?? []),
        `workload.${key} ${JSON.stringify(workload[key]).slice(0, 80)} is not a possible value: it is left unknown`,
      ];
      delete workload[key];
    }
  }
  // Relative tables of a post: a value no ratio of two builds can be is left out, its test failed.
  if (run.relative) {
    for (const table of run.relative)
      table.values = table.values.filter((v) => {
        const why = impossibleRelative(v.value);
        if (why)
          reasons.set(v.test, [
            ...(reasons.get(v.test) ?? []),
            `its value relative to ${table.base} ${why} (${v.value})`,
          ]);
        return !why;
      });
    run.relative = run.relative.filter((table) => table.values.length > 0);
  }
  for (const t of run.tests) {
    if (!t.system) continue;
    const found: string[] = [];
    impossibleSystem(t.system, 'system', found);
    if (found.length === 0) continue;
    delete t.system;
    reasons.set(t.name, [...(reasons.get(t.name) ?? []), ...found]);
  }
  if (reasons.size) {
    run.results = run.results.filter((r) => !drop.has(`${r.test}\u0000${r.metric}`));
    for (const t of run.tests) {
      const why = reasons.get(t.name);
      if (!why) continue;
      const files = t.rawFiles?.length ? `${t.rawFiles.join(', ')}: ` : '';
      const text = `${files}${why.join('; ')}: the input is damaged, so these numbers are left out`;
      t.status = 'failed';
      t.error = t.error ? `${t.error}; ${text}` : text;
    }
  }
  for (const list of Object.values(h.series.tests))
    for (const s of list)
      for (const row of s.rows)
        for (let i = 0; i < row.length; i++) {
          const v = row[i];
          if (v !== null && !Number.isFinite(v)) row[i] = null;
        }
}

// The checks of a parsed sysbench output against itself (parse-output.ts): a thread count no client runs, a
// thread count stated two ways that disagree, a report whose counts and rates disagree. Pure.
import type { SysbenchOutput, SysbenchStats } from './parse-output.ts';

/** More client threads than any sysbench run uses: sysbench itself caps --threads far below this. */
const MAX_THREADS = 1_000_000;

/** A thread count no client runs (a damaged number), removed from the output with the reason. */
export function impossibleThreads(out: SysbenchOutput): string | undefined {
  const stated = [out.threads, out.options.threads, out.options['num-threads']].filter((x) => x !== undefined);
  const bad = stated.find((n) => !(Number.isSafeInteger(Number(n)) && Number(n) > 0 && Number(n) <= MAX_THREADS));
  if (bad === undefined) return undefined;
  out.threads = undefined;
  delete out.options.threads;
  delete out.options['num-threads'];
  return `the output's thread count ${bad} is not one a client runs (1 to ${MAX_THREADS})`;
}

/**
 * The thread count the output states in more than one way (`--threads=N` of its command, `Number of threads:`,
 * the `thds:` of its interval lines, whose last may show fewer as threads finish), when they disagree: its
 * numbers cannot be labelled with one.
 */
export function threadsDisagree(out: SysbenchOutput): string | undefined {
  const said: string[] = [];
  const opt = out.options.threads ?? out.options['num-threads'];
  const n = out.threads ?? (opt !== undefined ? Number(opt) : undefined);
  if (opt !== undefined && out.threads !== undefined && Number(opt) !== out.threads)
    said.push(`--threads=${opt}`, `"Number of threads: ${out.threads}"`);
  const rows = out.intervals.length ? out.intervals : out.legacyIntervals;
  if (n !== undefined && rows.length) {
    let most = 0;
    for (const r of rows) if (r[1]! > most) most = r[1]!;
    if (most > n || (rows.length > 1 && most < n)) said.push(`${n} threads`, `interval lines of up to ${most}`);
  }
  return said.length ? `the output disagrees on its thread count: ${said.join(', ')}` : undefined;
}

/** How far a rate may be from count / elapsed: sysbench divides by its own timer, a hair off `total time`. */
const RATE_TOLERANCE = 0.02;

/**
 * The report's numbers checked against each other, as sysbench computes them: the query total is the sum of
 * read, write and other and equals the `queries:` count (0.4/0.5: read + write is the `read/write requests:`
 * count), and each per-second rate is its count over the elapsed time. A report that disagrees with itself was
 * edited or damaged: its numbers are not published. Counts the text does not hold are not checked.
 */
export function disagreement(s: SysbenchStats, legacy = false): string | undefined {
  const q = s.queries;
  if (q.read !== undefined && q.write !== undefined && q.other !== undefined && q.total !== undefined) {
    const parts = q.read + q.write + q.other;
    if (q.total !== parts && parts > 0)
      return `the statistics disagree: queries performed total ${q.total} is not read + write + other = ${parts}`;
  }
  const counted = legacy
    ? q.read !== undefined && q.write !== undefined
      ? { n: q.read + q.write, what: 'read + write' }
      : undefined
    : q.total !== undefined
      ? { n: q.total, what: 'queries performed total' }
      : undefined;
  const name = legacy ? 'read/write requests' : 'queries';
  if (counted && counted.n !== s.queriesRate.count && counted.n > 0)
    return `the statistics disagree: ${s.queriesRate.count} ${name}, but ${counted.what} ${counted.n}`;
  // Every transaction runs at least one query (sysbench counts BEGIN and COMMIT as `other`).
  if (s.transactions && q.total !== undefined && s.transactions.count > q.total && q.total > 0)
    return `the statistics disagree: ${s.transactions.count} transactions but only ${q.total} queries`;
  const t = s.elapsedSeconds;
  if (t === undefined) return undefined;
  if (!(t > 0)) return `the statistics disagree: total time ${t}s`;
  for (const [what, v] of [
    ['transactions', s.transactions],
    [name, s.queriesRate],
  ] as const) {
    if (!v) continue;
    const expected = v.count / t;
    if (Math.abs(v.perSec - expected) > RATE_TOLERANCE * Math.max(expected, v.perSec) + 0.01)
      return `the statistics disagree: ${what}: ${v.count} (${v.perSec} per sec.), but ${v.count} in ${t}s is ${+expected.toFixed(2)} per sec.`;
  }
  return undefined;
}

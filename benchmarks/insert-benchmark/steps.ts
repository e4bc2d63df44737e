// Insert Benchmark step names -> what each step is, in run order, and the metric a step is compared by: apart
// from the vocabulary's tables (vocabulary.ts re-exports them), so the descriptor, which the compare view
// bundles for the browser, stays small.

export type StepKind = 'load' | 'index' | 'write' | 'query';

export interface StepInfo {
  /** The step directory name, e.g. `qr100.L1`. */
  name: string;
  /** `load`: l.i0 (PK order, no secondary indexes); `index`: l.x; `write`: l.i1, l.i2; `query`: qr*, qp*, q*. */
  kind: StepKind;
  /** Query steps: range queries on secondary indexes, point queries on the PK, or the old mixed `q` steps. */
  queries?: 'range' | 'point' | 'mixed';
  /** Query steps: background inserts per second per client. */
  ratePerClient?: number;
  /** Loop counter of the harness (`L<n>`), or the repetition of the 2021 report names (`q100.2` -> 2). */
  loop?: number;
  /** Column name in the summary tables, as the posts print it: `qr100` for `qr100.L1`. */
  short: string;
}

const LOAD = /^l\.(i(\d+)|x)$/;
const CURRENT = /^q([rp])(\d+)\.L(\d+)$/;
const DEC23 = /^(qr|qp|r|p|q)\.L(\d+)\.ips(\d+)$/;
const REPORT2021 = /^q(\d+)\.(\d+)$/;

const QUERY_KIND: Record<string, StepInfo['queries']> = {
  qr: 'range',
  r: 'range',
  qp: 'point',
  p: 'point',
  q: 'mixed',
};

/** What a step name means, or undefined when it is not an Insert Benchmark step name. */
export function parseStepName(name: string): StepInfo | undefined {
  let m = LOAD.exec(name);
  if (m) {
    if (m[1] === 'x') return { name, kind: 'index', short: name };
    return { name, kind: m[2] === '0' ? 'load' : 'write', short: name };
  }
  m = CURRENT.exec(name);
  if (m)
    return {
      name,
      kind: 'query',
      queries: m[1] === 'r' ? 'range' : 'point',
      ratePerClient: Number(m[2]),
      loop: Number(m[3]),
      short: `q${m[1]}${m[2]}`,
    };
  m = DEC23.exec(name);
  if (m)
    return {
      name,
      kind: 'query',
      queries: QUERY_KIND[m[1]!],
      ratePerClient: Number(m[3]),
      loop: Number(m[2]),
      short: name,
    };
  m = REPORT2021.exec(name);
  if (m) return { name, kind: 'query', queries: 'mixed', ratePerClient: Number(m[1]), loop: Number(m[2]), short: name };
  return undefined;
}

export function isStepName(name: string): boolean {
  return parseStepName(name) !== undefined;
}

/** Sort key: the load steps in run order (l.i0, l.x, l.i1, l.i2, ...), then the query steps by loop and rate. */
function orderKey(s: StepInfo): number[] {
  if (s.kind === 'load') return [0, 0];
  if (s.kind === 'index') return [0, 1];
  if (s.kind === 'write') return [0, 1 + Number(s.name.slice(3))];
  // 2021 report names repeat a rate (q100.1, q100.2): rate first there; everywhere else the loop is the run order.
  if (REPORT2021.test(s.name)) return [1, s.ratePerClient!, s.loop!];
  return [1, s.loop ?? 0, s.ratePerClient ?? 0];
}

/** Step names in run order; names that are not steps go last, in their given order. */
export function sortSteps(names: string[]): string[] {
  const known = names.map((n) => ({ n, s: parseStepName(n) }));
  const cmp = (a: number[], b: number[]) => {
    for (let i = 0; i < Math.max(a.length, b.length); i++)
      if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
    return 0;
  };
  return [
    ...known
      .filter((k) => k.s)
      .sort((a, b) => cmp(orderKey(a.s!), orderKey(b.s!)))
      .map((k) => k.n),
    ...known.filter((k) => !k.s).map((k) => k.n),
  ];
}

/** The throughput metrics harvest writes for every step from np.sh's o.res header (units depend on the step). */
export type StepMetric = 'inserts_per_s' | 'queries_per_s' | 'seconds' | 'queries_total';

/**
 * The metric a step is compared by, as the posts compare it: rows inserted (or indexed, for l.x) per second for
 * the load steps, queries per second for the query steps (inserts per second when a step ran none).
 */
export function insertBenchmarkPrimaryMetric(
  test: string,
  has: (metric: StepMetric) => boolean,
): StepMetric | undefined {
  const order: StepMetric[] = /^l\./.test(test) ? ['inserts_per_s'] : ['queries_per_s', 'inserts_per_s'];
  return order.find(has);
}

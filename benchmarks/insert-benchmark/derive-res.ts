// np.sh's per-step summary (o.res, docs/formats/insert-benchmark.md 1.5) for a step that `benchsite run` ran. benchsite starts the
// iibench.py clients itself instead of np.sh, so nobody wrote o.res: the numbers np.sh puts in it are derived
// here with np.sh's own arithmetic, from the clients' o.ib output and the step's start and end in the journal.
// What np.sh measures outside iibench (database size, DBMS RSS and CPU, client CPU) stays unknown.
import { printfFixed } from '../../collectors/lib/numbers.ts';
import type { IbOutput } from './parse-ib.ts';
import type { PercentileLine, ResFile } from './parse-res.ts';

/** np.sh's tot_secs: the difference of `date +%s` before the clients start and after they all end, at least 1. */
export function wallSeconds(startedAt: string, endedAt: string): number {
  return Math.max(1, Math.floor(Date.parse(endedAt) / 1000) - Math.floor(Date.parse(startedAt) / 1000));
}

/** bc's `scale=1; a / b`: truncated to one decimal; bc prints 0 as `0` and drops the 0 before the point (`.5`). */
export function bcDivide(a: number, b: number): string {
  const tenths = Math.trunc((a * 10) / b);
  if (tenths === 0) return '0';
  const text = `${Math.trunc(tenths / 10)}.${Math.abs(tenths % 10)}`;
  return text.startsWith('0.') ? text.slice(1) : text.replace(/^-0\./, '-.');
}

/** Last value of a named column in a client's interval lines (0 without interval lines). */
function last(c: IbOutput, column: string): number {
  const i = c.columns.indexOf(column);
  const row = c.intervals[c.intervals.length - 1];
  return i < 0 || !row ? 0 : row[i]!;
}

/**
 * np.sh's percentile lines of one client: the per-second rates of its interval lines sorted high to low, the
 * value at rank `printf %.0f` of p/100 x lines (ties to even, as printf rounds); NA below 10 lines.
 */
function percentileLines(c: IbOutput, client: number): PercentileLine[] {
  const lines = c.intervals.length;
  const sorted = (column: string, withHeader: boolean): Array<number | string> | undefined => {
    const i = c.columns.indexOf(column);
    if (i < 0) return undefined;
    const xs = c.intervals.map((r) => r[i]!).sort((a, b) => b - a);
    if (!withHeader) return xs;
    // np.sh's pipeline for the delete rate keeps iibench's header line; `sort -rn` ranks its word as 0, ahead of
    // the real zeros, and at such a rank o.res prints the word itself (a real case in the fixtures).
    const at = xs.findIndex((x) => x <= 0);
    return at < 0 ? [...xs, column] : [...xs.slice(0, at), column, ...xs.slice(at)];
  };
  const [ins, del, qry] = [sorted('i_ips', false), sorted('i_dps', true), sorted('i_qps', false)];
  return [50, 75, 90, 95, 99].map((p) => {
    if (lines < 10) return { p, client, text: `${p}th, 0 / ${lines} = NA insert, NA delete, NA query` };
    const off = Number(printfFixed((p * lines) / 100, 0));
    const at = (xs: Array<number | string> | undefined) => xs?.[off - 1];
    const [i, d, q] = [at(ins), at(del), at(qry)];
    const num = (x: number | string | undefined) => (typeof x === 'number' ? x : undefined);
    return {
      p,
      client,
      insert: num(i),
      delete: num(d),
      query: num(q),
      text: `${p}th, ${off} / ${lines} = ${i ?? ''} insert, ${d ?? ''} delete, ${q ?? ''} query`,
    };
  });
}

/** np.sh's `Max insert|delete|query` blocks: the clients' histogram maxima as `%.3f`, largest first, at most 3. */
function maxima(ib: IbOutput[], op: 'insert' | 'delete' | 'query'): string[] {
  return ib
    .flatMap((c) => c.histograms.filter((h) => h.op === op).map((h) => printfFixed(h.maxSeconds, 3)))
    .sort((a, b) => Number(b) - Number(a))
    .slice(0, 3);
}

export interface DeriveInput {
  /** The clients' parsed o.ib files, client 1 first. */
  ib: IbOutput[];
  /** np.sh's tot_secs of the step (`wallSeconds`). */
  seconds: number;
  /** l.x: rows the index creation covers beyond its own inserts (l.i0's rows), as iq.sh passes extra_insert. */
  extraRows?: number;
}

/**
 * The o.res np.sh would have written for these clients, as far as it depends on them: line 1, the maxima and
 * the percentile lines. The iostat/vmstat lines come from the monitors (oResLines).
 */
export function deriveRes({ ib, seconds, extraRows = 0 }: DeriveInput): ResFile {
  const processes = Math.max(1, ib.length);
  // np.sh divides the rows it asked for (nr), not what the clients report: iibench's last interval line can
  // lag its final commit (the fixtures have `t_ins` 2450 of `--max_rows=2500`). A client that did not finish
  // did not insert them all: count what it reports.
  const rows = ib.reduce((a, c) => a + ((c.done && Number(c.options.max_rows)) || last(c, 't_ins')), 0);
  const queries = ib.reduce((a, c) => a + last(c, 't_query'), 0);
  const insertRateText = bcDivide(rows + extraRows, seconds);
  const queryRateText = bcDivide(queries, seconds);
  const perUser = bcDivide(Number(bcDivide(rows, seconds)), processes);
  return {
    header: {
      processes,
      rowsPerProcess: Math.trunc((rows + extraRows) / processes),
      seconds,
      insertRateText,
      insertRate: Number(insertRateText),
      insertRatePerClient: Number(perUser),
      queries,
      queryRateText,
      queryRate: Number(queryRateText),
      deletes: ib.some((c) => c.options.delete_per_insert === true) ? '1' : 'no',
    },
    byInsert: {},
    byQuery: {},
    max: { insert: maxima(ib, 'insert'), delete: maxima(ib, 'delete'), query: maxima(ib, 'query') },
    percentiles: ib.flatMap((c, i) => percentileLines(c, i + 1)),
    cpu: {},
  };
}

// `o.ib.dop<N>.<client>`: np.sh's copy of the iibench.py command line, then iibench.py's stdout (docs/formats/insert-benchmark.md 1.4).
// Interval lines are read by the header names, which changed over time (10, 12 and 17 columns).
import { fields, lines, parseNumber } from '../../collectors/lib/numbers.ts';
import { redactSecrets } from '../../collectors/lib/provenance.ts';

/** One `Insert rt:` / `Delete rt:` / `Query rt:` histogram of one client. */
interface RtHistogram {
  op: 'insert' | 'delete' | 'query';
  /** Bucket labels as printed: 256us 1ms 4ms 16ms 64ms 256ms 1s 4s 16s gt. */
  labels: string[];
  counts: number[];
  /** Largest latency, seconds. */
  maxSeconds: number;
}

export interface IbOutput {
  /** The iibench.py command line (line 1), as np.sh wrote it. */
  command?: string;
  /** `--name=value` and `--flag` options of the command line. */
  options: Record<string, string | true>;
  /** Interval column names from the header line. */
  columns: string[];
  /** Interval lines, numbers only, one per `--secs_per_report`. */
  intervals: number[][];
  histograms: RtHistogram[];
  /** `Query thread: <n> queries, fetched/query(expected, actual) = ( e , a )`. */
  queryThread?: { queries: number; fetchedExpected: number; fetchedActual: number };
  /** `Created secondary indexes in <x> seconds` (l.x). */
  indexSeconds?: number;
  /** `Totals: <secs> secs, <rows/s> rows/sec, <rows> rows, <ri> <rd> <rq> insert-delete-query retry`. */
  totals?: { seconds: number; rowsPerS: number; rows: number; retries: [number, number, number] };
  /** iibench printed `Done`. */
  done: boolean;
  /** Error lines (`Query error`, `SQL error`, tracebacks), quoted. */
  errors: string[];
  /** The first `... rt:` line that cannot be read as a histogram (1-based line, why); harvest refuses the file. */
  badRt?: { line: number; what: string };
}

const RT = /^\s*(Insert|Delete|Query) rt:\s*(.*)$/;
const ERROR = /^(Query error|SQL error|Traceback|\w*Error\b|Exception)/;

/** The options of an iibench.py command line. */
function commandOptions(command: string): Record<string, string | true> {
  const out: Record<string, string | true> = {};
  for (const token of fields(command)) {
    const m = /^--([A-Za-z0-9_-]+)(?:=(.*))?$/.exec(token);
    if (m) out[m[1]!] = m[2] ?? true;
  }
  return out;
}

/** Parse one client's output. Never throws: what is missing stays undefined and `done` says if it finished. */
export function parseIbOutput(text: string): IbOutput {
  const out: IbOutput = { options: {}, columns: [], intervals: [], histograms: [], done: false, errors: [] };
  const rtHeaders = new Map<string, string[]>();
  const all = lines(text);
  all.forEach((line, i) => {
    if (i === 0 && /iibench\.py|^python/.test(line)) {
      out.command = line.trim();
      // Read with its passwords masked: no word of a quoted password is an option.
      out.options = commandOptions(redactSecrets(line));
      return;
    }
    const f = fields(line);
    if (f[0] === 'i_sec' && f.includes('t_sec')) {
      out.columns = f;
      return;
    }
    if (out.columns.length && f.length === out.columns.length && f.every((x) => parseNumber(x) !== undefined)) {
      out.intervals.push(f.map(Number));
      return;
    }
    const rt = RT.exec(line);
    if (rt) {
      const op = rt[1]!.toLowerCase() as RtHistogram['op'];
      const rest = fields(rt[2]!);
      if (rest.every((x) => parseNumber(x) !== undefined)) {
        const labels = rtHeaders.get(op) ?? DEFAULT_RT_LABELS;
        const nums = rest.map(Number);
        // A cut line would shift a count into the max; a header that does not fit would drop counts.
        if (nums.length !== labels.length + 1) {
          out.badRt ??= {
            line: i + 1,
            what: `${rt[1]} rt: has ${nums.length} numbers where its header has ${labels.length} buckets and max`,
          };
          return;
        }
        const previous = out.histograms.findIndex((h) => h.op === op);
        const h = {
          op,
          labels: labels.slice(0, nums.length - 1),
          counts: nums.slice(0, -1),
          maxSeconds: nums[nums.length - 1]!,
        };
        if (previous >= 0) out.histograms[previous] = h;
        else out.histograms.push(h);
      } else {
        const labels = rest.filter((x) => x !== 'max');
        const what = rtLabelsProblem(labels);
        if (what) out.badRt ??= { line: i + 1, what: `${rt[1]} rt: header ${what}` };
        else rtHeaders.set(op, labels);
      }
      return;
    }
    let m = /^Query thread: (\d+) queries, fetched\/query\(expected, actual\) = \(\s*(\S+)\s*,\s*(\S+)\s*\)/.exec(line);
    if (m) {
      out.queryThread = { queries: Number(m[1]), fetchedExpected: Number(m[2]), fetchedActual: Number(m[3]) };
      return;
    }
    m = /^Created secondary indexes in (\S+) seconds/.exec(line);
    if (m) {
      out.indexSeconds = parseNumber(m[1]);
      return;
    }
    m = /^Totals: (\S+) secs, (\S+) rows\/sec, (\d+) rows, (\d+) (\d+) (\d+) insert-delete-query retry/.exec(line);
    if (m) {
      out.totals = {
        seconds: Number(m[1]),
        rowsPerS: Number(m[2]),
        rows: Number(m[3]),
        retries: [Number(m[4]), Number(m[5]), Number(m[6])],
      };
      return;
    }
    if (line.trim() === 'Done') {
      out.done = true;
      return;
    }
    if (ERROR.test(line.trim())) out.errors.push(line.trim());
  });
  return out;
}

/** iibench.py's buckets: `<=256us, (256us,1ms], ... (4s,16s], >16s` (docs/formats/insert-benchmark.md 1.4). */
const DEFAULT_RT_LABELS = ['256us', '1ms', '4ms', '16ms', '64ms', '256ms', '1s', '4s', '16s', 'gt'];

/** Upper bound of a bucket label in seconds; null for `gt` (the open last bucket) or a label that is no bound. */
export function bucketUpperSeconds(label: string): number | null {
  const m = /^(\d+(?:\.\d+)?)(us|ms|s)$/.exec(label);
  if (!m) return null;
  const scale = m[2] === 'us' ? 1e-6 : m[2] === 'ms' ? 1e-3 : 1;
  const s = Number(m[1]) * scale;
  return Number.isFinite(s) && s > 0 ? s : null;
}

/** Why histogram labels cannot be buckets: each but the last (`gt`) a positive bound, larger than the one before. */
function rtLabelsProblem(labels: string[]): string | undefined {
  if (labels.length === 0) return 'has no bucket labels';
  let previous = 0;
  for (const [i, label] of labels.entries()) {
    const upper = bucketUpperSeconds(label);
    if (upper === null && i === labels.length - 1) break;
    const shown = JSON.stringify(label.length > 40 ? `${label.slice(0, 40)}…` : label);
    if (upper === null) return `label ${shown} is not a time bound such as 256us, 1ms or 4s`;
    if (upper <= previous) return `label ${shown} is not larger than the bucket before it`;
    previous = upper;
  }
  return undefined;
}

/** Units of the interval columns (max_* are integer microseconds). */
export function intervalUnit(column: string): string {
  if (column.endsWith('_sec')) return 's';
  if (column.endsWith('ips')) return 'inserts/s';
  if (column.endsWith('dps')) return 'deletes/s';
  if (column.endsWith('qps')) return 'queries/s';
  if (column.startsWith('max_')) return 'µs';
  if (column === 't_ins' || column === 't_del') return 'rows';
  if (column === 't_query') return 'queries';
  return 'count';
}

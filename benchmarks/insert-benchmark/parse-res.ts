// `o.res.dop<N>`: np.sh's per-step summary (docs/formats/insert-benchmark.md 1.5). Read by content, not by line number: when a step
// is shorter than the iostat interval, ios.sh prints `Cannot parse:` instead of its four blocks and every later
// line moves up (a real case in the fixtures), and for load steps gawk drops the query-normalised data lines.
import { fields, lines, parseNumber } from '../../collectors/lib/numbers.ts';
import { InputError } from '../../collectors/lib/input-error.ts';

/** Line 1: `<dop> processes, <rows> rows-per-process, <secs> seconds, <ips> rows-per-second, ...`. */
interface ResHeader {
  processes: number;
  rowsPerProcess: number;
  seconds: number;
  /** rows/s over the whole step, as printed by bc (`.5` has no leading zero); indexed rows/s for l.x. */
  insertRateText: string;
  insertRate: number;
  insertRatePerClient: number;
  queries: number;
  queryRateText: string;
  queryRate: number;
  /** The raw delete_per_insert flag: `yes`, `no`, `1`, `0` or empty. */
  deletes: string;
}

/** One `iostat, vmstat normalized by ... rate` block: the data lines as printed (fields), when present. */
interface NormalisedBlock {
  /** nsamp r/s rMB/s w/s wMB/s r/op rKB/op w/op wKB/op rate */
  io?: string[];
  /** nsamp cs/s cpu/s cs/op cpu/op */
  vm?: string[];
}

export interface PercentileLine {
  /** 50, 75, 90, 95 or 99. */
  p: number;
  /** Client number, 1-based, in the order np.sh printed them (5 lines per client). */
  client: number;
  /** Per-second rates at that rank; undefined when printed as NA (fewer than 10 intervals). */
  insert?: number;
  delete?: number;
  query?: number;
  /** The line as printed. */
  text: string;
}

export interface ResFile {
  header?: ResHeader;
  /** The `Cannot parse: ...` line of ios.sh, when it could not read iostat (no samples). */
  cannotParse?: string;
  byInsert: NormalisedBlock;
  byQuery: NormalisedBlock;
  /** The device the harness averaged (its `dname`), from `average values from iostat for <dname>`. */
  iostatDevice?: string;
  /** sum_iostat.sh: every iostat column averaged (names truncated to 7 characters by the harness). */
  iostatAverages?: { device: string; columns: string[]; values: string[] };
  dbGB?: string;
  dbdirGB?: string;
  /** The data directory measured for dbdirGB. */
  dbdir?: string;
  /** The `ps aux` line of the DBMS (largest RSS or VSZ), when np.sh found one. */
  psLine?: string;
  /** `Max insert` / `Max delete` / `Max query`: up to 3 per-client maxima, seconds, largest first (as printed). */
  max: { insert: string[]; delete: string[]; query: string[] };
  percentiles: PercentileLine[];
  /** `client: <u> user, <s> system, <t> total` (np.sh reads only the first client's o.ctime) and `dbms: <secs>`. */
  cpu: { client?: { user: number; system: number; total: number }; dbms?: number };
}

const HEADER =
  /^(\d+) processes, (\d+) rows-per-process, (\d+) seconds, ([\d.]+) rows-per-second, ([\d.]+) rows-per-second-per-user, (\d+) queries, ([\d.]+) queries-per-second, ?(\S*) ?deletes\s*$/;
const PS = /^\S+\s+\d+\s+[\d.]+\s+[\d.]+\s+\d+\s+\d+\s/;
const PCT = /^(\d+)th, \d+ \/ \d+ = (\S+) insert, (\S+) delete, (\S+) query$/;
const MAX = /^Max (insert|delete|query)$/;

const numeric = (line: string) => {
  const f = line.split('\t').filter((x) => x !== '');
  return f.length > 0 && parseNumber(f[0]) !== undefined ? f : undefined;
};

/** Parse an o.res file. Throws only when line 1 is not the np.sh summary line (then it is not an o.res file). */
export function parseResFile(text: string, file = 'o.res'): ResFile {
  const all = lines(text);
  const out: ResFile = {
    byInsert: {},
    byQuery: {},
    max: { insert: [], delete: [], query: [] },
    percentiles: [],
    cpu: {},
  };
  const h = HEADER.exec(all[0] ?? '');
  if (!h) {
    throw new InputError(
      `${file}: line 1 is not np.sh's "<n> processes, <rows> rows-per-process, ..." line: ${JSON.stringify((all[0] ?? '').slice(0, 80))}. Is this an Insert Benchmark o.res file?`,
    );
  }
  out.header = {
    processes: Number(h[1]),
    rowsPerProcess: Number(h[2]),
    seconds: Number(h[3]),
    insertRateText: h[4]!,
    insertRate: Number(h[4]),
    insertRatePerClient: Number(h[5]),
    queries: Number(h[6]),
    queryRateText: h[7]!,
    queryRate: Number(h[7]),
    deletes: h[8] ?? '',
  };
  let block: NormalisedBlock | undefined;
  let maxOf: keyof ResFile['max'] | undefined;
  let pctIndex = 0;
  for (let i = 1; i < all.length; i++) {
    const line = all[i]!;
    const next = all[i + 1] ?? '';
    if (line.startsWith('Cannot parse:')) out.cannotParse = line.trim();
    else if (line === 'iostat, vmstat normalized by insert rate') block = out.byInsert;
    else if (line === 'iostat, vmstat normalized by query rate') block = out.byQuery;
    else if (block && line.startsWith('nsamp\tr/s')) block.io = numeric(next);
    else if (block && line.startsWith('nsamp\tcs/s')) block.vm = numeric(next);
    else if (line.startsWith('average values from iostat for ')) {
      block = undefined;
      out.iostatDevice = line.slice('average values from iostat for '.length).trim() || undefined;
      const columns = next.split('\t').filter((x) => x !== '');
      const values = numeric(all[i + 2] ?? '');
      if (columns.length && values) out.iostatAverages = { device: out.iostatDevice ?? '', columns, values };
    } else if (line.startsWith('dbGB\t')) out.dbGB = line.split('\t')[1];
    else if (line.startsWith('dbdirGB\t')) {
      const f = line.split('\t');
      out.dbdirGB = f[1];
      out.dbdir = f[2];
    } else if (!out.psLine && PS.test(line)) out.psLine = line;
    else if (MAX.test(line)) maxOf = MAX.exec(line)![1] as keyof ResFile['max'];
    else if (maxOf && /^[\d.]+$/.test(line.trim())) out.max[maxOf].push(line.trim());
    else if (PCT.test(line)) {
      const m = PCT.exec(line)!;
      out.percentiles.push({
        p: Number(m[1]),
        client: Math.floor(pctIndex / 5) + 1,
        insert: parseNumber(m[2]),
        delete: parseNumber(m[3]),
        query: parseNumber(m[4]),
        text: line,
      });
      pctIndex++;
    } else if (line.startsWith('client: ')) {
      const m = /^client: (\S+) user, (\S+) system, (\S+) total/.exec(line);
      if (m) out.cpu.client = { user: Number(m[1]), system: Number(m[2]), total: Number(m[3]) };
    } else if (line.startsWith('dbms: ')) out.cpu.dbms = parseNumber(fields(line)[1]);
    if (!MAX.test(line) && !/^[\d.]+$/.test(line.trim())) maxOf = undefined;
  }
  return out;
}

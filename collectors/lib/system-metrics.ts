// vmstat + iostat of one test or step -> averages two ways (harness / clean), per-operation results, series.
// Pure: callers pass parsed files and the op rate.
import type { IostatAverages, ResultRow, Series, SystemMetrics, VmstatAverages } from '../../src/schemas/index.ts';
import { harnessIostatSums, type Iostat } from './iostat.ts';
import { printfFixed } from './numbers.ts';
import { vmstatColumn, type Vmstat } from './vmstat.ts';

export interface SystemInput {
  vmstat?: { parsed: Vmstat };
  /** The parsed file and its text (or bytes, text-bytes.ts), which the harness's averages search. */
  iostat?: { parsed: Iostat; text: string | Uint8Array };
  /** Device chosen by `chooseDevice`. */
  device?: string;
  deviceSource?: string;
  /** Operation rate the harness divides by, and its metric name. */
  opsPerS?: number;
  opsMetric?: string;
  cpus?: number;
  cpusSource?: string;
  intervalSeconds?: number;
  /** Insert Benchmark's sum_iostat.sh skips the first matching line; sysbench's an.sh does not. */
  harnessSkipFirstIostat?: boolean;
}

/**
 * The mean of f over the rows (0 for none) without an array of the values, hours of 1-second rows long: the same
 * sum as `reduce((a, b) => a + b, 0)`, in the same order, so the same number.
 */
function meanOf(rows: number[][], f: (r: number[]) => number): number {
  if (rows.length === 0) return 0;
  let sum = 0;
  for (const r of rows) sum += f(r);
  return sum / rows.length;
}

function cleanVmstat(v: Vmstat): VmstatAverages | undefined {
  const n = v.rows.length - 1; // the first data line is the average since boot, not a sample
  if (n <= 0) return undefined;
  // Every mean in one pass over the rows (hours of 1-second rows): each sum still adds its values in row order
  // from 0, as meanOf does, so the same numbers.
  const names = ['cs', 'us', 'sy', 'id', 'wa', 'r', 'in'] as const;
  // Typed arrays, whose kind never changes: arrays of small integers changed theirs (a sum outgrowing them, map's
  // result made one way or another), and V8 threw the optimized loop away each time (five times a harvest).
  const at = Int32Array.from(names, (name) => vmstatColumn(v, name));
  const [ius, isy] = [at[1]!, at[2]!];
  // Without cs, us or sy (a damaged header) there is no average to give: never a 0 the file does not hold.
  if (at[0]! < 0 || ius < 0 || isy < 0) return undefined;
  const sums = new Float64Array(names.length);
  let cpu = 0;
  for (let k = 1; k <= n; k++) {
    const r = v.rows[k]!;
    for (let j = 0; j < at.length; j++) if (at[j]! >= 0) sums[j]! += r[at[j]!]!;
    cpu += r[ius]! + r[isy]!;
  }
  const col = (j: number) => (at[j]! < 0 ? undefined : sums[j]! / n);
  return {
    samples: n,
    csPerS: col(0)!,
    cpuPct: cpu / n,
    usPct: col(1)!,
    syPct: col(2)!,
    idPct: col(3),
    waPct: col(4),
    runQueue: col(5),
    inPerS: col(6),
  };
}

function harnessVmstat(v: Vmstat): VmstatAverages | undefined {
  const h = v.harness;
  if (h.samples === 0) return undefined;
  return { samples: h.samples, csPerS: h.csSum / h.samples, cpuPct: h.cpuSum / h.samples };
}

function cleanIostat(io: Iostat, device: string): IostatAverages | undefined {
  const rows = io.rows(device);
  if (rows.length === 0 || !named(io.columns, rows)) return undefined;
  const avg = (name: string) => {
    const i = io.columns.indexOf(name);
    return i < 0 ? undefined : meanOf(rows, (r) => r[i]!);
  };
  const [readsPerS, readKBPerS, writesPerS, writeKBPerS] = ['r/s', 'rkB/s', 'w/s', 'wkB/s'].map(avg);
  // An iostat without one of these columns (another layout, a damaged header) gives no averages, not zeros.
  if (readsPerS === undefined || readKBPerS === undefined || writesPerS === undefined || writeKBPerS === undefined)
    return undefined;
  return {
    device,
    samples: rows.length,
    readsPerS,
    readKBPerS,
    writesPerS,
    writeKBPerS,
    utilPct: avg('%util'),
    // Flushes: how often the DBMS syncs (the binlog posts compare ~690/s with ~275/s) and how long one takes.
    fsyncsPerS: avg('f/s'),
    fsyncAwaitMs: avg('f_await'),
  };
}

function harnessIostat(
  text: string | Uint8Array,
  device: string,
  skipFirst: boolean,
  parsed?: Iostat,
): IostatAverages | undefined {
  const s = harnessIostatSums(text, device, skipFirst, { parsed });
  if (!s || s.samples === 0) return undefined;
  return {
    device,
    samples: s.samples,
    readsPerS: s.rs / s.samples,
    readKBPerS: s.rkb / s.samples,
    writesPerS: s.ws / s.samples,
    writeKBPerS: s.wkb / s.samples,
  };
}

/** Both averages of one test. */
export function systemMetrics(input: SystemInput): SystemMetrics {
  const v = input.vmstat?.parsed;
  const io = input.iostat;
  const dev = input.device;
  return {
    intervalSeconds: input.intervalSeconds,
    opsPerS: input.opsPerS,
    opsMetric: input.opsMetric,
    cpus: input.cpus,
    cpusSource: input.cpus ? input.cpusSource : undefined,
    deviceSource: dev ? input.deviceSource : undefined,
    harness: {
      vmstat: v ? harnessVmstat(v) : undefined,
      // The device's rows are read anyway (the clean averages, the series): the harness's sums may add them up.
      iostat: io && dev ? harnessIostat(io.text, dev, input.harnessSkipFirstIostat ?? false, io.parsed) : undefined,
    },
    clean: {
      vmstat: v ? cleanVmstat(v) : undefined,
      iostat: io && dev ? cleanIostat(io.parsed, dev) : undefined,
    },
  };
}

/**
 * Result rows from the harness-compatible averages: per-operation values (`cs_per_<op>`, `cpu_per_<op>` =
 * (us+sy)/ops as the harness prints it, `cpu_us_per_<op>` when the CPU count is known, `reads_per_<op>`,
 * `rkb_per_<op>`, `wkb_per_<op>`) and the averages themselves. The clean averages stay in `test.system.clean`.
 */
export function systemResultRows(test: string, m: SystemMetrics, opName: string, opUnit = opName): ResultRow[] {
  const rows: ResultRow[] = [];
  const ops = m.opsPerS;
  const add = (metric: string, value: number | undefined, unit: string) => {
    if (value !== undefined && Number.isFinite(value)) rows.push({ test, metric, value, unit });
  };
  const vm = m.harness.vmstat;
  const io = m.harness.iostat;
  // The harness scripts sum no flush columns: the clean averages give them.
  const flush = m.clean.iostat;
  add('fsyncs_per_s', flush?.fsyncsPerS, 'flushes/s');
  add('f_await_ms', flush?.fsyncAwaitMs, 'ms');
  if (vm) {
    add('cs_per_s', vm.csPerS, 'switches/s');
    add('cpu_pct', vm.cpuPct, '%');
  }
  if (io) {
    add('reads_per_s', io.readsPerS, 'reads/s');
    add('read_kb_per_s', io.readKBPerS, 'KB/s');
    add('writes_per_s', io.writesPerS, 'writes/s');
    add('write_kb_per_s', io.writeKBPerS, 'KB/s');
  }
  if (!ops || ops <= 0) return rows;
  if (vm) {
    add(`cs_per_${opName}`, vm.csPerS / ops, `switches/${opUnit}`);
    add(`cpu_per_${opName}`, vm.cpuPct / ops, `cpu%/(${opUnit}/s)`);
    if (m.cpus) add(`cpu_us_per_${opName}`, (vm.cpuPct / ops) * m.cpus * 1e4, `µs/${opUnit}`);
  }
  if (io) {
    add(`reads_per_${opName}`, io.readsPerS / ops, `reads/${opUnit}`);
    add(`rkb_per_${opName}`, io.readKBPerS / ops, `KB/${opUnit}`);
    add(`wkb_per_${opName}`, io.writeKBPerS / ops, `KB/${opUnit}`);
  }
  return rows;
}

/**
 * Whether every value has its header's name. A damaged header (a byte of the blank between two names flipped)
 * has fewer names than the lines have values: such a series is left out rather than shifted under wrong names.
 */
function named(columns: string[], rows: number[][]): boolean {
  return rows.every((r) => r.length === columns.length);
}

/** vmstat as a series: every data line but the since-boot one. */
export function vmstatSeries(v: Vmstat, intervalSeconds?: number): Series | undefined {
  const rows = v.rows.slice(1);
  if (rows.length === 0 || !named(v.columns, rows)) return undefined;
  return {
    name: 'vmstat',
    intervalSeconds,
    columns: v.columns.map((name) => ({ name, unit: VMSTAT_UNITS[name] ?? 'count' })),
    rows,
  };
}

const VMSTAT_UNITS: Record<string, string> = {
  r: 'procs',
  b: 'procs',
  swpd: 'KiB',
  free: 'KiB',
  buff: 'KiB',
  cache: 'KiB',
  si: 'KiB/s',
  so: 'KiB/s',
  bi: 'blocks/s',
  bo: 'blocks/s',
  in: 'interrupts/s',
  cs: 'switches/s',
  us: '%',
  sy: '%',
  id: '%',
  wa: '%',
  st: '%',
  gu: '%',
};

/** iostat rows of one device as a series. */
export function iostatSeries(io: Iostat, device: string, intervalSeconds?: number): Series | undefined {
  const rows = io.rows(device);
  if (rows.length === 0 || !named(io.columns, rows)) return undefined;
  return {
    name: 'iostat',
    device,
    intervalSeconds,
    columns: io.columns.map((name) => ({ name, unit: iostatUnit(name) })),
    rows,
  };
}

function iostatUnit(column: string): string {
  if (column.startsWith('%')) return '%';
  if (column.endsWith('kB/s')) return 'KB/s';
  if (column.endsWith('/s')) return 'ops/s';
  if (column.includes('await')) return 'ms';
  if (column.endsWith('-sz')) return column.startsWith('aqu') ? 'requests' : 'KB';
  return 'count';
}

/**
 * Pick the iostat device for per-op metrics: the one given (`--meta device`), else the one whose harness
 * averages reproduce a published `sb.met` line (`expect`), else the only device that did any IO. A given
 * device the files do not have is returned as `notInFiles` (for a note) and the others are tried.
 */
export function chooseDevice(
  io: { parsed: Iostat; text: string | Uint8Array },
  opts: { given?: string; expect?: (avg: IostatAverages) => boolean },
): { device?: string; source?: string; notInFiles?: string } {
  const names = io.parsed.deviceNames;
  if (opts.given && names.includes(opts.given)) return { device: opts.given, source: '--meta device' };
  if (opts.given) return { ...chooseDevice(io, { expect: opts.expect }), notInFiles: opts.given };
  if (opts.expect) {
    const hit = names.find((d) => {
      const avg = harnessIostat(io.text, d, false);
      return avg !== undefined && opts.expect!(avg);
    });
    if (hit) return { device: hit, source: 'reproduces sb.met' };
  }
  // Busy devices, from the harness sums (a scan for the name) rather than parsing every device's rows.
  const active = names.filter((d) => {
    const sums = harnessIostatSums(io.text, d, false, { stopAtFirstIO: true });
    return sums !== undefined && sums.rs + sums.ws + sums.rkb + sums.wkb > 0;
  });
  if (active.length === 1) return { device: active[0], source: 'only device with IO' };
  if (names.length === 1) return { device: names[0], source: 'only device' };
  return {};
}

/**
 * The harness's own lines of the harness-compatible averages, tab separated, divided by `ops` and ending with
 * `opsText` as the harness printed it: `nsamp r/s rMB/s w/s wMB/s r/op rKB/op [w/op] wKB/op ops` and
 * `nsamp cs/s cpu/s cs/op cpu/op`. mytools' an.sh (sysbench's sb.met) prints no w/op; ios.sh (the Insert
 * Benchmark's o.res) does. A harvest compares them with the files the harness wrote.
 */
export function harnessLines(
  m: SystemMetrics,
  ops: number,
  opsText: string,
  writesPerOp: boolean,
): { io?: string; vm?: string } {
  const io = m.harness.iostat;
  const vm = m.harness.vmstat;
  return {
    io: io
      ? [
          io.samples,
          printfFixed(io.readsPerS, 1),
          printfFixed(io.readKBPerS / 1024, 1),
          printfFixed(io.writesPerS, 1),
          printfFixed(io.writeKBPerS / 1024, 1),
          printfFixed(io.readsPerS / ops, 3),
          printfFixed(io.readKBPerS / ops, 3),
          ...(writesPerOp ? [printfFixed(io.writesPerS / ops, 3)] : []),
          printfFixed(io.writeKBPerS / ops, 3),
          opsText,
        ].join('\t')
      : undefined,
    vm: vm
      ? [
          vm.samples,
          printfFixed(vm.csPerS, 0),
          printfFixed(vm.cpuPct, 1),
          printfFixed(vm.csPerS / ops, 3),
          printfFixed(vm.cpuPct / ops, 6),
        ].join('\t')
      : undefined,
  };
}

// iostat -kx text (sysstat) -> per-device numeric rows, plus the harness's grep-and-average (formats.md 4.3, 4.4).
import { awkNumber, fields, lines } from './numbers.ts';

export interface Iostat {
  /** From the first line: `Linux <kernel> (<host>) <date> _<arch>_ (<N> CPU)`. */
  kernel?: string;
  hostname?: string;
  /** Date as printed (locale dependent), and as YYYY-MM-DD when it could be read. */
  dateText?: string;
  date?: string;
  cpus?: number;
  /** Column names of the `Device` header, first one (`Device` or `Device:`) dropped. */
  columns: string[];
  /** Rows per device in report order; row[j] is columns[j]. */
  devices: Map<string, number[][]>;
  /** `avg-cpu` rows: %user %nice %system %iowait %steal %idle. */
  cpu: number[][];
  /** Number of reports (Device header lines). */
  reports: number;
}

const HEADER = /^Linux\s+(\S+)\s+\(([^)]*)\)\s+(\S+)\s+\S*\s*\((\d+) CPU\)/;

/** Parse `iostat -y -kx N` output. */
export function parseIostat(text: string): Iostat {
  const out: Iostat = { columns: [], devices: new Map(), cpu: [], reports: 0 };
  let mode: 'none' | 'cpu' | 'dev' = 'none';
  for (const line of lines(text)) {
    if (line.startsWith('Linux')) {
      const m = HEADER.exec(line);
      if (m) {
        out.kernel = m[1];
        out.hostname = m[2];
        out.dateText = m[3];
        out.date = readIostatDate(m[3]!);
        out.cpus = Number(m[4]);
      }
      continue;
    }
    const f = fields(line);
    if (f.length === 0) {
      mode = 'none';
      continue;
    }
    if (f[0] === 'avg-cpu:') {
      mode = 'cpu';
      continue;
    }
    if (f[0] === 'Device' || f[0] === 'Device:') {
      out.columns = f.slice(1);
      out.reports += 1;
      mode = 'dev';
      continue;
    }
    if (mode === 'cpu') {
      out.cpu.push(f.map(Number));
      mode = 'none';
    } else if (mode === 'dev') {
      const name = f[0]!;
      let rows = out.devices.get(name);
      if (!rows) out.devices.set(name, (rows = []));
      rows.push(f.slice(1).map(Number));
    }
  }
  return out;
}

/** iostat's date in the C/en_US locale is MM/DD/YY or MM/DD/YYYY; ISO (YYYY-MM-DD) is accepted too. */
export function readIostatDate(text: string): string | undefined {
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{2})\/(\d{2})\/(\d{2}|\d{4})$/.exec(text);
  if (!m) return undefined;
  const year = m[3]!.length === 2 ? `20${m[3]}` : m[3]!;
  if (Number(m[1]) > 12) return undefined; // not the MM/DD order we can read safely
  return `${year}-${m[1]}-${m[2]}`;
}

/** Which fields (1-based, as awk counts) hold r/s, rkB/s, w/s, wkB/s for a header, per mytools ios.sh/an.sh. */
export function harnessFieldsFor(headerLine: string): { rs: number; rkb: number; ws: number; wkb: number } | undefined {
  const f = fields(headerLine);
  if (f[3] === 'r/s' && f[5] === 'rkB/s' && f[6] === 'wkB/s') return { rs: 4, rkb: 6, ws: 5, wkb: 7 }; // sysstat <= 11.5
  if (f[1] === 'r/s' && f[2] === 'w/s' && f[3] === 'rkB/s' && f[4] === 'wkB/s') return { rs: 2, rkb: 4, ws: 3, wkb: 5 }; // 11.6 - 12.1.1
  if (f[1] === 'r/s' && f[2] === 'rkB/s' && f[8] === 'wkB/s') return { rs: 2, rkb: 3, ws: 8, wkb: 9 }; // >= 12.1.2
  return undefined;
}

/**
 * The harness average: `grep <dname> file | awk '{ rs+=$crs; ... c+=1 }'`. A substring match, so `md2` also
 * matches `md20` and any other line containing the name. `skipFirst` is sum_iostat.sh's NR>1 (Insert Benchmark).
 */
export function harnessIostatSums(text: string, device: string, skipFirst = false) {
  let header: string | undefined;
  for (const line of lines(text)) {
    if (/^Device:?\s/.test(line)) {
      header = line;
      break;
    }
  }
  const cols = header ? harnessFieldsFor(header) : undefined;
  const sums = { samples: 0, rs: 0, rkb: 0, ws: 0, wkb: 0 };
  if (!cols) return undefined;
  let first = true;
  for (const line of lines(text)) {
    if (!line.includes(device)) continue;
    if (skipFirst && first) {
      first = false;
      continue;
    }
    first = false;
    const f = fields(line);
    sums.samples += 1;
    sums.rs += awkNumber(f[cols.rs - 1]);
    sums.rkb += awkNumber(f[cols.rkb - 1]);
    sums.ws += awkNumber(f[cols.ws - 1]);
    sums.wkb += awkNumber(f[cols.wkb - 1]);
  }
  return sums;
}

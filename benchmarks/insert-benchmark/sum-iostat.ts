// sum_iostat.sh: the average of every iostat column of one device over a step, as o.res lines 17-19 print it.
// Like the harness: the device is matched as a substring (`grep <dname>`), the first matching line is skipped
// (`NR>1`, unlike ios.sh's r/s-w/s averages of lines 5 and 12, which keep it), and each value is printed with
// `%.0f` from 100000, `%.1f` from 100, `%.2f` from 10, else `%.3f`.
import { awkNumber, fields, lines } from '../../collectors/lib/numbers.ts';
import { sumIostatValue } from './vocabulary.ts';

export interface IostatColumnAverages {
  device: string;
  /** Full column names from the first `Device` header (the harness prints them cut to 7 characters). */
  columns: string[];
  /** Unrounded averages, one per column. */
  values: number[];
  /** The averages as sum_iostat.sh prints them. */
  printed: string[];
  samples: number;
}

/** Averages of the device's lines after the first; undefined when fewer than two lines match. */
export function sumIostat(text: string, device: string): IostatColumnAverages | undefined {
  const all = lines(text);
  const header = all.find((l) => /^Device:?\s/.test(l));
  if (!header) return undefined;
  const columns = fields(header).slice(1);
  const rows = all
    .filter((l) => l.includes(device))
    .slice(1)
    .map((l) => fields(l));
  if (rows.length === 0) return undefined;
  const values = columns.map((_, j) => rows.reduce((sum, r) => sum + awkNumber(r[j + 1]), 0) / rows.length);
  return { device, columns, values, printed: values.map(sumIostatValue), samples: rows.length };
}

/** Unit of an iostat -x column. */
export function iostatColumnUnit(column: string): string {
  if (column.startsWith('%')) return '%';
  if (column.endsWith('kB/s')) return 'KB/s';
  if (column.endsWith('/s')) return 'ops/s';
  if (column.includes('await')) return 'ms';
  if (column === 'aqu-sz' || column === 'avgqu-sz') return 'requests';
  if (column.endsWith('-sz') || column === 'avgrq-sz') return 'KB';
  return 'count';
}

// mytools summary files beside the sysbench outputs: sb.met (an.sh), sb.r.* (run.sh), sb.prepare.o (docs/formats/sysbench.md 2.4, 2.5, 2.8).
import { fields, lines, parseNumber } from '../../collectors/lib/numbers.ts';

/** `sb.met.<sfxn>`: iostat and vmstat averages normalised by the op rate, as an.sh printed them. */
export interface SbMet {
  io?: {
    samples: number;
    rps: number;
    rMBps: number;
    wps: number;
    wMBps: number;
    rPerOp: number;
    rKBPerOp: number;
    wKBPerOp: number;
    ops: number;
  };
  vm?: { samples: number; csps: number; cpuPct: number; csPerOp: number; cpuPerOp: number };
  /** The data lines exactly as printed, so we can show what we reproduced. */
  ioLine?: string;
  vmLine?: string;
}

export function parseSbMet(text: string): SbMet {
  const out: SbMet = {};
  const all = lines(text);
  for (let i = 0; i < all.length; i++) {
    const header = all[i]!;
    const data = all[i + 1];
    if (data === undefined) break;
    const f = fields(data).map((x) => parseNumber(x));
    if (header.startsWith('samp\tr/s') && f.length >= 9 && f.every((x) => x !== undefined)) {
      const [samples, rps, rMBps, wps, wMBps, rPerOp, rKBPerOp, wKBPerOp, ops] = f as number[];
      out.io = {
        samples: samples!,
        rps: rps!,
        rMBps: rMBps!,
        wps: wps!,
        wMBps: wMBps!,
        rPerOp: rPerOp!,
        rKBPerOp: rKBPerOp!,
        wKBPerOp: wKBPerOp!,
        ops: ops!,
      };
      out.ioLine = data;
    } else if (header.startsWith('samp\tcs/s') && f.length >= 5 && f.every((x) => x !== undefined)) {
      const [samples, csps, cpuPct, csPerOp, cpuPerOp] = f as number[];
      out.vm = { samples: samples!, csps: csps!, cpuPct: cpuPct!, csPerOp: csPerOp!, cpuPerOp: cpuPerOp! };
      out.vmLine = data;
    }
  }
  return out;
}

/** `sb.r.<kind>.<sfx>`: one value per thread count, tab-terminated, then `<engine> <testType> range=<N>`. */
export function parseSbR(text: string): { values: number[]; engine?: string; label?: string } {
  const line = lines(text)[0] ?? '';
  const parts = line.split('\t');
  const values: number[] = [];
  let i = 0;
  for (; i < parts.length; i++) {
    const n = parseNumber(parts[i]);
    if (n === undefined) break;
    values.push(n);
  }
  const rest = parts.slice(i).join(' ').trim();
  const [engine, ...label] = rest.split(/\s+/);
  return { values, engine: engine || undefined, label: label.join(' ') || undefined };
}

/**
 * `sb.prepare.o.<sfx>`: the table load. mytools run.sh ends it with `Load seconds is N for T tables, X Mips, Y ips`;
 * a plain `sysbench ... prepare` prints only what it creates, and `FATAL:` lines when it fails.
 */
export function parsePrepare(text: string): {
  seconds?: number;
  tables?: number;
  insertsPerSec?: number;
  commandLine?: string;
  rows?: number;
  errors: string[];
} {
  const out: ReturnType<typeof parsePrepare> = { errors: [] };
  for (const line of lines(text)) {
    let m: RegExpExecArray | null;
    if (line.includes('FATAL:')) out.errors.push(line.trim());
    if ((m = /^Load seconds is (\d+) for (\d+) tables,\s*(\S*)\s*Mips,\s*(\S*)\s*ips/.exec(line))) {
      out.seconds = Number(m[1]);
      out.tables = Number(m[2]);
      out.insertsPerSec = parseNumber(m[4]);
    } else if (!out.commandLine && /sysbench\s.*--\S+=.*\sprepare(\s|$)/.test(line)) out.commandLine = line;
    else if ((m = /^Inserting (\d+) records into/.exec(line))) out.rows = (out.rows ?? 0) + Number(m[1]);
  }
  return out;
}

// The 21 columns etl.sh writes per step into o.sum.t (docs/formats/insert-benchmark.md 1.7), computed from a parsed o.res file and
// printed exactly as etl.sh prints them, so they can be checked cell by cell against the harness's tables.
// etl.sh reads o.res by line number; we read it by content. They differ only where ios.sh printed
// `Cannot parse:` (no iostat samples): there etl.sh's line numbers land on the wrong lines (its csps column
// then holds the dbGB value) and we leave the system columns empty instead.
import { printfFixed } from '../../collectors/lib/numbers.ts';
import { SUMMARY_COLUMNS, type StepInfo, type SummaryColumn } from './vocabulary.ts';
import type { ResFile } from './parse-res.ts';

/** Column values as etl.sh prints them; a column it would print empty or `NA` is absent. */
export type SummaryRow = Partial<Record<SummaryColumn, string>>;

// bc with `scale=6`: decimals as integers scaled by 10^6, division truncated (bc does not round).
const SCALE = 1_000_000n;

function toScaled(text: string): bigint | undefined {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!m || (m[2] === '' && !m[3])) return undefined;
  const frac = (m[3] ?? '').padEnd(6, '0').slice(0, 6);
  const v = BigInt(m[2] || '0') * SCALE + BigInt(frac || '0');
  return m[1] ? -v : v;
}

function scaledText(v: bigint): string {
  const neg = v < 0n;
  const a = neg ? -v : v;
  return `${neg ? '-' : ''}${a / SCALE}.${(a % SCALE).toString().padStart(6, '0')}`;
}

/**
 * etl.sh's CPU µs per operation: `tcpu = (cpups / 100.0) * nsecs * ncpu` printed `%.1f`, then
 * `cpupq = (tcpu * 1000000.0) / (rate * nsecs)` printed `%.0f`, both in bc with scale=6.
 */
function etlCpuPerOp(cpups: string, seconds: number, cpus: number, rateText: string): string | undefined {
  const c = toScaled(cpups);
  const rate = toScaled(rateText);
  if (c === undefined || rate === undefined) return undefined;
  const tcpu = printfFixed(Number(scaledText(((c * SCALE) / (100n * SCALE)) * BigInt(seconds) * BigInt(cpus))), 1);
  const divisor = rate * BigInt(seconds);
  if (divisor === 0n) return undefined;
  const t = toScaled(tcpu)!;
  return printfFixed(Number(scaledText((t * 1_000_000n * SCALE) / divisor)), 0);
}

/** awk's `printf "%.0f"` of a printed number. */
const f0 = (text: string) => printfFixed(Number(text), 0);

/**
 * The etl.sh row of one step. `cpus` is report.sh's `ncpu` argument (not recorded in the result directory);
 * without it cpupq stays empty.
 */
export function summaryRow(res: ResFile, step: StepInfo, cpus: number | undefined): SummaryRow {
  const h = res.header!;
  const query = step.kind === 'query';
  const by = query ? res.byQuery : res.byInsert;
  const row: SummaryRow = {};
  const set = (k: SummaryColumn, v: string | undefined) => {
    if (v !== undefined && v !== '' && v !== 'NA') row[k] = v;
  };
  set('ips', f0(h.insertRateText));
  set('qps', query ? f0(h.queryRateText) : '0');
  const io = by.io;
  if (io) {
    set('rps', io[1]);
    set('rmbps', io[2]);
    set('wps', io[3]);
    set('wmbps', io[4]);
    set('rpq', io[5]);
    set('rkbpq', io[6]);
  }
  // wpi and wkbpi are always per insert (line 5), also in query steps.
  set('wpi', res.byInsert.io?.[7]);
  set('wkbpi', res.byInsert.io?.[8]);
  const vm = by.vm;
  if (vm) {
    set('csps', vm[1]);
    set('cpups', vm[2]);
    set('cspq', vm[3]);
    if (cpus && vm[2]) set('cpupq', etlCpuPerOp(vm[2], h.seconds, cpus, query ? h.queryRateText : h.insertRateText));
  }
  if (res.dbGB !== undefined) set('dbgb1', printfFixed(Number(res.dbGB), 1));
  if (res.dbdirGB !== undefined) set('dbgb2', printfFixed(Number(res.dbdirGB), 1));
  // ps aux: field 6 is RSS in KiB.
  const rssKiB = res.psLine?.trim().split(/\s+/)[5];
  if (rssKiB !== undefined) set('rss', printfFixed(Number(rssKiB) / (1024 * 1024), 1));
  set('maxop', (query ? res.max.query : res.max.insert)[0]);
  const pct = (p: number) => {
    const first = res.percentiles.find((x) => x.p === p);
    const v = query ? first?.query : first?.insert;
    return v === undefined ? undefined : String(v);
  };
  set('p50', pct(50));
  set('p99', pct(99));
  return row;
}

/** Unit of a summary column for a step: the per-operation columns are per insert (load steps) or per query. */
export function summaryUnit(col: SummaryColumn, info: Pick<StepInfo, 'kind'>): string {
  const op = info.kind === 'query' ? 'query' : 'insert';
  const units: Record<SummaryColumn, string> = {
    ips: info.kind === 'index' ? 'indexed rows/s' : 'inserts/s',
    qps: 'queries/s',
    rps: 'reads/s',
    rmbps: 'MB/s',
    wps: 'writes/s',
    wmbps: 'MB/s',
    rpq: `reads/${op}`,
    rkbpq: `KB/${op}`,
    wpi: 'writes/insert',
    wkbpi: 'KB/insert',
    csps: 'switches/s',
    cpups: '%',
    cspq: `switches/${op}`,
    cpupq: `µs/${op}`,
    dbgb1: 'GiB',
    dbgb2: 'GiB',
    rss: 'GiB',
    maxop: 's',
    p50: info.kind === 'query' ? 'queries/s' : 'inserts/s',
    p99: info.kind === 'query' ? 'queries/s' : 'inserts/s',
  };
  return units[col];
}

/**
 * Columns of older etl.sh versions (docs/formats/insert-benchmark.md 1.7, column-set history): the 2020 set
 * (`rkbps wkbps` where `rmbps wps wmbps` are now) and the older legend's (`wkbpq ccpupq dbgb vsz p90`). They are
 * read as printed, under their own names: converting KB/s to MB/s would print digits the table does not hold.
 */
type OldSummaryColumn = 'rkbps' | 'wkbps' | 'wkbpq' | 'ccpupq' | 'dbgb' | 'vsz' | 'p90';

/** Unit of a column of any known column set, or undefined for a column benchsite does not know. */
export function anySummaryUnit(col: string, info: Pick<StepInfo, 'kind'>): string | undefined {
  if ((SUMMARY_COLUMNS as readonly string[]).includes(col)) return summaryUnit(col as SummaryColumn, info);
  const op = info.kind === 'query' ? 'query' : 'insert';
  const old: Record<OldSummaryColumn, string> = {
    rkbps: 'KB/s',
    wkbps: 'KB/s',
    wkbpq: `KB/${op}`,
    ccpupq: `client µs/${op}`,
    dbgb: 'GiB',
    vsz: 'GiB',
    p90: info.kind === 'query' ? 'queries/s' : 'inserts/s',
  };
  return old[col as OldSummaryColumn];
}

// One step directory (l.i0, l.x, qr100.L1 ...) -> a test: np.sh's o.res (or the same numbers derived from o.ib when
// benchsite ran iibench.py), the clients' o.ib, vmstat/iostat, o.rate.c.*. Pure.
import type { Meta, ResultRow, Series, SystemMetrics, Test } from '../../src/schemas/index.ts';
import {
  type StepInfo,
  SUMMARY_COLUMNS,
  iostatMetricName,
  summaryColumnMetric,
  type StepMetric,
} from './vocabulary.ts';
import { cpuCount } from '../../collectors/lib/assemble-run.ts';
import { parseIostat } from '../../collectors/lib/iostat.ts';
import { redactSecrets } from '../../collectors/lib/provenance.ts';
import { deviceNotInIostat, noteOnce } from '../../collectors/lib/messages.ts';
import { entryText, type RawEntry } from '../../collectors/lib/raw-tree.ts';
import {
  chooseDevice,
  iostatSeries,
  systemMetrics,
  systemResultRows,
  vmstatSeries,
} from '../../collectors/lib/system-metrics.ts';
import { parseVmstat } from '../../collectors/lib/vmstat.ts';
import { deriveRes, wallSeconds } from './derive-res.ts';
import { oResLines } from './harness-lines.ts';
import { intervalUnit, parseIbOutput, type IbOutput } from './parse-ib.ts';
import { histogramsOf } from './histograms.ts';
import { parseResFile, type ResFile } from './parse-res.ts';
import { rateTenthsSeries } from './parse-rate.ts';
import { summaryRow, summaryUnit } from './summary-columns.ts';
import { iostatColumnUnit, sumIostat } from './sum-iostat.ts';
import type { BenchsiteRun } from './harvest-dir.ts';

/** vmstat/iostat sample every 5 s in np.sh. */
const MONITOR_INTERVAL_S = 5;

/** The posts' SLA: the background insert rate must reach 95 % of the target. */
const SLA_THRESHOLD = 0.95;

export interface StepResult {
  test: Test;
  rows: ResultRow[];
  series: Series[];
  res?: ResFile;
  ib: IbOutput[];
  cpus?: number;
  date?: string;
  hostName?: string;
  kernel?: string;
  /** No o.res: np.sh's numbers were derived from o.ib and the journal. */
  derived: boolean;
}

const CREDENTIAL = /^(db_user|db_password|db_host|db_socket|db_name|seed|my_id|secs_per_report)$/;

function stepParams(
  info: StepInfo,
  ib: IbOutput | undefined,
  clients: number | undefined,
): Record<string, string | number | boolean> {
  const params: Record<string, string | number | boolean> = { step_kind: info.kind };
  if (info.queries) params.queries = info.queries;
  if (clients !== undefined) params.clients = clients;
  for (const [k, v] of Object.entries(ib?.options ?? {})) {
    if (CREDENTIAL.test(k) || v === '') continue;
    params[k] = v === true ? true : /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
  }
  return params;
}

interface StepContext {
  dirClients?: number;
  meta?: Meta;
  notes: string[];
  /** Set when `benchsite run` made the directory: then np.sh's numbers are derived (derive-res.ts). */
  run?: BenchsiteRun;
  /** Rows l.x indexes beyond its own inserts. */
  indexedRows?: number;
}

export function harvestStep(info: StepInfo, files: RawEntry[], c: StepContext): StepResult {
  const name = info.name;
  const local = (e: RawEntry) => e.path.slice(name.length + 1).replace(/\.gz$/, '');
  const find = (re: RegExp) => files.filter((e) => re.test(local(e)));
  const resFile = find(/^o\.res\.dop\d+$/)[0];
  const ibFiles = find(/^o\.ib\.dop\d+\.\d+$/).sort((a, b) => clientOf(a) - clientOf(b));
  const ib = ibFiles.map((e) => parseIbOutput(entryText(e)));
  const dop = Number(/dop(\d+)/.exec(local(resFile ?? ibFiles[0] ?? files[0]!))?.[1]) || undefined;
  const clock = c.run?.times.get(`test:${name}`);
  const { res, derived, error } = stepRes(info, resFile, ibFiles, ib, c);
  const clients = res?.header?.processes ?? c.dirClients ?? (ibFiles.length || dop);
  const test: Test = {
    name,
    status: error ? 'failed' : 'ok',
    error,
    params: stepParams(info, ib[0], clients),
    command: ib[0]?.command ? redactSecrets(ib[0].command) : undefined,
    rawFiles: files.map((e) => e.path),
    startedAt: clock?.startedAt,
    endedAt: clock?.endedAt,
  };
  const rows: ResultRow[] = [];
  const add = (metric: string, value: number | undefined, unit: string) => {
    if (value !== undefined && Number.isFinite(value)) rows.push({ test: name, metric, value, unit });
  };
  const h = res?.header;
  if (h) {
    const step = (metric: StepMetric, value: number, unit: string) => add(metric, value, unit);
    step('inserts_per_s', h.insertRate, info.kind === 'index' ? 'indexed rows/s' : 'inserts/s');
    step('queries_per_s', h.queryRate, 'queries/s');
    step('seconds', h.seconds, 's');
    step('queries_total', h.queries, 'queries');
  }
  const vmFile = find(/^o\.vm\.dop\d+$/)[0];
  const ioFile = find(/^o\.io\.dop\d+$/)[0];
  const sys = stepSystem(info, vmFile, ioFile, res, derived, c);
  if (sys.system) {
    test.system = sys.system;
    rows.push(
      ...systemResultRows(name, sys.system, info.kind === 'query' ? 'query' : info.kind === 'index' ? 'row' : 'insert'),
    );
  }
  if (res && h) harnessRows(info, res, sys.cpus, add);
  add('index_seconds', ib[0]?.indexSeconds, 's');
  if (sys.ioText !== undefined && sys.device) iostatColumns(name, sys.ioText, sys.device, res, add, c.notes);
  if (info.kind === 'query' && h && info.ratePerClient && clients) {
    const target = clients * info.ratePerClient;
    test.sla = {
      targetInsertsPerS: target,
      achievedInsertsPerS: h.insertRate,
      threshold: SLA_THRESHOLD,
      passed: h.insertRate >= SLA_THRESHOLD * target,
    };
  }
  const { histograms, error: rtError } = histogramsOf(ib, ibFiles);
  if (histograms.length) test.histograms = histograms;
  if (rtError) {
    test.status = 'failed';
    if (test.error) c.notes.push(`${name}: ${rtError}`);
    else test.error = rtError;
  }
  const rateFiles = find(/^o\.rate\.c\.\d$/).map((e) => ({ field: local(e).slice(-1), text: entryText(e) }));
  const series = stepSeries(ib, ibFiles, rateFiles, sys);
  if (series.length) test.series = series.map((s) => s.name);
  return {
    test,
    rows,
    series,
    res,
    ib,
    cpus: sys.cpus,
    date: sys.io?.parsed.date,
    hostName: sys.io?.parsed.hostname,
    kernel: sys.io?.parsed.kernel,
    derived,
  };
}

/**
 * np.sh's numbers of the step: its o.res, or, when benchsite ran iibench.py (no np.sh), the same numbers derived
 * from the clients' o.ib and the step's start and end in the journal; and why the step failed, if it did.
 */
function stepRes(info: StepInfo, resFile: RawEntry | undefined, ibFiles: RawEntry[], ib: IbOutput[], c: StepContext) {
  const name = info.name;
  let res: ResFile | undefined;
  let error: string | undefined;
  const clock = c.run?.times.get(`test:${name}`);
  const derived = !resFile && c.run !== undefined && ib.length > 0 && !!clock?.startedAt && !!clock.endedAt;
  if (derived) {
    if (info.kind === 'index' && c.indexedRows === undefined)
      c.notes.push(
        `${name}: no l.i0 in this run and no <rows>m label, so its rate counts only its own inserts, not the indexed rows`,
      );
    res = deriveRes({
      ib,
      seconds: wallSeconds(clock.startedAt!, clock.endedAt!),
      extraRows: info.kind === 'index' ? c.indexedRows : undefined,
    });
  } else if (!resFile) error = `${name}/o.res.dop*: missing: np.sh did not finish the step`;
  else {
    try {
      res = parseResFile(entryText(resFile), resFile.path);
    } catch (e) {
      error = (e as Error).message;
    }
  }
  const failure = c.run?.failed.get(`test:${name}`);
  // benchsite's journal has the failing client's exit and last error line.
  if (failure && !error) error = `${ibFiles.map((e) => e.path).join(', ')}: iibench.py failed (${failure})`;
  const unfinished = ib.map((x, i) => ({ x, i })).filter(({ x }) => !x.done);
  if (!error && unfinished.length) {
    error = `${unfinished.map(({ i }) => ibFiles[i]!.path).join(', ')}: iibench.py did not print "Done"${unfinished[0]!.x.errors[0] ? `: ${unfinished[0]!.x.errors[0]}` : ''}`;
  }
  for (const [i, x] of ib.entries())
    if (x.errors.length)
      c.notes.push(`${name}: ${ibFiles[i]!.path} printed ${x.errors.length} error line(s), the first: ${x.errors[0]}`);
  return { res, derived, error };
}

/** vmstat / iostat of the step: averaged the harness way (ios.sh keeps the first iostat line) and the clean way. */
function stepSystem(
  info: StepInfo,
  vmFile: RawEntry | undefined,
  ioFile: RawEntry | undefined,
  res: ResFile | undefined,
  derived: boolean,
  { meta, notes, run }: StepContext,
) {
  const name = info.name;
  const h = res?.header;
  const isQuery = info.kind === 'query';
  const vm = vmFile ? { parsed: parseVmstat(entryText(vmFile)) } : undefined;
  const ioText = ioFile ? entryText(ioFile) : undefined;
  const io = ioText !== undefined ? { parsed: parseIostat(ioText), text: ioText } : undefined;
  const { cpus, cpusSource } = cpuCount(io?.parsed.cpus, meta);
  // np.sh names the device (dname); a benchsite run has the spec's host.device or the only busy one.
  // A --meta device the iostat files lack is set aside (with one note per run) rather than silently
  // leaving every IO column empty. An iostat file without samples names no device; its step has its own note.
  const seen = io?.parsed.deviceNames ?? [];
  const missing = seen.length > 0 && meta?.device && !seen.includes(meta.device) ? meta.device : undefined;
  const given = missing ? undefined : meta?.device;
  const chosen = derived && io && !given ? chooseDevice(io, {}) : undefined;
  const device = given ?? res?.iostatDevice ?? chosen?.device;
  if (missing)
    noteOnce(
      notes,
      deviceNotInIostat(missing, seen, {
        device,
        source: chosen?.device ? chosen.source : "the harness's dname in o.res",
      }),
    );
  const interval = run?.monitorSeconds ?? MONITOR_INTERVAL_S;
  if (!vm && !io) return { cpus, device, interval, ioText };
  const system = systemMetrics({
    vmstat: vm,
    iostat: io,
    device,
    deviceSource: given
      ? '--meta device'
      : chosen?.device
        ? chosen.source
        : device
          ? "o.res (the harness's dname)"
          : undefined,
    opsPerS: h ? (isQuery ? h.queryRate : h.insertRate) : undefined,
    opsMetric: isQuery ? 'queries_per_s' : 'inserts_per_s',
    cpus,
    cpusSource,
    intervalSeconds: interval,
    harnessSkipFirstIostat: false,
  });
  if (derived && h) {
    // The o.res lines ios.sh would print from these averages (there is no o.res to check them against).
    const lines = (rateText: string) => {
      const l = oResLines(system, rateText);
      return { io: l.io?.split('\t'), vm: l.vm?.split('\t') };
    };
    res!.byInsert = lines(h.insertRateText);
    if (h.queryRate > 0) res!.byQuery = lines(h.queryRateText);
    if (!system.harness.iostat)
      notes.push(
        `${name}: shorter than the ${interval} s sampling interval, so there is no iostat sample; its storage columns stay empty`,
      );
  } else if (res?.cannotParse) {
    // ios.sh found no iostat sample and printed nothing: the harness has no averages for this step.
    system.harness = {};
    notes.push(
      `${name}: shorter than the ${MONITOR_INTERVAL_S} s iostat interval, so there are no iostat samples and o.res has no system metrics ("${res.cannotParse}"); its summary columns rps..cpupq stay empty`,
    );
  } else if (h) {
    checkHarnessLines(name, system, res!, notes, missing !== undefined && device === undefined);
  }
  return { system, vm, io, ioText, cpus, device, interval };
}

type AddRow = (metric: string, value: number | undefined, unit: string) => void;

/** The harness's columns of the step (etl.sh's summary, the largest response times, rate percentiles, CPU). */
function harnessRows(info: StepInfo, res: ResFile, cpus: number | undefined, add: AddRow) {
  const summary = summaryRow(res, info, cpus);
  // A column that reprints an o.res fact stored above under benchsite's name (ips is inserts_per_s) is not stored again.
  for (const col of SUMMARY_COLUMNS)
    if (summaryColumnMetric(col, info.kind) === col)
      add(col, summary[col] === undefined ? undefined : Number(summary[col]), summaryUnit(col, info));
  add('max_insert_s', num(res.max.insert[0]), 's');
  add('max_delete_s', num(res.max.delete[0]), 's');
  add('max_query_s', num(res.max.query[0]), 's');
  for (const p of res.percentiles.filter((x) => x.client === 1)) {
    add(`insert_rate_p${p.p}`, p.insert, 'inserts/s');
    add(`delete_rate_p${p.p}`, p.delete, 'deletes/s');
    add(`query_rate_p${p.p}`, p.query, 'queries/s');
  }
  add('client_cpu_s', res.cpu.client?.total, 's');
  add('dbms_cpu_s', res.cpu.dbms, 's');
}

/** Per-column iostat averages of the database's device, as the harness prints them in o.res (checked). */
function iostatColumns(
  name: string,
  ioText: string,
  device: string,
  res: ResFile | undefined,
  add: AddRow,
  notes: string[],
) {
  const avg = sumIostat(ioText, device);
  if (!avg) return;
  avg.columns.forEach((c, j) => add(iostatMetricName(c), avg.values[j], iostatColumnUnit(c)));
  const printed = res?.iostatAverages?.values;
  if (printed && printed.join('\t') !== avg.printed.join('\t')) {
    notes.push(
      `${name}: iostat column averages differ from o.res: ours "${avg.printed.join(' ')}", file "${printed.join(' ')}"`,
    );
  }
}

/** The step's series: each client's per-second lines, the o.rate tenths, vmstat and iostat. */
function stepSeries(
  ib: IbOutput[],
  ibFiles: RawEntry[],
  rateFiles: { field: string; text: string }[],
  sys: ReturnType<typeof stepSystem>,
): Series[] {
  const series: Series[] = [];
  ib.forEach((c, i) => {
    if (!c.intervals.length) return;
    const every = Number(c.options.secs_per_report);
    series.push({
      name: `iibench.client${clientOf(ibFiles[i]!)}`,
      intervalSeconds: every > 0 ? every : undefined,
      columns: c.columns.map((n) => ({ name: n, unit: intervalUnit(n) })),
      rows: c.intervals,
    });
  });
  const tenths = rateTenthsSeries(rateFiles);
  if (tenths) series.push(tenths);
  if (sys.vm) {
    const s = vmstatSeries(sys.vm.parsed, sys.interval);
    if (s) series.push(s);
  }
  if (sys.io && sys.device) {
    const s = iostatSeries(sys.io.parsed, sys.device, sys.interval);
    if (s) series.push(s);
  }
  return series;
}

const num = (text: string | undefined) => (text === undefined ? undefined : Number(text));

function clientOf(e: RawEntry): number {
  return Number(/\.(\d+)(\.gz)?$/.exec(e.path)?.[1] ?? 0);
}

/** Our harness-compatible averages, printed as ios.sh prints them, must equal o.res lines 5, 8, 12 and 15. */
function checkHarnessLines(step: string, m: SystemMetrics, res: ResFile, notes: string[], ioNoted: boolean): void {
  const h = res.header!;
  const pairs: Array<[string, string[] | undefined, string | undefined]> = [];
  const byInsert = oResLines(m, h.insertRateText);
  pairs.push(
    ['insert-normalised iostat (line 5)', res.byInsert.io, byInsert.io],
    ['insert-normalised vmstat (line 8)', res.byInsert.vm, byInsert.vm],
  );
  if (h.queryRate > 0) {
    const byQuery = oResLines(m, h.queryRateText);
    pairs.push(
      ['query-normalised iostat (line 12)', res.byQuery.io, byQuery.io],
      ['query-normalised vmstat (line 15)', res.byQuery.vm, byQuery.vm],
    );
  }
  for (const [what, file, ours] of pairs) {
    if (file && ours !== undefined && file.join('\t') !== ours)
      notes.push(`${step}: ${what} differs from o.res: ours "${ours}", file "${file.join('\t')}"`);
    // An unknown --meta device already has its note; one per step and line would only repeat it.
    if (ioNoted && what.includes('iostat')) continue;
    if (file && ours === undefined) notes.push(`${step}: o.res has ${what} but the raw vmstat/iostat files give none`);
  }
}

// Insert Benchmark raw files -> runs. Pure: gets the files, returns runs (formats.md 1, 4).
//
// A mytools ibench result directory `<rows>m.<build>.c<config>/` (as rall1.sh + ra1.sh name it, usually under
// `<dop>u.1t<yes|no>/`) holds one directory per step (l.i0 l.x l.i1 l.i2 qr100.L1 ... and the older names of
// formats.md 1.2), each with o.res.dop<N>, o.ib.dop<N>.<client>, o.vm/o.io.dop<N>, o.rt.*, o.rate.* and the DBMS
// dumps; the config file (my.cnf / conf.diff) and server logs sit beside the steps. One run per directory.
// Trees that hold only the harness's summaries (o.sum.t.*, mrg.*) are read by harvest-summaries.ts.
import type {
  Histogram,
  InsertBenchmarkWorkload,
  Meta,
  ResultRow,
  Run,
  Series,
  SystemMetrics,
  Test,
} from '../../src/schemas/index.ts';
import { isStepName, parseStepName, sortSteps, type StepInfo } from '../../src/analysis/insert-benchmark-steps.ts';
import { assembleRun, cpuCount, postgresVersionInLog, runDate, runHostName } from '../lib/assemble-run.ts';
import { parseConfigSettings } from '../lib/config-file.ts';
import type { HarvestedRun, HarvestResult } from '../lib/harvested.ts';
import { parseIostat } from '../lib/iostat.ts';
import { decodeLabel } from '../lib/labels.ts';
import { JOURNAL, parseJournal, type JournalEvent } from '../lib/journal.ts';
import { RAW_META, withRawMeta } from '../lib/meta.ts';
import { redactSecrets, sha256Hex } from '../lib/provenance.ts';
import { entryName, entryText, type RawEntry, type RawTree } from '../lib/raw-tree.ts';
import { chooseDevice, iostatSeries, systemMetrics, systemResultRows, vmstatSeries } from '../lib/system-metrics.ts';
import { parseVmstat } from '../lib/vmstat.ts';
import { deriveRes, wallSeconds } from './derive-res.ts';
import { harvestSummaries, isSummaryFile } from './harvest-summaries.ts';
import { MONITORS_FILE, monitorIntervalOf } from './monitors-file.ts';
import { oResLines } from './harness-lines.ts';
import { bucketUpperSeconds, intervalUnit, parseIbOutput, type IbOutput } from './parse-ib.ts';
import { parseResFile, type ResFile } from './parse-res.ts';
import { rateTenthsSeries } from './parse-rate.ts';
import { summaryRow, summaryUnit } from './summary-columns.ts';
import { iostatColumnUnit, sumIostat } from './sum-iostat.ts';
import { SUMMARY_COLUMNS, iostatMetricName } from '../../src/analysis/insert-benchmark-columns.ts';

export interface InsertBenchmarkHarvestOptions {
  meta?: Meta;
  /** Name of the meta file, recorded as a source. */
  metaName?: string;
}

/** Step files that make a directory a step of a result directory. */
const STEP_FILE = /^o\.(res|ib)\.dop\d+/;
/** vmstat/iostat sample every 5 s in np.sh. */
const MONITOR_INTERVAL_S = 5;
/** The posts' SLA: the background insert rate must reach 95 % of the target. */
export const SLA_THRESHOLD = 0.95;

/** Harvest every Insert Benchmark run found in a raw tree. */
export function harvestInsertBenchmark(tree: RawTree, opts: InsertBenchmarkHarvestOptions = {}): HarvestResult {
  const found = resultDirectories(tree.entries);
  if (found.length === 0) return harvestSummaries(tree, opts);
  const result: HarvestResult = { runs: [], skipped: [] };
  const { dirs, copies } = withoutCopies(tree.entries, found);
  for (const [copy, of] of copies) {
    for (const e of tree.entries.filter((x) => x.path.startsWith(`${copy}/`))) {
      result.skipped.push({
        path: e.path,
        reason: `in a copy of the result directory ${of} (same o.res files, as the mytools report scripts make); harvested once, from ${of}`,
      });
    }
  }
  const used = new Set<string>(result.skipped.map((s) => s.path));
  for (const dir of dirs) {
    const prefix = dir ? `${dir}/` : '';
    const entries = tree.entries.filter((e) => e.path.startsWith(prefix));
    entries.forEach((e) => used.add(e.path));
    const label = dir ? dir.slice(dir.lastIndexOf('/') + 1) : tree.name;
    result.runs.push(
      harvestResultDir(
        label,
        dir || tree.name,
        entries.map((e) => ({ ...e, path: e.path.slice(prefix.length) })),
        dir,
        opts,
      ),
    );
  }
  for (const e of tree.entries) {
    if (used.has(e.path)) continue;
    result.skipped.push({
      path: e.path,
      reason: isSummaryFile(e.path)
        ? 'a mytools report or summary file: benchsite computes these from the raw runs beside it'
        : 'not part of an Insert Benchmark result directory',
    });
  }
  return result;
}

/** Directories (relative to the tree) that have at least one step directory with an o.res or o.ib file. */
export function resultDirectories(entries: RawEntry[]): string[] {
  const dirs = new Set<string>();
  for (const e of entries) {
    const parts = e.path.split('/');
    if (parts.length >= 2 && STEP_FILE.test(parts[parts.length - 1]!) && isStepName(parts[parts.length - 2]!))
      dirs.add(parts.slice(0, -2).join('/'));
  }
  // The partial output of an interrupted step that `benchsite run --resume` set aside is part of its run, not a run.
  const runs = new Set(
    entries
      .filter((e) => e.path === JOURNAL || e.path.endsWith(`/${JOURNAL}`))
      .map((e) => e.path.slice(0, -JOURNAL.length)),
  );
  const setAside = (d: string) => [...runs].some((r) => d.startsWith(`${r}attempts/`));
  return [...dirs].filter((d) => !setAside(d)).sort();
}

/**
 * report.sh copies each result directory next to its tables (and adds o.sum.* and gpi.* files). Two directories
 * with the same name and byte-identical o.res files are one run: keep the one with fewer files (the original).
 */
function withoutCopies(entries: RawEntry[], dirs: string[]): { dirs: string[]; copies: Map<string, string> } {
  const name = (d: string) => d.slice(d.lastIndexOf('/') + 1);
  const filesOf = (d: string) => entries.filter((e) => e.path.startsWith(`${d}/`));
  const resKey = (d: string) =>
    filesOf(d)
      .filter((e) => /\/o\.res\.dop\d+$/.test(e.path))
      .map((e) => `${e.path.slice(d.length)}:${sha256Hex(e.data)}`)
      .sort()
      .join('\n');
  const copies = new Map<string, string>();
  const kept: string[] = [];
  for (const d of dirs) {
    const twin = kept.find((k) => name(k) === name(d) && resKey(k) === resKey(d));
    if (!twin) {
      kept.push(d);
      continue;
    }
    const [keep, drop] = filesOf(d).length < filesOf(twin).length ? [d, twin] : [twin, d];
    kept[kept.indexOf(twin)] = keep;
    copies.set(drop, keep);
  }
  for (const [copy, of] of copies) if (copies.has(of)) copies.set(copy, copies.get(of)!);
  return { dirs: kept, copies };
}

// ---------------------------------------------------------------------------------------------------------------

interface StepResult {
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

function harvestResultDir(
  label: string,
  input: string,
  entries: RawEntry[],
  dir: string,
  given: InsertBenchmarkHarvestOptions,
): HarvestedRun {
  const rawMeta = entries.find((e) => e.path === RAW_META);
  const opts = {
    ...given,
    meta: withRawMeta(rawMeta ? entryText(rawMeta) : undefined, given.meta, rawMeta && entryName(rawMeta)),
  };
  const notes: string[] = [];
  const byStep = new Map<string, RawEntry[]>();
  for (const e of entries) {
    const slash = e.path.indexOf('/');
    if (slash < 0) continue;
    const step = e.path.slice(0, slash);
    if (!isStepName(step)) continue;
    let list = byStep.get(step);
    if (!list) byStep.set(step, (list = []));
    list.push(e);
  }
  const parent = parentFacts(dir);
  const m = /^(\d+(?:\.\d+)?)m\.(.+)$/.exec(label);
  const bench = benchsiteRunOf(entries);
  // l.x indexes the rows l.i0 loaded: iq.sh counts them in l.x's rate (np.sh's extra_insert).
  const l0 = (byStep.get('l.i0') ?? [])
    .filter((e) => /\/o\.ib\.dop\d+\.\d+$/.test(e.path))
    .map((e) => Number(parseIbOutput(entryText(e)).options.max_rows));
  const indexedRows =
    l0.length && l0.every((x) => x > 0)
      ? l0.reduce((a, b) => a + b, 0)
      : m
        ? Math.round(Number(m[1]) * 1e6)
        : undefined;
  const steps: StepResult[] = sortSteps([...byStep.keys()]).map((name) =>
    harvestStep(parseStepName(name)!, byStep.get(name)!, {
      dirClients: parent.clients,
      meta: opts.meta,
      notes,
      run: bench,
      indexedRows,
    }),
  );
  if (steps.some((s) => s.derived)) {
    notes.push(
      "benchsite ran iibench.py itself (no np.sh, so no o.res): each step's numbers are computed from its o.ib, o.vm and o.io files and its start and end in benchsite-journal.jsonl, with np.sh's arithmetic; dbgb1, dbgb2, rss and the client and DBMS CPU seconds, which np.sh measures outside iibench, are unknown",
    );
  }
  const dirClients = parent.clients;
  const tablePerClient = parent.tablePerClient ?? tablesOf(steps);
  const decoded = decodeLabel(m ? m[2]! : label, { configHasCPrefix: true });
  const text = (path: string) => {
    const e = entries.find((x) => x.path === path);
    return e ? entryText(e) : undefined;
  };
  const clientsSeen = steps.map((s) => s.test.params?.clients).filter((x): x is number => typeof x === 'number');
  const clients = dirClients ?? clientsSeen[0];
  const rowsOf = (kind: StepInfo['kind'][]) =>
    steps
      .filter((s) => kind.includes(parseStepName(s.test.name)!.kind) && s.res?.header)
      .reduce((a, s) => a + s.res!.header!.processes * s.res!.header!.rowsPerProcess, 0);
  const queryStep = steps.find((s) => parseStepName(s.test.name)!.kind === 'query' && s.ib[0]);
  const qOpt = queryStep?.ib[0]?.options;
  const writeSteps = steps.filter((s) => parseStepName(s.test.name)!.kind === 'write');
  const rates = [
    ...new Set(steps.map((s) => parseStepName(s.test.name)!.ratePerClient).filter((r): r is number => r !== undefined)),
  ].sort((a, b) => a - b);
  const workload: InsertBenchmarkWorkload = {
    kind: 'insert-benchmark',
    clients,
    tablePerClient,
    rowsInitial: m ? Math.round(Number(m[1]) * 1e6) : rowsOf(['load']) || undefined,
    rowsWrite: rowsOf(['write']) || undefined,
    querySeconds:
      qOpt && Number(qOpt.inserts_per_second) > 0 ? Number(qOpt.max_rows) / Number(qOpt.inserts_per_second) : undefined,
    rates: rates.length ? rates : undefined,
    deletePerInsert: steps.some((s) => s.ib.some((c) => c.options.delete_per_insert === true)) || undefined,
    rowsPerCommit: writeSteps
      .map((s) => Number(s.ib[0]?.options.rows_per_commit))
      .filter((x) => Number.isInteger(x) && x > 0),
  };
  if (!workload.rowsPerCommit?.length) delete workload.rowsPerCommit;

  const started = startTime(entries) ?? bench?.startedAt;
  const date = runDate(
    {
      meta: opts.meta,
      raw: [
        steps
          .map((s) => s.date)
          .filter((d): d is string => !!d)
          .sort()[0],
        started?.slice(0, 10),
      ],
      mtimes: entries.map((e) => e.mtimeMs),
      input,
      missing: 'no run date in the raw files (no iostat header)',
    },
    notes,
  );
  const withHost = steps.find((s) => s.hostName);
  const hostName = runHostName([withHost?.hostName], opts.meta, 'the raw files', notes);

  const tests = steps.map((s) => s.test);
  const results = steps.flatMap((s) => s.rows);
  const series: Record<string, Series[]> = {};
  for (const s of steps) if (s.series.length) series[s.test.name] = s.series;
  return assembleRun({
    benchmark: 'insert-benchmark',
    label,
    date,
    host: {
      name: hostName,
      kernel: steps.find((s) => s.kernel)?.kernel,
      cpus: steps.find((s) => s.cpus)?.cpus,
      serverClass: decoded.serverClass,
      sources: withHost ? ['iostat header'] : undefined,
    },
    dbms: {
      product: decoded.product,
      version: decoded.version,
      build: decoded.build,
      buildName: decoded.buildName,
      label: decoded.short ?? decoded.buildName ?? label,
      serverVersion: serverVersion(entries, text),
      engine: engineOf(steps) ?? decoded.engine,
    },
    config: configOf(entries, text, decoded.config),
    workload,
    tests,
    results,
    provenance: {
      source: 'raw',
      format: 'mytools-ibench',
      tools: [],
      commands: [...new Set(tests.map((t) => t.command).filter((c): c is string => !!c))],
      startedAt: started,
      endedAt: bench?.endedAt,
      input,
    },
    raw: entries,
    notes,
    series,
    meta: opts.meta,
    metaName: opts.metaName,
  });
}

/** `<dop>u.1t<yes|no>` of the parent directory (rall1.sh): clients and whether each client has its own table. */
function parentFacts(dir: string): { clients?: number; tablePerClient?: boolean } {
  const parent = dir.split('/').slice(-2, -1)[0] ?? '';
  const m = /^(\d+)u\.1t(yes|no)$/.exec(parent);
  return m ? { clients: Number(m[1]), tablePerClient: m[2] === 'no' } : {};
}

/** iq.sh's stand-in or real ini.sh prints `... at <date>`; the first one is when the run started. */
function startTime(entries: RawEntry[]): string | undefined {
  for (const e of entries) {
    if (!/^o\.ini\./.test(e.path)) continue;
    const m = / at \w{3} (\w{3}) +(\d+) (\d\d:\d\d:\d\d) UTC (\d{4})/.exec(entryText(e));
    if (!m) continue;
    const t = new Date(`${m[1]} ${m[2]} ${m[4]} ${m[3]} UTC`);
    if (!Number.isNaN(t.getTime())) return t.toISOString().replace(/\.000Z$/, 'Z');
  }
  return undefined;
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

/** What `benchsite run` records beside the step files: step times and failures (journal), the monitors' interval. */
interface BenchsiteRun {
  times: Map<string, { startedAt?: string; endedAt?: string }>;
  failed: Map<string, string>;
  monitorSeconds?: number;
  startedAt?: string;
  endedAt?: string;
}

function benchsiteRunOf(entries: RawEntry[]): BenchsiteRun | undefined {
  const j = entries.find((e) => e.path === JOURNAL);
  if (!j) return undefined;
  const events: JournalEvent[] = parseJournal(entryText(j));
  const times = new Map<string, { startedAt?: string; endedAt?: string }>();
  const failed = new Map<string, string>();
  for (const e of events) {
    if (e.event === 'start') times.set(e.step, { startedAt: e.at });
    else if ((e.event === 'done' || e.event === 'failed') && times.has(e.step)) times.get(e.step)!.endedAt = e.at;
    if (e.event === 'failed') failed.set(e.step, e.reason);
  }
  const monitors = entries.find((e) => e.path === MONITORS_FILE);
  const at = [...times.values()];
  return {
    times,
    failed,
    monitorSeconds: monitors ? monitorIntervalOf(entryText(monitors)) : undefined,
    startedAt: at
      .map((t) => t.startedAt)
      .filter((x): x is string => !!x)
      .sort()[0],
    endedAt: at
      .map((t) => t.endedAt)
      .filter((x): x is string => !!x)
      .sort()
      .pop(),
  };
}

/** With several clients, whether each had its own table (`pi1`, `pi2` ...); one client cannot tell. */
function tablesOf(steps: StepResult[]): boolean | undefined {
  const multi = steps.find((s) => s.ib.length > 1);
  return multi ? new Set(multi.ib.map((c) => c.options.table_name)).size > 1 : undefined;
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

function harvestStep(
  info: StepInfo,
  files: RawEntry[],
  { dirClients, meta, notes, run, indexedRows }: StepContext,
): StepResult {
  const name = info.name;
  const local = (e: RawEntry) => e.path.slice(name.length + 1).replace(/\.gz$/, '');
  const find = (re: RegExp) => files.filter((e) => re.test(local(e)));
  const resFile = find(/^o\.res\.dop\d+$/)[0];
  const ibFiles = find(/^o\.ib\.dop\d+\.\d+$/).sort((a, b) => clientOf(a) - clientOf(b));
  const ib = ibFiles.map((e) => parseIbOutput(entryText(e)));
  const vmFile = find(/^o\.vm\.dop\d+$/)[0];
  const ioFile = find(/^o\.io\.dop\d+$/)[0];
  const dop = Number(/dop(\d+)/.exec(local(resFile ?? ibFiles[0] ?? files[0]!))?.[1]) || undefined;

  let res: ResFile | undefined;
  let error: string | undefined;
  const clock = run?.times.get(`test:${name}`);
  const derived = !resFile && run !== undefined && ib.length > 0 && !!clock?.startedAt && !!clock.endedAt;
  if (derived) {
    if (info.kind === 'index' && indexedRows === undefined)
      notes.push(
        `${name}: no l.i0 in this run and no <rows>m label, so its rate counts only its own inserts, not the indexed rows`,
      );
    res = deriveRes({
      ib,
      seconds: wallSeconds(clock.startedAt!, clock.endedAt!),
      extraRows: info.kind === 'index' ? indexedRows : undefined,
    });
  } else if (!resFile) error = `${name}/o.res.dop*: missing: np.sh did not finish the step`;
  else {
    try {
      res = parseResFile(entryText(resFile), resFile.path);
    } catch (e) {
      error = (e as Error).message;
    }
  }
  const failure = run?.failed.get(`test:${name}`);
  // benchsite's journal has the failing client's exit and last error line.
  if (failure && !error) error = `${ibFiles.map((e) => e.path).join(', ')}: iibench.py failed (${failure})`;
  const clients = res?.header?.processes ?? dirClients ?? (ibFiles.length || dop);
  const unfinished = ib.map((c, i) => ({ c, i })).filter(({ c }) => !c.done);
  if (!error && unfinished.length) {
    error = `${unfinished.map(({ i }) => ibFiles[i]!.path).join(', ')}: iibench.py did not print "Done"${unfinished[0]!.c.errors[0] ? `: ${unfinished[0]!.c.errors[0]}` : ''}`;
  }
  for (const [i, c] of ib.entries())
    if (c.errors.length)
      notes.push(`${name}: ${ibFiles[i]!.path} printed ${c.errors.length} error line(s), the first: ${c.errors[0]}`);

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
  const series: Series[] = [];
  const add = (metric: string, value: number | undefined, unit: string) => {
    if (value !== undefined && Number.isFinite(value)) rows.push({ test: name, metric, value, unit });
  };
  const h = res?.header;
  const isQuery = info.kind === 'query';
  const opName = isQuery ? 'query' : info.kind === 'index' ? 'row' : 'insert';
  if (h) {
    add('inserts_per_s', h.insertRate, info.kind === 'index' ? 'indexed rows/s' : 'inserts/s');
    add('queries_per_s', h.queryRate, 'queries/s');
    add('seconds', h.seconds, 's');
    add('queries_total', h.queries, 'queries');
  }

  // vmstat / iostat: averaged the harness way (ios.sh keeps the first iostat line) and the clean way.
  const vm = vmFile ? { parsed: parseVmstat(entryText(vmFile)) } : undefined;
  const ioText = ioFile ? entryText(ioFile) : undefined;
  const io = ioText !== undefined ? { parsed: parseIostat(ioText), text: ioText } : undefined;
  const { cpus, cpusSource } = cpuCount(io?.parsed.cpus, meta);
  // np.sh names the device (dname); a benchsite run has the spec's host.device or the only busy one.
  const chosen = derived && io && !meta?.device ? chooseDevice(io, {}) : undefined;
  const device = meta?.device ?? res?.iostatDevice ?? chosen?.device;
  const interval = run?.monitorSeconds ?? MONITOR_INTERVAL_S;
  let system: SystemMetrics | undefined;
  if (vm || io) {
    system = systemMetrics({
      vmstat: vm,
      iostat: io,
      device,
      deviceSource: meta?.device
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
        const l = oResLines(system!, rateText);
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
      checkHarnessLines(name, system, res!, notes);
    }
    test.system = system;
    rows.push(...systemResultRows(name, system, opName));
  }

  if (res && h) {
    const summary = summaryRow(res, info, cpus);
    for (const col of SUMMARY_COLUMNS)
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
  add('index_seconds', ib[0]?.indexSeconds, 's');
  if (ioText !== undefined && device) {
    const avg = sumIostat(ioText, device);
    if (avg) {
      avg.columns.forEach((c, j) => add(iostatMetricName(c), avg.values[j], iostatColumnUnit(c)));
      const printed = res?.iostatAverages?.values;
      if (printed && printed.join('\t') !== avg.printed.join('\t')) {
        notes.push(
          `${name}: iostat column averages differ from o.res: ours "${avg.printed.join(' ')}", file "${printed.join(' ')}"`,
        );
      }
    }
  }

  if (isQuery && h && info.ratePerClient && clients) {
    const target = clients * info.ratePerClient;
    test.sla = {
      targetInsertsPerS: target,
      achievedInsertsPerS: h.insertRate,
      threshold: SLA_THRESHOLD,
      passed: h.insertRate >= SLA_THRESHOLD * target,
    };
  }
  const histograms = histogramsOf(ib);
  if (histograms.length) test.histograms = histograms;

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
  const tenths = rateTenthsSeries(
    find(/^o\.rate\.c\.\d$/).map((e) => ({ field: local(e).slice(-1), text: entryText(e) })),
  );
  if (tenths) series.push(tenths);
  if (vm) {
    const s = vmstatSeries(vm.parsed, interval);
    if (s) series.push(s);
  }
  if (io && device) {
    const s = iostatSeries(io.parsed, device, interval);
    if (s) series.push(s);
  }
  if (series.length) test.series = series.map((s) => s.name);
  return {
    test,
    rows,
    series,
    res,
    ib,
    cpus,
    date: io?.parsed.date,
    hostName: io?.parsed.hostname,
    kernel: io?.parsed.kernel,
    derived,
  };
}

const num = (text: string | undefined) => (text === undefined ? undefined : Number(text));

function clientOf(e: RawEntry): number {
  return Number(/\.(\d+)(\.gz)?$/.exec(e.path)?.[1] ?? 0);
}

/** Our harness-compatible averages, printed as ios.sh prints them, must equal o.res lines 5, 8, 12 and 15. */
function checkHarnessLines(step: string, m: SystemMetrics, res: ResFile, notes: string[]): void {
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
    if (file && ours === undefined) notes.push(`${step}: o.res has ${what} but the raw vmstat/iostat files give none`);
  }
}

/** Per-client histograms from iibench's last `... rt:` lines, plus their sum (`all`) when there are several clients. */
function histogramsOf(ib: IbOutput[]): Histogram[] {
  const out: Histogram[] = [];
  for (const op of ['insert', 'delete', 'query'] as const) {
    const per = ib.map((c, i) => ({ h: c.histograms.find((x) => x.op === op), client: i + 1 })).filter((x) => x.h);
    for (const { h, client } of per) {
      out.push({
        name: op,
        client,
        buckets: h!.labels.map((label, j) => ({
          label,
          upperSeconds: bucketUpperSeconds(label),
          count: h!.counts[j]!,
        })),
        maxSeconds: h!.maxSeconds,
      });
    }
    if (per.length > 1) {
      const first = per[0]!.h!;
      out.push({
        name: op,
        client: 'all',
        buckets: first.labels.map((label, j) => ({
          label,
          upperSeconds: bucketUpperSeconds(label),
          count: per.reduce((a, x) => a + (x.h!.counts[j] ?? 0), 0),
        })),
        maxSeconds: Math.max(...per.map((x) => x.h!.maxSeconds)),
      });
    }
  }
  return out;
}

function configOf(
  entries: RawEntry[],
  text: (p: string) => string | undefined,
  name: string | undefined,
): Run['config'] {
  const file = ['my.cnf', 'conf.diff', 'postgresql.conf', 'mongo.conf'].find((f) => entries.some((e) => e.path === f));
  const cfg: Run['config'] = { name: name ?? 'unspecified' };
  if (file) {
    const t = text(file)!;
    cfg.file = file;
    cfg.text = t;
    if (file !== 'mongo.conf') cfg.settings = parseConfigSettings(t, file === 'my.cnf' ? 'mycnf' : 'postgres');
  }
  return cfg;
}

/** The server's own version string: Postgres' log, the `version()` of ini.sh's output, or `show global variables`. */
function serverVersion(entries: RawEntry[], text: (p: string) => string | undefined): string | undefined {
  const log = text('logfile');
  const pg = log && postgresVersionInLog(log);
  if (pg) return pg;
  for (const e of entries.filter((x) => /^o\.ini\./.test(x.path))) {
    const t = entryText(e);
    const m = /^\s*(PostgreSQL \S+ \([^)]*\))/m.exec(t) ?? /^version\(\)\n(\S+)/m.exec(t);
    if (m) return m[1];
  }
  const gv = entries.find((e) => /^l\.i0\/o\.gv\./.test(e.path));
  const v = gv && /^version\t(\S+)/m.exec(entryText(gv));
  return v ? v[1] : undefined;
}

function engineOf(steps: StepResult[]): string | undefined {
  const e = steps.find((s) => s.ib[0]?.options.engine)?.ib[0]!.options.engine;
  return typeof e === 'string' && e && e !== 'pg' ? e : undefined;
}

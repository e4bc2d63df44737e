// sysbench raw files -> runs. Pure: gets the files, returns runs (formats.md 2, 4).
//
// Two layouts:
// - mytools: a directory `x.<build>.<config>.pk<0|1>/` with `sb.o.<test>.range<N>.pk<P>.dop<T>[.gz]` per test and
//   `sb.met.*`, `sb.r.*`, `sb.vm.*`, `sb.io.*`, `sb.prepare.*` beside them. One run per directory.
// - stock: files holding plain sysbench output (1.0.x or 1.1.x). One run per directory of them (or per file).
import { luaScriptsOfRun } from './lua-scripts.ts';
import type { Meta, ResultRow, Run, Series, SysbenchWorkload, Test } from '../../src/schemas/index.ts';
import { assembleRun, cpuCount, postgresVersionInLog, runDate, runHostName } from '../lib/assemble-run.ts';
import { parseConfigSettings } from '../lib/config-file.ts';
import type { HarvestedRun, HarvestResult } from '../lib/harvested.ts';
import { parseIostat, type Iostat } from '../lib/iostat.ts';
import { decodeLabel } from '../lib/labels.ts';
import { RAW_META, withRawMeta } from '../lib/meta.ts';
import { noIostatDevice } from '../lib/messages.ts';
import { JOURNAL, parseJournal, stepTimes } from '../lib/journal.ts';
import { printfFixed } from '../lib/numbers.ts';
import { redactSecrets } from '../lib/provenance.ts';
import { byDirectory, entryName, entryText, fileName, type RawEntry, type RawTree } from '../lib/raw-tree.ts';
import { chooseDevice, iostatSeries, systemMetrics, systemResultRows, vmstatSeries } from '../lib/system-metrics.ts';
import { parseVmstat } from '../lib/vmstat.ts';
import { parseSbMet, parsePrepare, parseSbR, type SbMet } from './parse-met.ts';
import { parseSysbenchOutput, type SysbenchOutput } from './parse-output.ts';
import { SYSBENCH_TESTS, baseTestType, sysbenchTestName, testTypeForLua } from './tests.ts';

export interface SysbenchHarvestOptions {
  meta?: Meta;
  /** Name of the meta file, recorded as a source. */
  metaName?: string;
}

/** `sb.o.<test>.range<N>.pk<P>.dop<T>[.gz]`; `sb.o.myvac*` and friends do not match. */
const SB_O = /^sb\.o\.(.+)\.range(\d+)\.pk([01])\.dop(\d+)(\.gz)?$/;

/** Test order of mytools all_small.sh, so tables list tests as the posts do. */
const RUN_ORDER = [
  'point-query.warm',
  'point-query.pre',
  'scan.warmpre',
  'range-notcovered-si.pre',
  'update-inlist',
  'update-index',
  'update-nonindex',
  'update-one',
  'update-zipf',
  'write-only',
  'read-write',
  'scan.warm',
  'scan',
  'read-only',
  'read-only-simple',
  'read-only-sum',
  'read-only-order',
  'read-only-distinct',
  'read-only-count',
  'point-query',
  'random-points',
  'hot-points',
  'points-covered-pk',
  'points-notcovered-pk',
  'range-covered-pk',
  'range-notcovered-pk',
  'points-covered-si.warm',
  'points-covered-si',
  'points-notcovered-si',
  'range-covered-si',
  'range-notcovered-si',
  'delete',
  'insert',
];

/** Is this text a sysbench run output (stock layout)? */
export function looksLikeSysbenchOutput(text: string): boolean {
  return /^sysbench \d+\.\d+/m.test(text) && /(SQL statistics:|FATAL:|Running the test|Threads started)/.test(text);
}

/** Harvest every sysbench run found in a raw tree. */
export function harvestSysbench(tree: RawTree, opts: SysbenchHarvestOptions = {}): HarvestResult {
  const result: HarvestResult = { runs: [], skipped: [] };
  const dirs = byDirectory(tree.entries);
  const used = new Set<string>();
  for (const [dir, entries] of dirs) {
    if (!isRunDir(dir, entries)) continue;
    const prefix = dir ? `${dir}/` : '';
    // Every file under the run directory is kept as evidence (inventory/, attempts/ of interrupted tests);
    // only its top-level files are read.
    const runEntries = tree.entries.filter(
      (e) => e.path.startsWith(prefix) && !isOtherRunDir(e.path.slice(prefix.length), dirs, prefix),
    );
    runEntries.forEach((e) => used.add(e.path));
    const label = dir ? fileName(dir) : tree.name;
    result.runs.push(harvestMytoolsDir(label, dir || tree.name, relativeTo(prefix, runEntries), opts));
  }
  for (const [dir, entries] of dirs) {
    const stock = entries.filter(
      (e) => !used.has(e.path) && !isSummaryOrSide(e.path) && looksLikeSysbenchOutput(entryText(e)),
    );
    if (stock.length === 0) continue;
    stock.forEach((e) => used.add(e.path));
    const prefix = dir ? `${dir}/` : '';
    const label =
      opts.meta?.label ??
      (stock.length === 1 && !dir ? stem(fileName(stock[0]!.path)) : dir ? fileName(dir) : tree.name);
    result.runs.push(harvestStockFiles(label, dir || tree.name, relativeTo(prefix, stock), opts));
  }
  for (const e of tree.entries) {
    if (!used.has(e.path)) result.skipped.push({ path: e.path, reason: skipReason(e.path) });
  }
  return result;
}

/**
 * A mytools run directory holds sysbench outputs. The `attempts/` of an interrupted `benchsite run` hold
 * partial outputs too, but they belong to the run directory above them.
 */
function isRunDir(dir: string, entries: RawEntry[]): boolean {
  return !/(^|\/)attempts(\/|$)/.test(dir) && entries.some((e) => SB_O.test(fileName(e.path)));
}

/** A file below `prefix` that belongs to another run directory nested in it. */
function isOtherRunDir(rest: string, dirs: Map<string, RawEntry[]>, prefix: string): boolean {
  const slash = rest.lastIndexOf('/');
  if (slash < 0) return false;
  const sub = `${prefix}${rest.slice(0, slash)}`;
  return isRunDir(sub, dirs.get(sub) ?? []);
}

function relativeTo(prefix: string, entries: RawEntry[]): RawEntry[] {
  return entries.map((e) => ({ ...e, path: e.path.slice(prefix.length) }));
}

function stem(name: string): string {
  return name.replace(/\.(txt|log|out|gz)$/g, '').replace(/\.(txt|log|out)$/g, '');
}

function isSummaryOrSide(path: string): boolean {
  return /(^|\/)(qps\.(abs|rel)\.|o\.met\.|sum\.|o\.qps\.)/.test(path);
}

function skipReason(path: string): string {
  if (isSummaryOrSide(path)) return 'a summary table, not a run (benchsite computes these from the runs)';
  return 'not part of a sysbench run directory';
}

// ---------------------------------------------------------------------------------------------------------------
// mytools layout

interface TestFiles {
  testType: string;
  range: number;
  pk: number;
  threads: number;
  sfx: string;
  output: RawEntry;
}

function harvestMytoolsDir(
  label: string,
  input: string,
  entries: RawEntry[],
  given: SysbenchHarvestOptions,
): HarvestedRun {
  const rawMeta = entries.find((e) => e.path === RAW_META);
  const opts = {
    ...given,
    meta: withRawMeta(rawMeta ? entryText(rawMeta) : undefined, given.meta, rawMeta && entryName(rawMeta)),
  };
  const byName = new Map(entries.filter((e) => !e.path.includes('/')).map((e) => [e.path.replace(/\.gz$/, ''), e]));
  const text = (name: string) => {
    const e = byName.get(name);
    return e ? entryText(e) : undefined;
  };
  const testFiles: TestFiles[] = [];
  const top = entries.filter((e) => !e.path.includes('/'));
  for (const e of top) {
    const m = SB_O.exec(e.path);
    if (!m) continue;
    testFiles.push({
      testType: m[1]!,
      range: Number(m[2]),
      pk: Number(m[3]),
      threads: Number(m[4]),
      sfx: `${m[1]}.range${m[2]}.pk${m[3]}`,
      output: e,
    });
  }
  const threadCounts = [...new Set(testFiles.map((t) => t.threads))].sort((a, b) => a - b);
  testFiles.sort(
    (a, b) =>
      order(a.testType) - order(b.testType) ||
      a.range - b.range ||
      a.threads - b.threads ||
      (a.testType < b.testType ? -1 : 1),
  );

  const notes: string[] = [];
  const tests: Test[] = [];
  const results: ResultRow[] = [];
  const series: Record<string, Series[]> = {};
  const outputs: SysbenchOutput[] = [];
  const iostats: Iostat[] = [];
  const journal = journalOf(entries);

  const prepareFile = top.find((e) => /^sb\.prepare\.o\./.test(e.path));
  if (prepareFile) {
    const p = parsePrepare(entryText(prepareFile));
    const times = journal.times.get('prepare');
    // run.sh prints the load time; for `benchsite run` the journal has it.
    const seconds =
      p.seconds ??
      (times?.startedAt && times.endedAt
        ? (Date.parse(times.endedAt) - Date.parse(times.startedAt)) / 1000
        : undefined);
    const ips = p.insertsPerSec ?? (p.seconds === undefined && seconds && p.rows ? p.rows / seconds : undefined);
    const loaded = p.seconds !== undefined || (p.errors.length === 0 && p.rows !== undefined);
    if (seconds !== undefined) results.push({ test: 'prepare', metric: 'load_seconds', value: seconds, unit: 's' });
    if (ips !== undefined) results.push({ test: 'prepare', metric: 'inserts_per_s', value: ips, unit: 'rows/s' });
    tests.push({
      name: 'prepare',
      status: loaded ? 'ok' : 'failed',
      error: loaded ? undefined : (p.errors[0] ?? 'the table load did not finish (no "Load seconds is" line)'),
      params: { ...(p.tables ? { tables: p.tables } : {}), ...(p.rows ? { rows: p.rows } : {}) },
      command: p.commandLine ? redactSecrets(p.commandLine) : undefined,
      rawFiles: [prepareFile.path],
      startedAt: times?.startedAt,
      endedAt: times?.endedAt,
    });
  }

  for (const tf of testFiles) {
    const sfxn = `${tf.sfx}.dop${tf.threads}`;
    let name = sysbenchTestName(tf.testType, tf.range);
    if (threadCounts.length > 1) name += `_threads=${tf.threads}`;
    const out = parseSysbenchOutput(entryText(tf.output));
    outputs.push(out);
    const metText = text(`sb.met.${sfxn}`);
    const met = metText ? parseSbMet(metText) : undefined;
    const rQps = text(`sb.r.qps.${tf.sfx}`);
    const scanKrps =
      baseTestType(tf.testType) === 'scan'
        ? scanRate(out, rQps, threadCounts.indexOf(tf.threads), notes, name)
        : undefined;
    const test = baseTest(name, out, {
      range: tf.range,
      threads: tf.threads,
      primaryKey: tf.pk === 1,
    });
    test.rawFiles = [
      tf.output.path,
      ...['met', 'vm', 'io']
        .map((k) => `sb.${k}.${sfxn}`)
        .filter((p) => byName.has(p))
        .map((p) => byName.get(p)!.path),
    ];
    results.push(...outputRows(name, out));
    if (scanKrps !== undefined)
      results.push({ test: name, metric: 'scan_krows_per_s', value: scanKrps, unit: 'Krows/s' });

    // System metrics: ops is what an.sh divided by: sb.met's o/s when present, else QPS (Krows/s for scan).
    const vmText = text(`sb.vm.${sfxn}`);
    const ioText = text(`sb.io.${sfxn}`);
    const ops = met?.io?.ops ?? scanKrps ?? out.stats?.queriesRate.perSec;
    const opName = scanKrps !== undefined ? 'krow' : 'query';
    const opUnit = scanKrps !== undefined ? 'Krow' : 'query';
    const sys = systemFor(name, {
      vmText,
      ioText,
      ops,
      opsMetric: scanKrps !== undefined ? 'scan_krows_per_s' : 'qps',
      opName,
      opUnit,
      met,
      cpus: out.cpus,
      meta: opts.meta,
      notes,
    });
    if (sys) {
      test.system = sys.metrics;
      results.push(...sys.rows);
      if (sys.iostat) iostats.push(sys.iostat);
    }
    const s = seriesOf(out, sys);
    if (s.length) {
      series[name] = s;
      test.series = s.map((x) => x.name);
    }
    const times = journal.times.get(`test:${sfxn}`);
    if (times?.startedAt) test.startedAt = times.startedAt;
    if (times?.endedAt) test.endedAt = times.endedAt;
    tests.push(test);
  }

  // Tests that `benchsite run` timed are listed in the order they ran.
  if (journal.times.size) tests.sort((a, b) => (a.startedAt ?? '').localeCompare(b.startedAt ?? ''));
  const decoded = decodeLabel(label);
  const config = configOf(entries, decoded.config);
  const lua = luaScriptsOfRun(
    tests.map((t) => ({ test: t.name, command: t.command })),
    true,
  );
  if (lua.mixed) notes.push(lua.mixed);
  const allTimes = [...journal.times.values()];
  return assembleSysbenchRun({
    label,
    input,
    format: 'mytools-sysbench',
    decoded,
    config,
    tests,
    results,
    outputs,
    iostats,
    entries,
    notes,
    workload: {
      luaScripts: lua.luaScripts,
      primaryKey: decoded.primaryKey,
    },
    serverVersion: serverVersionOf(entries),
    startedAt: allTimes
      .map((t) => t.startedAt)
      .filter((x): x is string => !!x)
      .sort()[0],
    endedAt: allTimes
      .map((t) => t.endedAt)
      .filter((x): x is string => !!x)
      .sort()
      .pop(),
    series,
    meta: opts.meta,
    metaName: opts.metaName,
  });
}

/** Step times from the journal `benchsite run` keeps in its raw directories. */
function journalOf(entries: RawEntry[]) {
  const e = entries.find((x) => x.path === JOURNAL);
  return {
    times: e ? stepTimes(parseJournal(entryText(e))) : new Map<string, { startedAt?: string; endedAt?: string }>(),
  };
}

function order(testType: string): number {
  const i = RUN_ORDER.indexOf(testType);
  return i < 0 ? RUN_ORDER.length : i;
}

/**
 * The scan rate mytools reports instead of QPS: thousands of rows scanned per second (formats.md 2.6).
 * Taken from `sb.r.qps.scan.*` when present; else computed with the current run.sh rule, table size / avg latency.
 */
function scanRate(
  out: SysbenchOutput,
  rQps: string | undefined,
  index: number,
  notes: string[],
  test: string,
): number | undefined {
  if (rQps) {
    const v = parseSbR(rQps).values[Math.max(0, index)];
    if (v !== undefined) return v;
  }
  const rows = Number(out.options['table-size']);
  const avg = out.stats?.latencyMs.avg;
  if (!rows || !avg) return undefined;
  notes.push(
    `${test}: scan_krows_per_s computed as table_size / avg latency ms (run.sh rule since 2025-04-19); no sb.r.qps file`,
  );
  return rows / avg;
}

// ---------------------------------------------------------------------------------------------------------------
// stock layout

function harvestStockFiles(
  label: string,
  input: string,
  files: RawEntry[],
  opts: SysbenchHarvestOptions,
): HarvestedRun {
  const tests: Test[] = [];
  const results: ResultRow[] = [];
  const series: Record<string, Series[]> = {};
  const outputs: SysbenchOutput[] = [];
  const notes: string[] = [];
  const names = new Set<string>();
  for (const f of files) {
    const out = parseSysbenchOutput(entryText(f));
    outputs.push(out);
    const range = Number(out.options['range-size'] ?? out.options['random-points'] ?? NaN);
    const type = out.lua ? testTypeForLua(out.lua) : undefined;
    let name = type
      ? sysbenchTestName(type, Number.isFinite(range) ? range : (SYSBENCH_TESTS[type]?.defaultRange ?? 100))
      : stem(fileName(f.path));
    if (names.has(name)) name = stem(fileName(f.path));
    names.add(name);
    const test = baseTest(name, out, {
      ...(Number.isFinite(range) ? { range } : {}),
      ...(out.threads ? { threads: out.threads } : {}),
    });
    test.rawFiles = [f.path];
    results.push(...outputRows(name, out));
    const s = seriesOf(out, undefined);
    if (s.length) {
      series[name] = s;
      test.series = s.map((x) => x.name);
    }
    tests.push(test);
  }
  const decoded = decodeLabel(label);
  const lua = luaScriptsOfRun(
    tests.map((t) => ({ test: t.name, command: t.command })),
    false,
  );
  if (lua.mixed) notes.push(lua.mixed);
  return assembleSysbenchRun({
    label,
    input,
    format: 'sysbench-output',
    decoded: { label, ...(decoded.product ? decoded : {}) },
    config: { name: decoded.product ? (decoded.config ?? 'unspecified') : 'unspecified' },
    tests,
    results,
    outputs,
    iostats: [],
    entries: files,
    notes,
    workload: lua.luaScripts ? { luaScripts: lua.luaScripts } : {},
    series,
    meta: opts.meta,
    metaName: opts.metaName,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// shared pieces

const CREDENTIAL = /(user|password|host|port|db|socket)$/;

/** A test's identity and status from its output. */
function baseTest(name: string, out: SysbenchOutput, params: Record<string, string | number | boolean>): Test {
  const toolParams: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(out.options)) {
    if (CREDENTIAL.test(k) || k === 'threads') continue;
    toolParams[k] = /^\d+(\.\d+)?$/.test(v) ? Number(v) : v;
  }
  if (out.lua) toolParams.lua = out.lua;
  const ok = out.stats !== undefined;
  return {
    name,
    status: ok ? 'ok' : 'failed',
    error: ok ? undefined : (out.errors[0] ?? 'no "SQL statistics:" block: sysbench did not finish'),
    params: { ...toolParams, ...params },
    command: out.commandLine ? redactSecrets(out.commandLine) : undefined,
  };
}

/** Result rows from the sysbench report. `qps` is the `queries:` per-sec value, as mytools uses. */
function outputRows(test: string, out: SysbenchOutput): ResultRow[] {
  const s = out.stats;
  if (!s) return [];
  const rows: ResultRow[] = [
    { test, metric: 'qps', value: s.queriesRate.perSec, unit: 'queries/s' },
    { test, metric: 'tps', value: s.transactions.perSec, unit: 'transactions/s' },
    { test, metric: 'errors_per_s', value: s.ignoredErrors.perSec, unit: 'errors/s' },
    { test, metric: 'reconnects_per_s', value: s.reconnects.perSec, unit: 'reconnects/s' },
    { test, metric: 'queries_total', value: s.queriesRate.count, unit: 'queries' },
    { test, metric: 'transactions_total', value: s.transactions.count, unit: 'transactions' },
  ];
  const l = s.latencyMs;
  if (l.min !== undefined) rows.push({ test, metric: 'latency_min_ms', value: l.min, unit: 'ms' });
  if (l.avg !== undefined) rows.push({ test, metric: 'latency_avg_ms', value: l.avg, unit: 'ms' });
  if (l.max !== undefined) rows.push({ test, metric: 'latency_max_ms', value: l.max, unit: 'ms' });
  if (l.percentile !== undefined && l.percentileValue !== undefined) {
    rows.push({ test, metric: `latency_p${l.percentile}_ms`, value: l.percentileValue, unit: 'ms' });
  }
  if (s.elapsedSeconds !== undefined) rows.push({ test, metric: 'elapsed_s', value: s.elapsedSeconds, unit: 's' });
  if (s.eventsPerSec !== undefined)
    rows.push({ test, metric: 'events_per_s', value: s.eventsPerSec, unit: 'events/s' });
  return rows;
}

/** Where the CPU count comes from when only run.sh's `N CPUs` line gave it (the CPUs of the client host). */
const SYSBENCH_CPUS = 'sysbench output (N CPUs, client host)';

interface SystemFor {
  vmText?: string;
  ioText?: string;
  ops?: number;
  opsMetric: string;
  opName: string;
  opUnit: string;
  met?: SbMet;
  cpus?: number;
  meta?: Meta;
  notes: string[];
}

function systemFor(test: string, a: SystemFor) {
  if (!a.vmText && !a.ioText) return a.met?.io && a.met.vm ? systemFromSbMet(test, a.met, a) : undefined;
  const vm = a.vmText ? { parsed: parseVmstat(a.vmText) } : undefined;
  const io = a.ioText ? { parsed: parseIostat(a.ioText), text: a.ioText } : undefined;
  const metIo = a.met?.io;
  const dev = io
    ? chooseDevice(io, {
        given: a.meta?.device,
        expect: metIo
          ? (avg) =>
              avg.samples === metIo.samples &&
              printfFixed(avg.readsPerS, 1) === printfFixed(metIo.rps, 1) &&
              printfFixed(avg.writesPerS, 1) === printfFixed(metIo.wps, 1) &&
              printfFixed(avg.readKBPerS / 1024, 1) === printfFixed(metIo.rMBps, 1) &&
              printfFixed(avg.writeKBPerS / 1024, 1) === printfFixed(metIo.wMBps, 1)
          : undefined,
      })
    : {};
  if (io && !dev.device) a.notes.push(noIostatDevice(test));
  const { cpus, cpusSource } = cpuCount(io?.parsed.cpus, a.meta, { cpus: a.cpus, source: SYSBENCH_CPUS });
  const metrics = systemMetrics({
    vmstat: vm,
    iostat: io,
    device: dev.device,
    deviceSource: dev.source,
    opsPerS: a.ops,
    opsMetric: a.opsMetric,
    cpus,
    cpusSource,
    intervalSeconds: 1,
  });
  checkAgainstSbMet(test, metrics, a.met, a.notes);
  return {
    metrics,
    rows: systemResultRows(test, metrics, a.opName, a.opUnit),
    iostat: io?.parsed,
    vm: vm?.parsed,
    device: dev.device,
  };
}

/**
 * Archives that kept only `sb.o` and `sb.met` (most of mytools' bench/arc): the harness averages are what
 * sb.met printed. They are rounded as printed, and the clean averages cannot be computed.
 */
function systemFromSbMet(test: string, met: SbMet, a: SystemFor) {
  const io = met.io!;
  const vm = met.vm!;
  const metrics: ReturnType<typeof systemMetrics> = {
    intervalSeconds: 1,
    opsPerS: io.ops,
    opsMetric: a.opsMetric,
    deviceSource: 'not recorded in sb.met',
    harness: {
      vmstat: { samples: vm.samples, csPerS: vm.csps, cpuPct: vm.cpuPct },
      iostat: {
        device: 'unknown',
        samples: io.samples,
        readsPerS: io.rps,
        readKBPerS: io.rMBps * 1024,
        writesPerS: io.wps,
        writeKBPerS: io.wMBps * 1024,
      },
    },
    clean: {},
  };
  const rows: ResultRow[] = [
    { test, metric: 'cs_per_s', value: vm.csps, unit: 'switches/s' },
    { test, metric: 'cpu_pct', value: vm.cpuPct, unit: '%' },
    { test, metric: 'reads_per_s', value: io.rps, unit: 'reads/s' },
    { test, metric: 'writes_per_s', value: io.wps, unit: 'writes/s' },
    { test, metric: `cs_per_${a.opName}`, value: vm.csPerOp, unit: `switches/${a.opUnit}` },
    { test, metric: `cpu_per_${a.opName}`, value: vm.cpuPerOp, unit: `cpu%/(${a.opUnit}/s)` },
    { test, metric: `reads_per_${a.opName}`, value: io.rPerOp, unit: `reads/${a.opUnit}` },
    { test, metric: `rkb_per_${a.opName}`, value: io.rKBPerOp, unit: `KB/${a.opUnit}` },
    { test, metric: `wkb_per_${a.opName}`, value: io.wKBPerOp, unit: `KB/${a.opUnit}` },
  ];
  const { cpus, cpusSource } = cpuCount(undefined, a.meta, { cpus: a.cpus, source: SYSBENCH_CPUS });
  if (cpus) {
    metrics.cpus = cpus;
    metrics.cpusSource = cpusSource;
    rows.push({ test, metric: `cpu_us_per_${a.opName}`, value: vm.cpuPerOp * cpus * 1e4, unit: `µs/${a.opUnit}` });
  }
  a.notes.push(`${test}: no sb.vm/sb.io files; system metrics are the values printed in sb.met`);
  return { metrics, rows, iostat: undefined, vm: undefined, device: undefined };
}

/** Our harness-compatible averages, printed as an.sh prints them, must equal the sb.met file; say so when not. */
export function sbMetLines(m: ReturnType<typeof systemMetrics>, opsText: string): { io?: string; vm?: string } {
  const io = m.harness.iostat;
  const vm = m.harness.vmstat;
  const ops = m.opsPerS ?? 0;
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

function checkAgainstSbMet(
  test: string,
  m: ReturnType<typeof systemMetrics>,
  met: SbMet | undefined,
  notes: string[],
): void {
  if (!met?.ioLine || !met.vmLine) return;
  const opsText = met.ioLine.split('\t')[8] ?? '';
  const ours = sbMetLines(m, opsText);
  if (ours.io !== undefined && ours.io !== met.ioLine)
    notes.push(`${test}: iostat averages differ from sb.met: ours "${ours.io}", file "${met.ioLine}"`);
  if (ours.vm !== undefined && ours.vm !== met.vmLine)
    notes.push(`${test}: vmstat averages differ from sb.met: ours "${ours.vm}", file "${met.vmLine}"`);
}

function seriesOf(out: SysbenchOutput, sys: ReturnType<typeof systemFor>): Series[] {
  const list: Series[] = [];
  if (out.intervals.length) {
    const p = out.intervalPercentile ?? 95;
    list.push({
      name: 'sysbench',
      intervalSeconds: out.reportIntervalSeconds,
      columns: [
        { name: 't', unit: 's' },
        { name: 'threads', unit: 'threads' },
        { name: 'tps', unit: 'transactions/s' },
        { name: 'qps', unit: 'queries/s' },
        { name: 'reads', unit: 'queries/s' },
        { name: 'writes', unit: 'queries/s' },
        { name: 'other', unit: 'queries/s' },
        { name: `latency_p${p}`, unit: 'ms' },
        { name: 'errors', unit: 'errors/s' },
        { name: 'reconnects', unit: 'reconnects/s' },
      ],
      rows: out.intervals,
    });
  }
  if (sys?.vm) {
    const v = vmstatSeries(sys.vm, 1);
    if (v) list.push(v);
  }
  if (sys?.iostat && sys.device) {
    const s = iostatSeries(sys.iostat, sys.device, 1);
    if (s) list.push(s);
  }
  return list;
}

function configOf(entries: RawEntry[], name: string | undefined): Run['config'] {
  const my = entries.find((e) => e.path === 'my.cnf');
  const pg = entries.find((e) => e.path === 'conf.diff' || e.path === 'postgresql.conf');
  const file = my ?? pg;
  const cfg: Run['config'] = { name: name ?? 'unspecified' };
  if (file) {
    const text = entryText(file);
    cfg.file = file.path;
    cfg.text = text;
    cfg.settings = parseConfigSettings(text, my ? 'mycnf' : 'postgres');
  }
  return cfg;
}

/** The server's own version string from its log, when the directory kept one. */
function serverVersionOf(entries: RawEntry[]): string | undefined {
  for (const e of entries) {
    if (!/^(logfile|.*\.err|o\.ini.*)$/.test(e.path)) continue;
    const t = entryText(e);
    const pg = postgresVersionInLog(t);
    if (pg) return pg;
    const ma = /Version: '([^']+)'/.exec(t);
    if (ma) return ma[1];
  }
  return undefined;
}

interface Assemble {
  label: string;
  input: string;
  format: string;
  decoded: ReturnType<typeof decodeLabel>;
  config: Run['config'];
  tests: Test[];
  results: ResultRow[];
  outputs: SysbenchOutput[];
  iostats: Iostat[];
  entries: RawEntry[];
  notes: string[];
  workload: Partial<SysbenchWorkload>;
  serverVersion?: string;
  startedAt?: string;
  endedAt?: string;
  series: Record<string, Series[]>;
  meta?: Meta;
  metaName?: string;
}

function assembleSysbenchRun(a: Assemble): HarvestedRun {
  const first = a.outputs.find((o) => o.commandLine) ?? a.outputs[0];
  const opt = (k: string) => {
    const v = first?.options[k];
    return v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined;
  };
  const driver = first?.options['db-driver'];
  const threads = [
    ...new Set(a.tests.map((t) => t.params?.threads).filter((x): x is number => typeof x === 'number')),
  ].sort((x, y) => x - y);
  const secondsByClass: NonNullable<SysbenchWorkload['seconds']> = {};
  for (const t of a.tests) {
    const type = SYSBENCH_TESTS[baseTestType(String(t.name).replace(/_(range|threads)=.*$/, ''))];
    const secs = t.params?.time;
    if (type && typeof secs === 'number') secondsByClass[type.seconds] ??= secs;
  }
  const io = a.iostats.find((x) => x.hostname || x.date);
  const date = runDate(
    {
      meta: a.meta,
      raw: [
        a.iostats
          .map((x) => x.date)
          .filter((d): d is string => !!d)
          .sort()[0],
      ],
      mtimes: a.entries.map((e) => e.mtimeMs),
      input: a.input,
      missing: 'no run date in the raw files',
    },
    a.notes,
  );
  const product = a.decoded.product ?? (driver === 'pgsql' ? 'postgres' : undefined);
  const versions = [...new Set(a.outputs.map((o) => o.version).filter((v): v is string => !!v))];
  const commands = [...new Set(a.tests.map((t) => t.command).filter((c): c is string => !!c))];
  const hostName = runHostName([io?.hostname], a.meta, 'the raw files', a.notes);
  const workload: SysbenchWorkload = {
    kind: 'sysbench',
    tables: opt('tables'),
    rows: opt('table-size'),
    threads: threads.length ? threads : [1],
    seconds: Object.keys(secondsByClass).length ? secondsByClass : undefined,
    warmupSeconds: first?.warmupSeconds ?? opt('warmup-time'),
    driver: driver === 'mysql' || driver === 'pgsql' ? driver : undefined,
    preparedStatements: first?.options['db-ps-mode'] === 'disable' ? false : undefined,
    reportIntervalSeconds: first?.reportIntervalSeconds,
    randType: first?.options['rand-type'],
    ...a.workload,
  };
  return assembleRun({
    benchmark: 'sysbench',
    label: a.label,
    date,
    host: {
      name: hostName,
      kernel: io?.kernel,
      cpus: io?.cpus,
      serverClass: a.decoded.serverClass,
      sources: io ? ['iostat header'] : undefined,
    },
    dbms: {
      product,
      version: a.decoded.version,
      build: a.decoded.build,
      buildName: a.decoded.buildName,
      label: a.decoded.short ?? a.decoded.buildName ?? a.label,
      serverVersion: a.serverVersion,
      engine: a.decoded.engine,
    },
    config: a.config,
    workload,
    tests: a.tests,
    results: a.results,
    provenance: {
      source: 'raw',
      format: a.format,
      tools: versions.map((v) => ({ name: 'sysbench', version: v })),
      commands,
      startedAt: a.startedAt,
      endedAt: a.endedAt,
      input: a.input,
    },
    raw: a.entries,
    notes: a.notes,
    series: a.series,
    meta: a.meta,
    metaName: a.metaName,
  });
}

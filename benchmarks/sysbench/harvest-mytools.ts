// A mytools sysbench run directory `x.<build>.<config>.pk<0|1>/` -> one run: `sb.o.<test>.range<N>.pk<P>.dop<T>[.gz]`
// per test and `sb.met.*`, `sb.r.*`, `sb.vm.*`, `sb.io.*`, `sb.prepare.*` beside them (benchmarks/sysbench/README.md). Pure.
import type { Meta, ResultRow, Run, Series, Test } from '../../src/schemas/index.ts';
import { postgresVersionInLog } from '../../collectors/lib/assemble-run.ts';
import { binaryWhereTextExpected } from '../../collectors/lib/binary-data.ts';
import { InputError } from '../../collectors/lib/input-error.ts';
import { parseConfigSettings } from '../../collectors/lib/config-file.ts';
import type { HarvestedRun } from '../../collectors/lib/harvested.ts';
import { type Iostat } from '../../collectors/lib/iostat.ts';
import { decodeLabel } from '../../collectors/lib/labels.ts';
import { RAW_META, withRawMeta } from '../../collectors/lib/meta.ts';
import { JOURNAL, parseJournal, stepTimes, timeSpan } from '../../collectors/lib/journal.ts';
import { redactSecrets } from '../../collectors/lib/provenance.ts';
import { entryBytes, entryName, entryText, type RawEntry } from '../../collectors/lib/raw-tree.ts';
import { luaScriptsOfRun } from './lua-scripts.ts';
import { parseSbMet, parsePrepare, parseSbR } from './parse-met.ts';
import { parseSysbenchOutput, type SysbenchOutput } from './parse-output.ts';
import { splitSysbenchOutput } from './split-output.ts';
import { baseTestType, sysbenchTestName } from './vocabulary.ts';
import { assembleSysbenchRun, baseTest, outputRows, seriesOf, sysbenchRow } from './assemble.ts';
import { systemFor } from './system.ts';
import { KROWS_PER, metScanUnit, qpsScanUnit, scaled, type ScanUnit } from './scan-unit.ts';
import type { HarvestOptions } from '../../collectors/lib/benchmark-folder.ts';

/** `sb.o.<test>.range<N>.pk<P>.dop<T>[.gz]`; `sb.o.myvac*` and friends do not match. */
export const SB_O = /^sb\.o\.(.+)\.range(\d+)\.pk([01])\.dop(\d+)(\.gz)?$/;

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

interface TestFiles {
  testType: string;
  range: number;
  pk: number;
  threads: number;
  sfx: string;
  output: RawEntry;
}

export function harvestMytoolsDir(
  label: string,
  input: string,
  entries: RawEntry[],
  given: HarvestOptions,
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
  const bytes = (name: string) => {
    const e = byName.get(name);
    return e ? entryBytes(e) : undefined;
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
  const threadsOf = new Map<string, number[]>();
  for (const t of testFiles)
    threadsOf.set(
      t.sfx,
      [...(threadsOf.get(t.sfx) ?? []), t.threads].sort((a, b) => a - b),
    );
  testFiles.sort(
    (a, b) =>
      order(a.testType) - order(b.testType) ||
      a.range - b.range ||
      a.threads - b.threads ||
      (a.testType < b.testType ? -1 : 1),
  );

  const notes: string[] = [];
  // A test whose output is gone but whose sb.met is here is not a test of the run: say so rather than drop it.
  const outputs0 = new Set(testFiles.map((t) => `${t.sfx}.dop${t.threads}`));
  for (const e of top) {
    const m = /^sb\.met\.(.+\.range\d+\.pk[01]\.dop\d+)(\.gz)?$/.exec(e.path);
    if (m && !outputs0.has(m[1]!))
      notes.push(
        `${e.path}: there is no sb.o.${m[1]} beside it (the test's output is missing), so that test is not in the run`,
      );
  }
  const tests: Test[] = [];
  const results: ResultRow[] = [];
  const series: Record<string, Series[]> = {};
  const outputs: SysbenchOutput[] = [];
  const iostats: Iostat[] = [];
  const journal = journalOf(entries);

  const prepareFile = top.find((e) => /^sb\.prepare\.o\./.test(e.path));
  if (prepareFile) {
    const p = prepareTest(prepareFile, journal.times.get('prepare'));
    tests.push(p.test);
    results.push(...p.rows);
  }
  for (const tf of testFiles) {
    const t = mytoolsTest(tf, { text, bytes, byName, threadsOf, meta: opts.meta, notes });
    outputs.push(t.out);
    results.push(...t.rows);
    if (t.iostat) iostats.push(t.iostat);
    if (t.series.length) {
      series[t.test.name] = t.series;
      t.test.series = t.series.map((x) => x.name);
    }
    const times = journal.times.get(`test:${tf.sfx}.dop${tf.threads}`);
    if (times?.startedAt) t.test.startedAt = times.startedAt;
    if (times?.endedAt) t.test.endedAt = times.endedAt;
    tests.push(t.test);
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
    ...timeSpan(journal.times.values()),
    series,
    meta: opts.meta,
    metaName: opts.metaName,
  });
}

/** The table load (`sb.prepare.o.*`): run.sh prints its time; for `benchsite run` the journal has it. */
function prepareTest(file: RawEntry, times: { startedAt?: string; endedAt?: string } | undefined) {
  const p = parsePrepare(entryText(file));
  const seconds =
    p.seconds ??
    (times?.startedAt && times.endedAt ? (Date.parse(times.endedAt) - Date.parse(times.startedAt)) / 1000 : undefined);
  const ips = p.insertsPerSec ?? (p.seconds === undefined && seconds && p.rows ? p.rows / seconds : undefined);
  const loaded = p.seconds !== undefined || (p.errors.length === 0 && p.rows !== undefined);
  const rows: ResultRow[] = [];
  if (seconds !== undefined) rows.push(sysbenchRow('prepare', 'load_seconds', seconds));
  if (ips !== undefined) rows.push(sysbenchRow('prepare', 'inserts_per_s', ips));
  const test: Test = {
    name: 'prepare',
    status: loaded ? 'ok' : 'failed',
    error: loaded ? undefined : (p.errors[0] ?? 'the table load did not finish (no "Load seconds is" line)'),
    params: { ...(p.tables ? { tables: p.tables } : {}), ...(p.rows ? { rows: p.rows } : {}) },
    command: p.commandLine ? redactSecrets(p.commandLine) : undefined,
    rawFiles: [file.path],
    startedAt: times?.startedAt,
    endedAt: times?.endedAt,
  };
  return { test, rows };
}

interface TestContext {
  text: (name: string) => string | undefined;
  /** The bytes of a file that `text` decodes: for the vmstat and iostat parsers. */
  bytes: (name: string) => Uint8Array | undefined;
  byName: Map<string, RawEntry>;
  /** The thread counts of each test (by `sfx`) in the directory, ascending. */
  threadsOf: Map<string, number[]>;
  meta?: Meta;
  notes: string[];
}

/** One test: `sb.o.*` with the `sb.met`, `sb.r.qps`, `sb.vm` and `sb.io` files of the same test. */
function mytoolsTest(tf: TestFiles, c: TestContext) {
  const sfxn = `${tf.sfx}.dop${tf.threads}`;
  let name = sysbenchTestName(tf.testType, tf.range);
  // The test at its highest concurrency keeps the plain name, so a test is named the same whether or not its
  // directory also holds a warm-up at fewer threads (a dop8 scan beside the dop40 one before April 2025).
  const mine = c.threadsOf.get(tf.sfx) ?? [tf.threads];
  if (tf.threads !== Math.max(...mine)) name += `_threads=${tf.threads}`;
  // Binary data under an sb.o name cannot be read: refused (and the rest of the directory harvested).
  if (binaryWhereTextExpected('sb.o', entryBytes(tf.output)))
    throw new InputError({
      file: entryName(tf.output),
      what: "binary data where sysbench's text output is expected: it cannot be read",
      todo: 'Copy the file again from where the benchmark ran, or remove it from the input',
    });
  const runs = splitSysbenchOutput(entryText(tf.output));
  const out = parseSysbenchOutput(runs[0]!.text);
  if (out.stats && out.threads !== undefined && out.threads !== tf.threads) {
    out.errors.unshift(`the output ran ${out.threads} threads, its file name says dop${tf.threads}`);
    out.stats = undefined;
  }
  // run.sh writes one run per file: of several, which one the harness measured is not known.
  if (runs.length > 1) {
    out.errors.unshift(
      `the file holds ${runs.length} sysbench runs, where run.sh writes one: which one it measured is not known`,
    );
    out.stats = undefined;
    out.cut = undefined;
  }
  const metText = c.text(`sb.met.${sfxn}`);
  const met = metText ? parseSbMet(metText) : undefined;
  const rQps = c.text(`sb.r.qps.${tf.sfx}`);
  const scan =
    baseTestType(tf.testType) === 'scan' ? scanRate(out, rQps, tf.threads, mine, met, c.notes, name) : undefined;
  const scanKrps = scan?.krows;
  // sb.met's o/s of a scan, in Krows/s, and its per-operation costs per Krow (rows/s before 2024-07: per row).
  const metKrows = scan?.metUnit && met?.io ? met.io.ops * KROWS_PER[scan.metUnit] : undefined;
  const test = baseTest(
    name,
    out,
    { range: tf.range, threads: tf.threads, primaryKey: tf.pk === 1 },
    { file: tf.output.path, offset: 0 },
  );
  test.rawFiles = [
    tf.output.path,
    ...['met', 'vm', 'io']
      .map((k) => `sb.${k}.${sfxn}`)
      .filter((p) => c.byName.has(p))
      .map((p) => c.byName.get(p)!.path),
  ];
  const rows = outputRows(name, out);
  if (scanKrps !== undefined) rows.push(sysbenchRow(name, 'scan_krows_per_s', scanKrps));

  // System metrics: ops is what an.sh divided by: sb.met's o/s when present, else QPS (Krows/s for scan).
  const sys = systemFor(name, {
    vmText: c.bytes(`sb.vm.${sfxn}`),
    ioText: c.bytes(`sb.io.${sfxn}`),
    ops: scan ? (metKrows ?? scanKrps) : (met?.io?.ops ?? out.stats?.queriesRate.perSec),
    metPerOp: scan?.metUnit ? 1 / KROWS_PER[scan.metUnit] : 1,
    opsMetric: scanKrps !== undefined ? 'scan_krows_per_s' : 'qps',
    opName: scanKrps !== undefined ? 'krow' : 'query',
    opUnit: scanKrps !== undefined ? 'Krow' : 'query',
    met,
    cpus: out.cpus,
    meta: c.meta,
    notes: c.notes,
  });
  if (sys) {
    test.system = sys.metrics;
    rows.push(...sys.rows);
  }
  return { test, rows, out, iostat: sys?.iostat, series: seriesOf(out, sys) };
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
 * The scan rate mytools reports instead of QPS: thousands of rows scanned per second (docs/formats/sysbench.md 2.6),
 * and the unit of sb.met's o/s (rows/s before 2024-07, Krows/s since: scan-unit.ts). Taken from `sb.r.qps.scan.*`
 * when present: one value per concurrency the harness measured, in order, printed `%.3f` in millions of rows/s
 * from 2021 to 2025-03, `%.0f` in thousands since. Before April 2025 a dop40 directory also holds a dop8 warm-up
 * that the file has no value for, so the values belong to the highest concurrencies; where sb.met's o/s (an.sh
 * divides by the same rate) names one of the values, that one. Else computed with the current run.sh rule,
 * table size / avg latency.
 */
function scanRate(
  out: SysbenchOutput,
  rQps: string | undefined,
  threads: number,
  threadCounts: number[],
  met: ReturnType<typeof parseSbMet> | undefined,
  notes: string[],
  test: string,
): { krows: number; metUnit?: ScanUnit } | undefined {
  let why = 'no sb.r.qps file';
  const ops = met?.io?.ops;
  const withMet = (krows: number, unit: ScanUnit) => {
    const metUnit = ops === undefined ? undefined : metScanUnit(ops, krows, unit);
    if (metUnit && metUnit !== 'Krows/s')
      notes.push(
        `${test}: sb.met's o/s is in rows per second (as run.sh printed it until 2024-07): its costs are converted to per Krow`,
      );
    return { krows, ...(metUnit ? { metUnit } : {}) };
  };
  if (rQps) {
    const r = parseSbR(rQps);
    const unit = qpsScanUnit((rQps.split('\n', 1)[0] ?? '').split('\t').slice(0, r.values.length));
    if (unit) {
      if (unit !== 'Krows/s')
        notes.push(
          `${test}: sb.r.qps is printed in millions of rows per second (%.3f, as run.sh did from 2021 to 2025-03): converted to Krows/s`,
        );
      const values = r.values.map((v) => scaled(v, KROWS_PER[unit]));
      const byMet =
        ops === undefined
          ? undefined
          : values.find(
              (v) =>
                metScanUnit(ops, v, unit) !== undefined && (unit !== 'Krows/s' || Math.round(v) === Math.round(ops)),
            );
      const v = byMet ?? values[threadCounts.indexOf(threads) - (threadCounts.length - values.length)];
      if (v !== undefined) return withMet(v, unit);
      why = `the sb.r.qps file has no value for ${threads} threads`;
    } else
      why =
        'its sb.r.qps values are printed neither %.3f (Mrows/s) nor %.0f (Krows/s), so their unit cannot be decided';
  }
  const rows = Number(out.options['table-size']);
  const avg = out.stats?.latencyMs.avg;
  if (!rows || !avg) return undefined;
  notes.push(
    `${test}: scan_krows_per_s computed as table_size / avg latency ms (run.sh rule since 2025-04-19); ${why}`,
  );
  return withMet(rows / avg, 'Krows/s');
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

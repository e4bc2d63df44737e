// One mytools ibench result directory `<rows>m.<build>.c<config>/` -> one run: its steps (harvest-step.ts), the
// workload, date, host, config file and server version. Pure.
import type { Run, Series } from '../../src/schemas/index.ts';
import type { InsertBenchmarkWorkload } from './schemas.ts';
import { isStepName, parseStepName, sortSteps, type StepInfo } from './vocabulary.ts';
import { assembleRun, postgresVersionInLog, runDate, runHostName } from '../../collectors/lib/assemble-run.ts';
import { parseConfigSettings } from '../../collectors/lib/config-file.ts';
import type { HarvestedRun } from '../../collectors/lib/harvested.ts';
import { decodeLabel } from '../../collectors/lib/labels.ts';
import { JOURNAL, parseJournal, timeSpan, type JournalEvent } from '../../collectors/lib/journal.ts';
import { RAW_META, withRawMeta } from '../../collectors/lib/meta.ts';
import { entryName, entryText, type RawEntry } from '../../collectors/lib/raw-tree.ts';
import { MONITORS_FILE, monitorIntervalOf } from './monitors-file.ts';
import { parseIbOutput } from './parse-ib.ts';
import { harvestStep, type StepResult } from './harvest-step.ts';
import type { HarvestOptions } from '../../collectors/lib/benchmark-folder.ts';

export function harvestResultDir(
  label: string,
  input: string,
  entries: RawEntry[],
  dir: string,
  given: HarvestOptions,
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

/** What `benchsite run` records beside the step files: step times and failures (journal), the monitors' interval. */
export interface BenchsiteRun {
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
  return {
    times,
    failed,
    monitorSeconds: monitors ? monitorIntervalOf(entryText(monitors)) : undefined,
    ...timeSpan(times.values()),
  };
}

/** With several clients, whether each had its own table (`pi1`, `pi2` ...); one client cannot tell. */
function tablesOf(steps: StepResult[]): boolean | undefined {
  const multi = steps.find((s) => s.ib.length > 1);
  return multi ? new Set(multi.ib.map((c) => c.options.table_name)).size > 1 : undefined;
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
    // Blanks within one line only: `^\s*` across lines is quadratic in a run of blank lines.
    const m = /^[ \t]*(PostgreSQL \S+ \([^)\n]*\))/m.exec(t) ?? /^version\(\)\n(\S+)/m.exec(t);
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

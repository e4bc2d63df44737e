// What both layouts share: a test and its rows from sysbench's report, its series, and the facts -> Run.
import type { Meta, ResultRow, Run, Series, Test } from '../../src/schemas/index.ts';
import type { SysbenchWorkload } from './schemas.ts';
import { assembleRun, runDate, runHostName } from '../../collectors/lib/assemble-run.ts';
import type { HarvestedRun } from '../../collectors/lib/harvested.ts';
import { type Iostat } from '../../collectors/lib/iostat.ts';
import { decodeLabel } from '../../collectors/lib/labels.ts';
import { redactSecrets } from '../../collectors/lib/provenance.ts';
import { type RawEntry } from '../../collectors/lib/raw-tree.ts';
import { iostatSeries, vmstatSeries } from '../../collectors/lib/system-metrics.ts';
import { type SysbenchOutput } from './parse-output.ts';
import { SYSBENCH_METRICS, SYSBENCH_TESTS, baseTestType, type SysbenchMetric } from './vocabulary.ts';
import { systemFor } from './system.ts';

const CREDENTIAL = /(user|password|host|port|db|socket)$/;

/** A test's identity and status from its output; `where` is the file it was read from and its line offset. */
export function baseTest(
  name: string,
  out: SysbenchOutput,
  params: Record<string, string | number | boolean>,
  where?: { file: string; offset: number },
): Test {
  const toolParams: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(out.options)) {
    if (CREDENTIAL.test(k) || k === 'threads') continue;
    toolParams[k] = /^\d+(\.\d+)?$/.test(v) ? Number(v) : v;
  }
  if (out.lua) toolParams.lua = out.lua;
  const cut = out.cut && where ? { file: where.file, line: where.offset + out.cut.line } : undefined;
  const ok = out.stats !== undefined && !cut;
  return {
    name,
    status: ok ? 'ok' : 'failed',
    error: ok
      ? undefined
      : (out.errors[0] ?? (cut ? cutShort(cut, out) : 'no "SQL statistics:" block: sysbench did not finish')),
    ...(cut ? { incomplete: cut } : {}),
    params: { ...toolParams, ...params },
    command: out.commandLine ? redactSecrets(out.commandLine) : undefined,
  };
}

/** What a test whose output stops early is told with: where it ends, and what was kept. */
function cutShort(cut: { file: string; line: number }, out: SysbenchOutput): string {
  const at = `${cut.file}:${cut.line} (${JSON.stringify(out.cut!.text.slice(0, 60))})`;
  return out.cut!.inReport
    ? `the output ends at ${at}, inside sysbench's report: it is cut short, and only the values printed before that line are kept`
    : `the output ends at ${at}, after the run started and before its report: the run was killed or the log is cut short`;
}

/** A result row of a metric of the sysbench vocabulary, with its unit. */
export function sysbenchRow(test: string, metric: SysbenchMetric, value: number): ResultRow {
  return { test, metric, value, unit: SYSBENCH_METRICS[metric] };
}

/**
 * Result rows from the sysbench report, each only when the report printed it. `qps` is the `queries:` per-sec
 * value, as mytools uses (0.4/0.5: `read/write requests:`, their nearest equivalent; a note says so).
 */
export function outputRows(test: string, out: SysbenchOutput): ResultRow[] {
  const s = out.stats;
  if (!s) return [];
  const rows: ResultRow[] = [sysbenchRow(test, 'qps', s.queriesRate.perSec)];
  if (s.transactions) rows.push(sysbenchRow(test, 'tps', s.transactions.perSec));
  if (s.ignoredErrors) rows.push(sysbenchRow(test, 'errors_per_s', s.ignoredErrors.perSec));
  if (s.reconnects) rows.push(sysbenchRow(test, 'reconnects_per_s', s.reconnects.perSec));
  rows.push(sysbenchRow(test, 'queries_total', s.queriesRate.count));
  if (s.transactions) rows.push(sysbenchRow(test, 'transactions_total', s.transactions.count));
  const l = s.latencyMs;
  if (l.min !== undefined) rows.push(sysbenchRow(test, 'latency_min_ms', l.min));
  if (l.avg !== undefined) rows.push(sysbenchRow(test, 'latency_avg_ms', l.avg));
  if (l.max !== undefined) rows.push(sysbenchRow(test, 'latency_max_ms', l.max));
  // A percentile is a whole number from 1 to 100 (`95th percentile`); a damaged line gives no metric.
  if (
    l.percentile !== undefined &&
    l.percentileValue !== undefined &&
    Number.isInteger(l.percentile) &&
    l.percentile >= 1 &&
    l.percentile <= 100
  ) {
    rows.push({ test, metric: `latency_p${l.percentile}_ms`, value: l.percentileValue, unit: 'ms' });
  }
  if (s.elapsedSeconds !== undefined) rows.push(sysbenchRow(test, 'elapsed_s', s.elapsedSeconds));
  if (s.eventsPerSec !== undefined) rows.push(sysbenchRow(test, 'events_per_s', s.eventsPerSec));
  return rows;
}

export function seriesOf(out: SysbenchOutput, sys: ReturnType<typeof systemFor>): Series[] {
  const list: Series[] = [];
  const p = out.intervalPercentile ?? 95;
  if (out.intervals.length) {
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
  } else if (out.legacyIntervals.length) {
    // sysbench 0.5 prints reads and writes per second, no qps and no other (BEGIN/COMMIT).
    list.push({
      name: 'sysbench',
      intervalSeconds: out.reportIntervalSeconds,
      columns: [
        { name: 't', unit: 's' },
        { name: 'threads', unit: 'threads' },
        { name: 'tps', unit: 'transactions/s' },
        { name: 'reads', unit: 'queries/s' },
        { name: 'writes', unit: 'queries/s' },
        { name: `latency_p${p}`, unit: 'ms' },
        { name: 'errors', unit: 'errors/s' },
        { name: 'reconnects', unit: 'reconnects/s' },
      ],
      rows: out.legacyIntervals,
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
  /** Dates (YYYY-MM-DD) the raw files print, earliest first: they win over file times. */
  rawDates?: string[];
  startedAt?: string;
  endedAt?: string;
  series: Record<string, Series[]>;
  meta?: Meta;
  metaName?: string;
}

/**
 * The client threads of a run whose outputs do not say (a statistics block pasted alone): --meta's, else
 * sysbench's default of 1, with a note that it is assumed so a reader and `--meta` can correct it.
 */
function unknownThreads(a: Assemble): number[] {
  const given = a.meta?.sysbench?.threads;
  if (given?.length) return given;
  a.notes.push(
    'the outputs do not say how many client threads ran: 1 (sysbench\'s default) is assumed; pass --meta with "sysbench: { threads: [N] }" if that is wrong',
  );
  return [1];
}

export function assembleSysbenchRun(a: Assemble): HarvestedRun {
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
        ...(a.rawDates ?? []),
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
    threads: threads.length ? threads : unknownThreads(a),
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

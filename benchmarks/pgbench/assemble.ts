// The tests of one pgbench run (outputs with their vmstat/iostat, and the `pgbench -i` that loaded the tables)
// -> the Run, through the shared assembleRun. Pure.
import type { Meta, ResultRow, Series, Test } from '../../src/schemas/index.ts';
import type { PgbenchWorkload } from './schemas.ts';
import { assembleRun, cpuCount, runDate, runHostName } from '../../collectors/lib/assemble-run.ts';
import type { HarvestedRun } from '../../collectors/lib/harvested.ts';
import { parseIostat, type Iostat } from '../../collectors/lib/iostat.ts';
import { decodeLabel } from '../../collectors/lib/labels.ts';
import { deviceNotInIostat, noIostatDevice, noteOnce } from '../../collectors/lib/messages.ts';
import { redactSecrets } from '../../collectors/lib/provenance.ts';
import type { RawEntry } from '../../collectors/lib/raw-tree.ts';
import {
  chooseDevice,
  iostatSeries,
  systemMetrics,
  systemResultRows,
  vmstatSeries,
} from '../../collectors/lib/system-metrics.ts';
import { textBytes } from '../../collectors/lib/text-bytes.ts';
import { parseVmstat } from '../../collectors/lib/vmstat.ts';
import type { PgbenchOutput } from './parse-output.ts';
import { isBuiltin, outputRows, outputTest, progressSeries, progressTimes } from './test-of-output.ts';
import { INIT_TEST, PGBENCH_METRICS, pgbenchTestParts } from './vocabulary.ts';

/** One test's files: its output (parsed), and the vmstat and iostat beside it when there are. */
export interface TestFiles {
  name: string;
  output: RawEntry;
  out: PgbenchOutput;
  vm?: RawEntry;
  io?: RawEntry;
  startedAt?: string;
  endedAt?: string;
}

export interface RunFiles {
  label: string;
  input: string;
  format: string;
  tests: TestFiles[];
  /** `pgbench -i`: its file, text and times. */
  init?: { file: RawEntry; text: string; startedAt?: string; endedAt?: string };
  entries: RawEntry[];
  notes: string[];
  serverVersion?: string;
  meta?: Meta;
  metaName?: string;
}

/** `pgbench -i`: a test of its own (`init`), with the seconds its `done in X s` line gives. */
function initTest(init: NonNullable<RunFiles['init']>): { test: Test; rows: ResultRow[] } {
  const done = /^done in ([\d.]+) s/m.exec(init.text);
  const command = /^(?:\$ )?(\S*pgbench\s.*)$/m.exec(init.text.split('\n', 1)[0] ?? '')?.[1];
  const error = /^pgbench: (?:error|fatal): (.*)$/m.exec(init.text)?.[1];
  const scale = command ? /(?:^|\s)(?:-s\s*|--scale=)(\d+)/.exec(command)?.[1] : undefined;
  return {
    test: {
      name: INIT_TEST,
      status: done ? 'ok' : 'failed',
      ...(!done && { error: error ?? 'the table load did not finish (no "done in" line)' }),
      params: scale ? { scale: Number(scale) } : {},
      command: command ? redactSecrets(command) : undefined,
      rawFiles: [init.file.path],
      startedAt: init.startedAt,
      endedAt: init.endedAt,
    },
    rows: done
      ? [{ test: INIT_TEST, metric: 'init_seconds', value: Number(done[1]), unit: PGBENCH_METRICS.init_seconds }]
      : [],
  };
}

/** vmstat and iostat of a test: averages and per-transaction rows, as sysbench's per-query ones. */
function systemOf(t: TestFiles, meta: Meta | undefined, notes: string[]) {
  const vmText = t.vm ? textBytes(t.vm.data) : undefined;
  const ioText = t.io ? textBytes(t.io.data) : undefined;
  if (!vmText?.length && !ioText?.length) return undefined;
  const vm = vmText?.length ? parseVmstat(vmText) : undefined;
  const io = ioText?.length ? { parsed: parseIostat(ioText), text: ioText } : undefined;
  const dev = io ? chooseDevice(io, { given: meta?.device }) : {};
  if (io && dev.notInFiles && io.parsed.deviceNames.length > 0)
    noteOnce(notes, deviceNotInIostat(dev.notInFiles, io.parsed.deviceNames, dev));
  else if (io && !dev.device) notes.push(noIostatDevice(t.name));
  const { cpus, cpusSource } = cpuCount(io?.parsed.cpus, meta);
  const metrics = systemMetrics({
    vmstat: vm ? { parsed: vm } : undefined,
    iostat: io,
    device: dev.device,
    deviceSource: dev.source,
    opsPerS: t.out.tps?.value,
    opsMetric: 'tps',
    cpus,
    cpusSource,
    intervalSeconds: 1,
  });
  const series = [vm && vmstatSeries(vm, 1), io && dev.device && iostatSeries(io.parsed, dev.device, 1)].filter(
    (s): s is Series => !!s,
  );
  return { metrics, rows: systemResultRows(t.name, metrics, 'transaction'), iostat: io?.parsed, series };
}

/** A value every test has the same of, else undefined. */
function same<T>(xs: Array<T | undefined>): T | undefined {
  const set = new Set(xs.filter((x) => x !== undefined));
  return set.size === 1 ? [...set][0] : undefined;
}

const sortedUnique = (xs: Array<number | undefined>) =>
  [...new Set(xs.filter((x): x is number => x !== undefined))].sort((a, b) => a - b);

function workloadOf(tests: TestFiles[]): PgbenchWorkload {
  const outs = tests.map((t) => t.out);
  // Custom scripts print the -s they were given (1 by default); the built-ins count pgbench_branches.
  const builtin = outs.filter((o) => isBuiltin(o.transactionType) || o.transactionType === 'multiple scripts');
  const clients = sortedUnique(tests.map((t) => t.out.clients ?? pgbenchTestParts(t.name)?.clients));
  const threads = sortedUnique(outs.map((o) => o.threads));
  const intervals = outs.map((o) => progressTimes(o).interval);
  const mode = same(outs.map((o) => o.queryMode));
  const method = same(outs.map((o) => o.partitionMethod));
  return {
    kind: 'pgbench',
    scale: same((builtin.length ? builtin : outs).map((o) => o.scale)),
    clients: clients.length ? clients : [1],
    ...(threads.length && { threads }),
    seconds: same(outs.map((o) => o.durationSeconds)),
    transactionsPerClient: same(outs.map((o) => o.transactionsPerClient)),
    queryMode: mode === 'simple' || mode === 'extended' || mode === 'prepared' ? mode : undefined,
    maxTries: same(outs.map((o) => o.maxTries)),
    progressSeconds: same(intervals),
    connectPerTransaction: outs.some((o) => o.tps?.line === 'including reconnection times') || undefined,
    partitionMethod: method === 'range' || method === 'hash' ? method : undefined,
    partitions: same(outs.map((o) => o.partitions)),
  };
}

export function assemblePgbenchRun(r: RunFiles): HarvestedRun {
  const tests: Test[] = [];
  const results: ResultRow[] = [];
  const series: Record<string, Series[]> = {};
  const iostats: Iostat[] = [];
  if (r.init) {
    const i = initTest(r.init);
    tests.push(i.test);
    results.push(...i.rows);
  }
  for (const t of r.tests) {
    const test = outputTest(t.name, t.out);
    test.rawFiles = [t.output.path, ...[t.vm, t.io].filter((e): e is RawEntry => !!e).map((e) => e.path)];
    if (t.startedAt) test.startedAt = t.startedAt;
    if (t.endedAt) test.endedAt = t.endedAt;
    results.push(...outputRows(t.name, t.out));
    const sys = systemOf(t, r.meta, r.notes);
    if (sys) {
      test.system = sys.metrics;
      results.push(...sys.rows);
      if (sys.iostat) iostats.push(sys.iostat);
    }
    const list = [progressSeries(t.out), ...(sys?.series ?? [])].filter((s): s is Series => !!s);
    if (list.length) {
      series[t.name] = list;
      test.series = list.map((s) => s.name);
    }
    tests.push(test);
  }
  const io = iostats.find((x) => x.hostname || x.date);
  const date = runDate(
    {
      meta: r.meta,
      raw: [iostats.map((x) => x.date).find((d) => !!d), r.tests.find((t) => t.startedAt)?.startedAt?.slice(0, 10)],
      mtimes: r.entries.map((e) => e.mtimeMs),
      input: r.input,
      missing: 'no run date in the pgbench outputs (they print none)',
    },
    r.notes,
  );
  const decoded = decodeLabel(r.label);
  const banner = r.tests.find((t) => t.out.version)?.out;
  const versions = [...new Set(r.tests.map((t) => t.out.version).filter((v): v is string => !!v))];
  const commands = [
    ...new Set([...(tests.map((t) => t.command) as Array<string | undefined>)].filter((c): c is string => !!c)),
  ];
  return assembleRun({
    benchmark: 'pgbench',
    label: r.label,
    date,
    host: {
      name: runHostName([io?.hostname], r.meta, 'the raw files', r.notes),
      kernel: io?.kernel,
      cpus: io?.cpus,
      sources: io ? ['iostat header'] : undefined,
    },
    dbms: {
      // pgbench runs against PostgreSQL; its banner names the server's version when it differs from its own.
      product: 'postgres',
      version: banner
        ? (banner.serverVersion ?? banner.version)
        : decoded.product === 'postgres'
          ? decoded.version
          : undefined,
      build: decoded.build,
      buildName: decoded.buildName,
      label: decoded.short ?? decoded.buildName ?? r.label,
      serverVersion: r.serverVersion,
    },
    config: { name: decoded.product ? (decoded.config ?? 'unspecified') : 'unspecified' },
    workload: workloadOf(r.tests),
    tests,
    results,
    provenance: {
      source: 'raw',
      format: r.format,
      tools: versions.map((v) => ({ name: 'pgbench', version: v })),
      commands,
      startedAt: [r.init?.startedAt, ...r.tests.map((t) => t.startedAt)].filter((x): x is string => !!x).sort()[0],
      endedAt: [r.init?.endedAt, ...r.tests.map((t) => t.endedAt)]
        .filter((x): x is string => !!x)
        .sort()
        .at(-1),
      input: r.input,
    },
    raw: r.entries,
    notes: r.notes,
    series,
    meta: r.meta,
    metaName: r.metaName,
  });
}

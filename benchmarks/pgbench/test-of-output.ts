// One pgbench output -> its test: name, status, parameters, result rows and the progress series. Pure.
import type { ResultRow, Series, Test } from '../../src/schemas/index.ts';
import { redactSecrets } from '../../collectors/lib/provenance.ts';
import type { PgbenchOutput } from './parse-output.ts';
import { PGBENCH_METRICS, pgbenchTestName, type PgbenchMetric } from './vocabulary.ts';

/** Transaction types of the built-in scripts, as pgbench 9.6 and later (and 9.5 and earlier) print them. */
const BUILTIN: Record<string, string> = {
  '<builtin: TPC-B (sort of)>': 'tpcb-like',
  '<builtin: simple update>': 'simple-update',
  '<builtin: select only>': 'select-only',
  'TPC-B (sort of)': 'tpcb-like',
  'Update only pgbench_accounts': 'simple-update',
  'SELECT only': 'select-only',
};

/** Whether a transaction type is one of pgbench's built-in scripts. */
export const isBuiltin = (type: string | undefined): boolean => type !== undefined && type in BUILTIN;

/** A script's name: the built-in's (`select-only`), else the file's without its folder and extension. */
function scriptName(desc: string): string {
  const builtin = BUILTIN[desc];
  if (builtin) return builtin;
  const base = desc.slice(desc.lastIndexOf('/') + 1).replace(/\.(sql|pgbench|txt)$/i, '');
  return base.replace(/[^A-Za-z0-9._@+-]+/g, '_') || 'script';
}

/** The scripts a command line runs (`-S`, `-N`, `-b name[@w]`, `-f file[@w]`), for an output with no report. */
function scriptsOfCommand(command: string | undefined): string[] {
  if (!command) return [];
  const out: string[] = [];
  // Read with its passwords masked: no word of a quoted password is a script's name.
  const words = redactSecrets(command).split(/\s+/);
  words.forEach((w, i) => {
    if (w === '-S' || w === '--select-only') out.push('select-only');
    else if (w === '-N' || w === '--skip-some-updates') out.push('simple-update');
    else if (w === '-b' || w === '-f' || w === '--builtin' || w === '--file') out.push(words[i + 1] ?? '');
    else if (/^(-[bf]|--builtin=|--file=)./.test(w)) out.push(w.replace(/^(-[bf]|--builtin=|--file=)/, ''));
  });
  return out.filter(Boolean).map((s) => {
    const [name, weight] = s.split('@');
    const known = ['tpcb-like', 'simple-update', 'select-only'].find((b) => b.startsWith(name!));
    return `${known ?? scriptName(name!)}${weight ? `@${weight}` : ''}`;
  });
}

/** The name of the script(s) an output ran: `select-only`, `custom-read`, `select-only@9+simple-update@1`. */
function scriptOf(out: PgbenchOutput, fallback: string): string {
  if (out.transactionType === 'multiple scripts' && out.scripts.length)
    return out.scripts.map((s) => `${scriptName(s.desc)}@${s.weight ?? 1}`).join('+');
  if (out.transactionType) return scriptName(out.transactionType);
  const fromCommand = scriptsOfCommand(out.commandLine);
  if (fromCommand.length === 1) return fromCommand[0]!.replace(/@\d+$/, '');
  if (fromCommand.length > 1) return fromCommand.join('+');
  return out.commandLine ? 'tpcb-like' : fallback;
}

/** `-c N` of a command line. */
function clientsOfCommand(command: string | undefined): number | undefined {
  const m = command && /(?:^|\s)(?:-c\s*|--client=)(\d+)(?=\s|$)/.exec(command);
  return m ? Number(m[1]) : undefined;
}

/** The test name of an output: its script and clients (1, pgbench's default, when neither report nor command says). */
export function testNameOf(out: PgbenchOutput, fallback: string): string {
  return pgbenchTestName(scriptOf(out, fallback), out.clients ?? clientsOfCommand(out.commandLine) ?? 1);
}

const row = (test: string, metric: PgbenchMetric, value: number | undefined): ResultRow[] =>
  value === undefined ? [] : [{ test, metric, value, unit: PGBENCH_METRICS[metric] }];

/** The rows of pgbench's report: the run's figures, then each script's, then each statement's. */
export function outputRows(test: string, out: PgbenchOutput): ResultRow[] {
  const rows: ResultRow[] = [
    ...row(test, 'tps', out.tps?.value),
    ...row(test, 'tps_including_connections', out.tpsIncludingConnections),
    ...row(test, 'transactions', out.transactions),
    ...row(test, 'failed_transactions', out.failed),
    ...row(test, 'serialization_failures', out.serializationFailures),
    ...row(test, 'deadlock_failures', out.deadlockFailures),
    ...row(test, 'other_failures', out.otherFailures),
    ...row(test, 'retried_transactions', out.retried),
    ...row(test, 'retries', out.retries),
    ...row(test, 'skipped_transactions', out.skipped),
    ...row(test, 'late_transactions', out.late),
    ...row(test, 'latency_avg_ms', out.latencyAvgMs),
    ...row(test, 'latency_stddev_ms', out.latencyStddevMs),
    ...row(test, 'lag_avg_ms', out.lagAvgMs),
    ...row(test, 'lag_max_ms', out.lagMaxMs),
    ...row(test, 'initial_connection_ms', out.initialConnectionMs),
    ...row(test, 'average_connection_ms', out.averageConnectionMs),
  ];
  const add = (metric: string, value: number | undefined, unit: string) => {
    if (value !== undefined) rows.push({ test, metric, value, unit });
  };
  for (const s of out.scripts) {
    add(`script${s.index}_tps`, s.tps, 'transactions/s');
    add(`script${s.index}_transactions`, s.transactions, 'transactions');
    add(`script${s.index}_failed_transactions`, s.failed, 'transactions');
    add(`script${s.index}_latency_avg_ms`, s.latencyAvgMs, 'ms');
    add(`script${s.index}_latency_stddev_ms`, s.latencyStddevMs, 'ms');
  }
  out.statements.forEach((s, k) => {
    add(`statement${k + 1}_latency_ms`, s.latencyMs, 'ms');
    add(`statement${k + 1}_failures`, s.failures, 'transactions');
    add(`statement${k + 1}_retries`, s.retries, 'retries');
  });
  return rows;
}

/** What the test ran with, as the report prints it, and each script's and statement's text. */
function outputParams(out: PgbenchOutput): NonNullable<Test['params']> {
  const p: NonNullable<Test['params']> = {};
  const set = (k: string, v: string | number | boolean | undefined) => {
    if (v !== undefined) p[k] = v;
  };
  set('script', out.transactionType);
  set('clients', out.clients);
  set('threads', out.threads);
  set('seconds', out.durationSeconds);
  set('transactionsPerClient', out.transactionsPerClient);
  set('scale', out.scale);
  set('queryMode', out.queryMode);
  set('maxTries', out.maxTries);
  set('partitionMethod', out.partitionMethod);
  set('partitions', out.partitions);
  set('latencyLimitMs', out.latencyLimitMs);
  if (out.tps?.line === 'including reconnection times') p.connectPerTransaction = true;
  for (const s of out.scripts) {
    set(`script${s.index}`, s.desc);
    set(`script${s.index}_weight`, s.weight);
  }
  out.statements.forEach((s, k) => {
    p[`statement${k + 1}`] = s.script ? `[script ${s.script}] ${s.text}` : s.text;
  });
  return p;
}

/** The test of an output: failed when pgbench printed no TPS or said the run was aborted. */
export function outputTest(name: string, out: PgbenchOutput): Test {
  const ok = out.tps !== undefined && !out.aborted;
  const why = out.errors.find((e) => !/Run was aborted/.test(e));
  const error = ok
    ? undefined
    : out.aborted
      ? `${why ? `${why}; ` : ''}pgbench: Run was aborted; the above results are incomplete`
      : (why ?? 'no "tps =" line: pgbench did not finish');
  return {
    name,
    status: ok ? 'ok' : 'failed',
    ...(error && { error }),
    params: outputParams(out),
    command: out.commandLine ? redactSecrets(out.commandLine) : undefined,
  };
}

/**
 * Seconds between progress lines (`-P`, whole seconds: a line is printed late when pgbench's thread is busy,
 * `progress: 2.1 s`), and the lines' times from the test's start (Unix times made relative).
 */
export function progressTimes(out: PgbenchOutput): { interval?: number; t: number[] } {
  const ts = out.progress.map((p) => p.t);
  if (!ts.length) return { t: [] };
  const steps = ts.slice(1).map((t, i) => t - ts[i]!);
  if (!out.progressTimestamps) steps.push(ts[0]!);
  steps.sort((a, b) => a - b);
  const step = steps.length ? Math.round(steps[Math.floor((steps.length - 1) / 2)]!) : 0;
  const interval = step > 0 ? step : undefined;
  if (!out.progressTimestamps) return { interval, t: ts };
  const start = ts[0]! - (interval ?? 0);
  return { interval, t: ts.map((t) => Math.round((t - start) * 1000) / 1000) };
}

/** The `-P` progress lines as a series (columns pgbench never printed in this output are left out). */
export function progressSeries(out: PgbenchOutput): Series | undefined {
  if (!out.progress.length) return undefined;
  const { interval, t } = progressTimes(out);
  const columns: Array<[string, string, (p: PgbenchOutput['progress'][number]) => number | null]> = [
    ['tps', 'transactions/s', (p) => p.tps],
    ['latency_avg_ms', 'ms', (p) => p.latencyMs],
    ['latency_stddev_ms', 'ms', (p) => p.stddevMs],
    ['failed', 'transactions', (p) => p.failed],
    ['lag_ms', 'ms', (p) => p.lagMs],
    ['skipped', 'transactions', (p) => p.skipped],
    ['retried', 'transactions', (p) => p.retried],
    ['retries', 'retries', (p) => p.retries],
  ];
  const kept = columns.filter(([, , get], j) => j < 3 || out.progress.some((p) => get(p) !== null));
  return {
    name: 'pgbench',
    ...(interval !== undefined && { intervalSeconds: interval }),
    columns: [{ name: 't', unit: 's' }, ...kept.map(([name, unit]) => ({ name, unit }))],
    rows: out.progress.map((p, i) => [t[i]!, ...kept.map(([, , get]) => get(p))]),
  };
}

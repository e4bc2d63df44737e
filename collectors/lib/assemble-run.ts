// Harvested facts -> Run, written once for every harvester and importer: the run date and where it comes from,
// the host name, the server version a PostgreSQL log states, the CPU count per-operation CPU is computed with,
// and the run's provenance. Pure.
import type { BenchmarkName, Meta, ResultRow, Run, Test } from '../../src/schemas/index.ts';
import { RUN_SCHEMA_VERSION } from '../../src/schemas/index.ts';
import type { HarvestedRun } from './harvested.ts';
import { InputError } from './input-error.ts';
import { dateFromFileTimes, noHostName, noRunDate } from './messages.ts';
import { applyMeta } from './meta.ts';
import { BENCHSITE_VERSION, manifest } from './provenance.ts';
import type { RawEntry } from './raw-tree.ts';

export interface DateFacts {
  meta?: Meta;
  /** Dates the files state (YYYY-MM-DD), most trusted first: the first one given is the run's. */
  raw?: (string | undefined)[];
  /** The date of the post a table comes from (imports of published tables). */
  published?: string;
  /** Modification times of the files (ms), the last resort: they may say when the files were copied. */
  mtimes?: (number | undefined)[];
  /** The input, and what it lacks, for the error when nothing gives a date. */
  input: string;
  missing: string;
  /** What else would give the date, added to the hint (e.g. the post a table comes from). */
  orElse?: string;
}

/**
 * The run date and its source: the files' own dates, else `--meta date`, else the post's date, else the
 * earliest file modification time (with a note saying so), else an error asking for `--meta date`. The raw
 * files win over `--meta` (they were written when the run ran); applyMeta notes a disagreement with both dates.
 */
export function runDate(f: DateFacts, notes: string[]): { date: string; dateSource: Run['dateSource'] } {
  // A date a damaged file prints (2024-13-40) is not one: the next source is asked.
  const raw = f.raw?.find((d) => !!d && isCalendarDate(d));
  if (raw) return { date: raw, dateSource: 'raw-files' };
  if (f.meta?.date) return { date: f.meta.date, dateSource: 'meta' };
  if (f.published) return { date: f.published, dateSource: 'published' };
  const mtimes = (f.mtimes ?? []).filter((x): x is number => x !== undefined);
  if (mtimes.length) {
    const date = new Date(Math.min(...mtimes)).toISOString().slice(0, 10);
    notes.push(dateFromFileTimes(date));
    return { date, dateSource: 'file-mtime' };
  }
  throw new InputError(noRunDate(f.input, f.missing, f.orElse));
}

/** `YYYY-MM-DD` naming a day of the calendar. */
export function isCalendarDate(d: string): boolean {
  const m = /^(\d{4})-(\d\d)-(\d\d)$/.exec(d);
  if (!m) return false;
  const t = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return t.getUTCFullYear() === Number(m[1]) && t.getUTCMonth() === Number(m[2]) - 1 && t.getUTCDate() === Number(m[3]);
}

/** A host name a run id can hold (it is a path segment). */
const HOST_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * The host name: the first candidate the files give that can name a run folder, else `unknown` (with a note
 * asking for `--meta host.name` when the meta file does not give it; applyMeta then sets it).
 */
export function runHostName(
  candidates: (string | undefined)[],
  meta: Meta | undefined,
  where: string,
  notes: string[],
) {
  const name = candidates.find((h) => h !== undefined && HOST_NAME.test(h)) ?? 'unknown';
  if (name === 'unknown' && !meta?.host?.name) notes.push(noHostName(where));
  return name;
}

/**
 * The server's version as PostgreSQL states it when it starts: `PostgreSQL 15.18 (Debian 15.18-0+deb12u1)`, or
 * `PostgreSQL 17.2` for a build without a distribution's suffix (the platform after ` on ` is left out).
 */
export function postgresVersionInLog(log: string): string | undefined {
  return /starting (PostgreSQL \S+(?: \([^)\n]*\))?) on /.exec(log)?.[1];
}

/**
 * The CPU count per-operation CPU (µs per query) is computed with, and where it comes from: iostat's header
 * `(N CPU)` counts the CPUs of the host that ran the database; else the host inventory or `--meta cpus`;
 * else what the client said (sysbench prints the client host's CPUs).
 */
export function cpuCount(
  iostatCpus: number | undefined,
  meta: Meta | undefined,
  client?: { cpus?: number; source: string },
): { cpus?: number; cpusSource?: string } {
  if (iostatCpus) return { cpus: iostatCpus, cpusSource: 'iostat (N CPU)' };
  if (meta?.host?.cpus) return { cpus: meta.host.cpus, cpusSource: 'host inventory (--meta host.cpus)' };
  if (meta?.cpus) return { cpus: meta.cpus, cpusSource: '--meta cpus' };
  if (client?.cpus) return { cpus: client.cpus, cpusSource: client.source };
  return {};
}

export interface RunFacts {
  benchmark: BenchmarkName;
  label: string;
  date: { date: string; dateSource: Run['dateSource'] };
  host: Run['host'];
  dbms: Run['dbms'];
  config: Run['config'];
  workload: Run['workload'];
  tests: Test[];
  results: ResultRow[];
  /** Only for runs of a post's relative tables. */
  relative?: Run['relative'];
  provenance: Pick<
    Run['provenance'],
    'source' | 'tools' | 'commands' | 'startedAt' | 'endedAt' | 'input' | 'published'
  > & {
    /** What was read, e.g. `mytools-sysbench`. */
    format: string;
  };
  raw: RawEntry[];
  notes: string[];
  series?: HarvestedRun['series']['tests'];
  meta?: Meta;
  metaName?: string;
}

/** The run of the facts, with --meta applied (its facts win over the files'; nothing is invented). */
export function assembleRun(f: RunFacts): HarvestedRun {
  const p = f.provenance;
  const run: Run = {
    schemaVersion: RUN_SCHEMA_VERSION,
    benchmark: f.benchmark,
    label: f.label,
    date: f.date.date,
    dateSource: f.date.dateSource,
    host: f.host,
    dbms: f.dbms,
    config: f.config,
    workload: f.workload,
    tests: f.tests,
    results: f.results,
    provenance: {
      source: p.source,
      harvester: { version: BENCHSITE_VERSION, format: p.format },
      tools: p.tools,
      commands: p.commands,
      startedAt: p.startedAt,
      endedAt: p.endedAt,
      input: p.input,
      rawFiles: manifest(f.raw),
      published: p.published,
      notes: f.notes.length ? f.notes : undefined,
    },
  };
  if (f.relative) run.relative = f.relative;
  return {
    run: applyMeta(run, f.meta, f.metaName),
    series: { schemaVersion: 1, tests: f.series ?? {} },
    raw: f.raw,
  };
}

// One HammerDB job (a schema build or a timed run) as the parsers read it from any source: hammerdbcli
// output, the VU log, the jobs database, a jobs JSON dump or a v6 result artifact. Several sources of the
// same job are merged by `merge-jobs.ts` before they become tests.

/** Response times of one transaction type (NEWORD, PAYMENT, DELIVERY, SLEV, OSTAT), in milliseconds. */
export interface TransactionTiming {
  calls?: number;
  minMs?: number;
  avgMs?: number;
  maxMs?: number;
  totalMs?: number;
  p25Ms?: number;
  p50Ms?: number;
  p75Ms?: number;
  p95Ms?: number;
  p99Ms?: number;
  /** Standard deviation as HammerDB prints it (µs in v4/v5 `SD:` lines, ms in v6). */
  sd?: number;
  /** Share of the measured time spent in this transaction type, percent. */
  ratioPct?: number;
  elapsedMs?: number;
}

/** Timings by transaction type, upper case as HammerDB names them. */
export type TimingByProc = Record<string, TransactionTiming>;

/** One transaction-counter sample. */
export interface TpmPoint {
  /** `YYYY-MM-DD HH:MM:SS` (local time of the HammerDB host) when the source printed one. */
  at?: string;
  tpm: number;
}

/** A `TEST RESULT` line, tied to the active virtual users of its run. */
export interface TestResultLine {
  activeVirtualUsers?: number;
  nopm: number;
  tpm: number;
  /** The DBMS name in the line (`PostgreSQL`, `MySQL`, `MariaDB`, `SQL Server` ...). */
  dbLabel: string;
  /** The line as printed, without the `Vuser 1:` prefix. */
  line: string;
  /** Its 1-based line number in the text it was read from (CLI output, a paste, a log). */
  lineNo?: number;
}

/** CPU samples of HammerDB's metrics agent (v6 artifacts, `JOBMETRIC`), percent. */
interface CpuSample {
  at?: string;
  usr: number;
  sys: number;
  idle?: number;
}

export interface HammerdbJob {
  kind: 'build' | 'run';
  /** Raw files it was read from (paths in the tree), first the main one. */
  sources: string[];
  /** 24-hex job id, when the source names it. */
  jobid?: string;
  /** HammerDB's name for the workload/DBMS: `PostgreSQL`, `MySQL`, `MariaDB`, `MSSQLServer` ... */
  database?: string;
  /** The server's version as the monitor VU printed it (`DBVersion:15.20 (Debian ...)`), or the v6 `release`. */
  dbVersion?: string;
  /** HammerDB version, e.g. `4.12`. */
  hammerdbVersion?: string;
  /** When the job started, `YYYY-MM-DD HH:MM:SS` local time, when a source says. */
  startedAt?: string;
  /** `tpcc` settings of the job (`pg_count_ware`, `mysql_no_stored_procs` ...); credentials left out. */
  settings: Record<string, string>;
  /** Warehouses, when the text states them outside the settings (build banner, mytools `warehouse:` line ...). */
  warehouses?: number;
  rampupMinutes?: number;
  durationMinutes?: number;
  /** Virtual users asked for (`run for VU n`, `vu: n`, VUs created minus the monitor). */
  requestedVirtualUsers?: number;
  /** Build only: whether stored procedures (not functions) were created. */
  createdStoredProcedures?: boolean;
  result?: TestResultLine;
  /** What went wrong, quoted from the output, in order. */
  errors: string[];
  /** How many lines reported a failed transaction (`... Procedure Error set RAISEERROR for Details`). */
  procedureErrors: number;
  /** A VU printed `FINISHED FAILED`. */
  finishedFailed: boolean;
  /** The source shows the job's end (`ALL VIRTUAL USERS COMPLETE`, `SCHEMA BUILD COMPLETED` ...). */
  complete: boolean;
  tpm: TpmPoint[];
  /** Transaction counter interval in seconds, when known. */
  tpmIntervalSeconds?: number;
  /** Time profile summary over all active VUs. */
  timing?: TimingByProc;
  cpu?: CpuSample[];
  /** Base names of the log files the job wrote (`hammerdb_<id>.log`, `hdbtcount_<id>.log`, `hdbxtprofile.log`). */
  logFiles: string[];
  /** Host facts HammerDB recorded (v6 artifacts, `JOBSYSTEM`). */
  system?: { hostname?: string; cpuModel?: string; cpus?: number; os?: string; memory?: string; storage?: string };
  /** Steady-state window of the transaction counter (v6 `analysis_hints.active_window`). */
  activeWindow?: { start: string; end: string };
}

export function emptyJob(kind: HammerdbJob['kind'], source: string): HammerdbJob {
  return {
    kind,
    sources: [source],
    settings: {},
    errors: [],
    procedureErrors: 0,
    finishedFailed: false,
    complete: false,
    tpm: [],
    logFiles: [],
  };
}

/** Setting keys that hold credentials or connection details; they never reach a run. */
const SECRET =
  /(user|pass|superuser|host|port|socket|ssl|sslmode|capath|cert|_key|cipher|dsn|odbc|authentication|server)$/;

/** Keep a `tpcc` setting unless it is a credential or connection detail. */
export function isSafeSetting(key: string): boolean {
  return !SECRET.test(key);
}

/** A setting by its name without the DBMS prefix (`count_ware` finds `pg_count_ware`, `mysql_count_ware` ...). */
export function setting(job: Pick<HammerdbJob, 'settings'>, name: string): string | undefined {
  for (const [k, v] of Object.entries(job.settings)) if (k.replace(/^[a-z0-9]+_/, '') === name || k === name) return v;
  return undefined;
}

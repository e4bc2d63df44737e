// One pgbench run's output (stdout and stderr together) -> its facts, as pgbench 9.6 to 19 print them
// (printResults, printProgressReport, printSimpleStats in src/bin/pgbench/pgbench.c; docs/formats/pgbench.md 6.1, 6.2).
// Pure, one pass over the lines. A line it does not know is left alone: pgbench prints what it prints.

interface PgbenchProgress {
  /** Seconds from the start (or the Unix time, with --progress-timestamp). */
  t: number;
  tps: number | null;
  latencyMs: number | null;
  stddevMs: number | null;
  failed: number | null;
  lagMs: number | null;
  skipped: number | null;
  retried: number | null;
  retries: number | null;
}

interface PgbenchScriptStats {
  /** 1-based, as `SQL script N:` numbers it. */
  index: number;
  desc: string;
  weight?: number;
  transactions?: number;
  tps?: number;
  failed?: number;
  latencyAvgMs?: number;
  latencyStddevMs?: number;
}

interface PgbenchStatement {
  /** The script it belongs to (1-based), when the output has several. */
  script?: number;
  latencyMs: number;
  failures?: number;
  retries?: number;
  /** The statement's first line, as pgbench prints it. */
  text: string;
}

export interface PgbenchOutput {
  /** The command, when the file starts with it (benchsite writes it first; `$ pgbench ...` as pasted). */
  commandLine?: string;
  /** pgbench's version from its banner (`pgbench (15.20 (Debian 15.20-0+deb12u1))`, pgbench 14 and later). */
  version?: string;
  /** The server's, when the banner says it differs (`pgbench (16.4, server 15.8)`). */
  serverVersion?: string;
  transactionType?: string;
  scale?: number;
  partitionMethod?: string;
  partitions?: number;
  queryMode?: string;
  clients?: number;
  threads?: number;
  maxTries?: number;
  durationSeconds?: number;
  transactionsPerClient?: number;
  /** `number of transactions actually processed:` (and the intended count, under -t). */
  transactions?: number;
  transactionsIntended?: number;
  failed?: number;
  serializationFailures?: number;
  deadlockFailures?: number;
  otherFailures?: number;
  retried?: number;
  retries?: number;
  skipped?: number;
  late?: number;
  latencyLimitMs?: number;
  latencyAvgMs?: number;
  latencyStddevMs?: number;
  /** `latency average = X ms (including failures)`: computed from the run time, failed transactions counted. */
  latencyIncludesFailures?: boolean;
  lagAvgMs?: number;
  lagMaxMs?: number;
  initialConnectionMs?: number;
  averageConnectionMs?: number;
  /**
   * The run's TPS: its value, the text pgbench printed for it, and the words in parentheses after it (`without
   * initial connection time`; before pgbench 14 `excluding connections establishing`; under -C `including
   * reconnection times`).
   */
  tps?: { value: number; text: string; line: string };
  /** pgbench 13 and earlier: `tps = X (including connections establishing)`. */
  tpsIncludingConnections?: number;
  scripts: PgbenchScriptStats[];
  statements: PgbenchStatement[];
  progress: PgbenchProgress[];
  /** `--progress-timestamp`: progress times are Unix times. */
  progressTimestamps: boolean;
  /** Error lines (`pgbench: error: ...`, `FATAL: ...`, `client N aborted ...`), in order. */
  errors: string[];
  /** pgbench said `Run was aborted; the above results are incomplete.` */
  aborted: boolean;
}

const NUM = String.raw`[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?`;
/** A number C's printf may print as nan or inf (a stddev of rounding noise, a tps of no time). */
const CNUM = String.raw`(?:${NUM}|-?nan|-?inf)`;

const num = (s: string | undefined): number | undefined => {
  if (s === undefined) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
};
const cnum = (s: string | undefined): number | null => num(s) ?? null;

const PROGRESS = new RegExp(
  String.raw`^progress: (${NUM}) s, (${CNUM}) tps, lat (${CNUM}) ms stddev (${CNUM})` +
    String.raw`(?:, (\d+) failed)?(?:, lag (${CNUM}) ms)?(?:, (\d+) skipped)?(?:, (\d+) retried, (\d+) retries)?\s*$`,
);
// Only the words pgbench prints: a damaged line (`(without initial connect{{ion time)`) is not its tps.
const TPS = new RegExp(
  String.raw`^tps = (${CNUM}) \((without initial connection time|including reconnection times|(?:in|ex)cluding connections establishing)\)\s*$`,
);
const STATEMENTS =
  /^(?: - )?statement latencies in milliseconds(, failures and retries| and failures)?(?:, file \d+)?:\s*$/;

/** `key: value` lines of the report, by their key. */
const FIELDS: Array<[RegExp, (o: PgbenchOutput, m: RegExpExecArray) => void]> = [
  [/^transaction type: (.*)$/, (o, m) => (o.transactionType = m[1]!.trim())],
  [/^scaling factor: (\d+)$/, (o, m) => (o.scale = Number(m[1]))],
  [/^partition method: (\S+)$/, (o, m) => (o.partitionMethod = m[1])],
  [/^partitions: (\d+)$/, (o, m) => (o.partitions = Number(m[1]))],
  [/^query mode: (\S+)$/, (o, m) => (o.queryMode = m[1])],
  [/^number of clients: (\d+)$/, (o, m) => (o.clients = Number(m[1]))],
  [/^number of threads: (\d+)$/, (o, m) => (o.threads = Number(m[1]))],
  [/^maximum number of tries: (\d+)$/, (o, m) => (o.maxTries = Number(m[1]))],
  [/^duration: (\d+) s$/, (o, m) => (o.durationSeconds = Number(m[1]))],
  [/^number of transactions per client: (\d+)$/, (o, m) => (o.transactionsPerClient = Number(m[1]))],
  [
    /^number of transactions actually processed: (\d+)(?:\/(\d+))?$/,
    (o, m) => {
      o.transactions = Number(m[1]);
      if (m[2] !== undefined) o.transactionsIntended = Number(m[2]);
    },
  ],
  [/^number of failed transactions: (\d+) \(/, (o, m) => (o.failed = Number(m[1]))],
  [/^number of serialization failures: (\d+) \(/, (o, m) => (o.serializationFailures = Number(m[1]))],
  [/^number of deadlock failures: (\d+) \(/, (o, m) => (o.deadlockFailures = Number(m[1]))],
  [/^number of other failures: (\d+) \(/, (o, m) => (o.otherFailures = Number(m[1]))],
  [/^number of transactions retried: (\d+) \(/, (o, m) => (o.retried = Number(m[1]))],
  [/^total number of retries: (\d+)$/, (o, m) => (o.retries = Number(m[1]))],
  [/^number of transactions skipped: (\d+) \(/, (o, m) => (o.skipped = Number(m[1]))],
  [
    new RegExp(String.raw`^number of transactions above the (${NUM}) ms latency limit: (\d+)`),
    (o, m) => {
      o.latencyLimitMs = Number(m[1]);
      o.late = Number(m[2]);
    },
  ],
  // `latency average = X ms` since pgbench 10, `latency average: X ms` before.
  [
    new RegExp(String.raw`^latency average ?[:=] ?(${CNUM}) ms( \(including failures\))?$`),
    (o, m) => {
      o.latencyAvgMs = num(m[1]);
      if (m[2]) o.latencyIncludesFailures = true;
    },
  ],
  [new RegExp(String.raw`^latency stddev ?[:=] ?(${CNUM}) ms$`), (o, m) => (o.latencyStddevMs = num(m[1]))],
  [
    new RegExp(String.raw`^rate limit schedule lag: avg (${CNUM}) \(max (${CNUM})\) ms$`),
    (o, m) => {
      o.lagAvgMs = num(m[1]);
      o.lagMaxMs = num(m[2]);
    },
  ],
  [new RegExp(String.raw`^initial connection time = (${CNUM}) ms$`), (o, m) => (o.initialConnectionMs = num(m[1]))],
  [new RegExp(String.raw`^average connection time = (${CNUM}) ms$`), (o, m) => (o.averageConnectionMs = num(m[1]))],
];

/** ` - ` lines of a `SQL script N:` block. */
const SCRIPT_FIELDS: Array<[RegExp, (s: PgbenchScriptStats, m: RegExpExecArray) => void]> = [
  [/^ - weight: (\d+) /, (s, m) => (s.weight = Number(m[1]))],
  // Before pgbench 18: ` - N transactions (P% of total, tps = X)`; since: the count here, tps on the next line.
  [
    new RegExp(String.raw`^ - (\d+) transactions \([^,)]*% of total(?:, tps = (${CNUM}))?\)$`),
    (s, m) => {
      s.transactions = Number(m[1]);
      if (m[2] !== undefined) s.tps = num(m[2]);
    },
  ],
  [
    new RegExp(String.raw`^ - number of transactions actually processed: (\d+) \(tps = (${CNUM})\)$`),
    (s, m) => {
      s.transactions = Number(m[1]);
      s.tps = num(m[2]);
    },
  ],
  [/^ - number of failed transactions: (\d+) \(/, (s, m) => (s.failed = Number(m[1]))],
  [new RegExp(String.raw`^ - latency average = (${CNUM}) ms$`), (s, m) => (s.latencyAvgMs = num(m[1]))],
  [new RegExp(String.raw`^ - latency stddev = (${CNUM}) ms$`), (s, m) => (s.latencyStddevMs = num(m[1]))],
];

/** The line of the statement table: its latency, then as many counts as the table's header names, then the text. */
function statementOf(line: string, counts: number): Omit<PgbenchStatement, 'script'> | undefined {
  const m = new RegExp(String.raw`^\s+(${CNUM})${String.raw`\s+(\d+)`.repeat(counts)} {1,2}(\S.*)$`).exec(line);
  if (!m) return undefined;
  return {
    latencyMs: num(m[1]) ?? 0,
    ...(counts >= 1 ? { failures: Number(m[2]) } : {}),
    ...(counts >= 2 ? { retries: Number(m[3]) } : {}),
    text: m[counts + 2]!.trimEnd(),
  };
}

const ERROR =
  /^(?:pgbench: (?:error|fatal): |FATAL: |ERROR: |connection to (?:database|server) .* failed|client \d+ aborted)/;

/** pgbench's own tps lines (10 to 19): no other tool prints them. */
const TPS_LINE =
  /^tps = \S+ \((?:without initial connection time|including reconnection times|(?:in|ex)cluding connections establishing)\)\r?$/m;

/** Whether a text is the output of a pgbench run (its report, or a run that failed before the report). */
export function looksLikePgbenchOutput(text: string): boolean {
  if (/^transaction type: /m.test(text) && /^number of clients: \d+/m.test(text)) return true;
  if (TPS_LINE.test(text)) return true;
  return /^pgbench \(\d/m.test(text) && /^(pgbench: (error|fatal):|progress: )/m.test(text);
}

/** A command line as a file starts with it: benchsite's, or pasted after a shell prompt. */
const COMMAND_LINE = /^(?:.*?[$#] )?((?:\S*\/)?pgbench\s+[^\s(].*)$/;

/** Whether a text is the output of `pgbench -i` (the tables loaded before the tests). */
export function looksLikePgbenchInit(text: string): boolean {
  return /^creating tables\.\.\./m.test(text) && !/^transaction type: /m.test(text);
}

export function parsePgbenchOutput(text: string): PgbenchOutput {
  const o: PgbenchOutput = {
    scripts: [],
    statements: [],
    progress: [],
    progressTimestamps: false,
    errors: [],
    aborted: false,
  };
  const lines = text.split('\n');
  let script: PgbenchScriptStats | undefined;
  /** Counts per statement line of the current statement table; undefined outside one. */
  let statementCounts: number | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/\r$/, '');
    const command = i === 0 ? COMMAND_LINE.exec(line) : null;
    if (command) {
      o.commandLine = command[1];
      continue;
    }
    if (statementCounts !== undefined) {
      const s = statementOf(line, statementCounts);
      if (s) {
        o.statements.push(script ? { script: script.index, ...s } : s);
        continue;
      }
      statementCounts = undefined;
    }
    const banner = /^pgbench \((\d[^\s,)]*)(?:.*?, server (\d[^\s,)]*))?.*\)$/.exec(line);
    if (banner) {
      o.version = banner[1];
      if (banner[2]) o.serverVersion = banner[2];
      continue;
    }
    if (line.startsWith('progress: ')) {
      const m = PROGRESS.exec(line);
      if (m) {
        o.progress.push({
          t: Number(m[1]),
          tps: cnum(m[2]),
          latencyMs: cnum(m[3]),
          stddevMs: cnum(m[4]),
          failed: m[5] !== undefined ? Number(m[5]) : null,
          lagMs: m[6] !== undefined ? cnum(m[6]) : null,
          skipped: m[7] !== undefined ? Number(m[7]) : null,
          retried: m[8] !== undefined ? Number(m[8]) : null,
          retries: m[9] !== undefined ? Number(m[9]) : null,
        });
      }
      continue;
    }
    const tps = TPS.exec(line);
    if (tps) {
      const why = tps[2]!;
      const value = num(tps[1]);
      if (why === 'including connections establishing') o.tpsIncludingConnections = value;
      else if (value !== undefined && !o.tps) o.tps = { value, text: tps[1]!, line: why };
      continue;
    }
    const sm = STATEMENTS.exec(line);
    if (sm) {
      statementCounts = sm[1] === ', failures and retries' ? 2 : sm[1] === ' and failures' ? 1 : 0;
      continue;
    }
    const head = /^SQL script (\d+): (.*)$/.exec(line);
    if (head) {
      script = { index: Number(head[1]), desc: head[2]!.trim() };
      o.scripts.push(script);
      continue;
    }
    if (line === 'script statistics:') {
      script = undefined;
      continue;
    }
    if (script && line.startsWith(' - ')) {
      for (const [re, set] of SCRIPT_FIELDS) {
        const m = re.exec(line);
        if (m) {
          set(script, m);
          break;
        }
      }
      continue;
    }
    if (/Run was aborted/.test(line)) {
      o.aborted = true;
      o.errors.push(line.replace(/^pgbench: (?:error|fatal): /, ''));
      continue;
    }
    if (ERROR.test(line)) {
      o.errors.push(line.trim());
      continue;
    }
    for (const [re, set] of FIELDS) {
      const m = re.exec(line);
      if (m) {
        set(o, m);
        break;
      }
    }
  }
  o.progressTimestamps = o.progress.some((p) => p.t > 1e8);
  return o;
}

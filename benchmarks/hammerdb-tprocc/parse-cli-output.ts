// hammerdbcli output text -> jobs (docs/formats/hammerdb.md 3.2). Pure. The same parser reads the VU log (`hammerdb.log`,
// timestamps removed) and the job output stored in the jobs database, since all three carry the same lines.
//
// A job starts where its virtual users are created (`Vuser 1 created ...`), or at the first `Vuser N:` line
// when the text has no creation lines (the jobs database, a log); what comes before it (settings, `Database
// set to`, the build banner, mytools' `vu:`/`warehouse:` lines) applies to every job that follows, until the
// next `HammerDB CLI` banner. Counter lines (`N PostgreSQL tpm`) interleave with the VU lines and go to the
// current job.
import { emptyJob, isSafeSetting, type HammerdbJob } from './job.ts';
import { sameFamily } from './merge-jobs.ts';
import { parseTestResult, quotedResult, startsNextRun } from './test-result-line.ts';

export { parseTestResult };

export interface CliOutput {
  /** HammerDB version from the banner, e.g. `4.12`. */
  hammerdbVersion?: string;
  /** Every build and timed run in the text, in order. Schema drops are left out. */
  jobs: HammerdbJob[];
  /** `Vuser N:` lines or counter lines were seen: the text is HammerDB output at all. */
  recognised: boolean;
  /** What a reader should know about lines that gave no result (`line N: ...`). */
  notes: string[];
}

/** A transaction-counter line: `75422 PostgreSQL tpm`, optionally `@ <date>` (logs) or after a `hammerdb>` prompt. */
export const TPM_LINE = /^(?:hammerdb>)?(\d+) (\S+(?: Server)?) (tpm|qph)(?: @ (.+))?$/;

const base = (path: string) => path.trim().replace(/\\/g, '/').split('/').pop()!;

interface State {
  version?: string;
  database?: string;
  settings: Record<string, string>;
  dictSection?: string;
  pendingBuild: boolean;
  pendingOther: boolean;
  buildWarehouses?: number;
  puts: { vu?: number; warehouses?: number; rampup?: number; duration?: number };
  tcInterval?: number;
  expectLogPath: boolean;
  pendingTpm: HammerdbJob['tpm'];
  pendingLogs: string[];
  activeVu?: number;
}

function freshState(): State {
  return {
    settings: {},
    pendingBuild: false,
    pendingOther: false,
    puts: {},
    expectLogPath: false,
    pendingTpm: [],
    pendingLogs: [],
  };
}

/** A parse in progress: the state the lines set, the job being read, and what was found so far. */
interface Parse {
  st: State;
  job?: HammerdbJob;
  /** Inside a schema check or drop, whose lines measure nothing. */
  skipping: boolean;
  recognised: boolean;
  jobs: HammerdbJob[];
  source: string;
  /** 1-based number of the line being read. */
  lineNo: number;
  notes: string[];
}

/** Reads one kind of line; true when the line was its kind (no later reader sees it). */
type LineReader = (line: string, p: Parse) => boolean;

/** Parse hammerdbcli output (or the same lines from a log or the jobs database). `source` names the file. */
export function parseCliOutput(text: string, source: string): CliOutput {
  const p: Parse = { st: freshState(), skipping: false, recognised: false, jobs: [], source, lineNo: 0, notes: [] };
  for (const raw of text.split('\n')) {
    p.lineNo += 1;
    // The CLI starts many lines with a carriage return (it redraws its prompt); a paste may quote lines (`> `).
    const line = raw
      .replace(/\r/g, '')
      .replace(/^(?:>[ \t]?)+/, '')
      .trimEnd();
    READERS.some((read) => read(line, p));
  }
  return { hammerdbVersion: p.st.version, jobs: p.jobs, recognised: p.recognised, notes: p.notes };
}

/** A job starts: it takes the settings and pending lines read so far (a schema check or drop is skipped). */
function startJob(p: Parse): void {
  const st = p.st;
  if (st.pendingOther) {
    p.skipping = true;
    st.pendingOther = false;
    p.job = undefined;
    return;
  }
  p.skipping = false;
  const job = emptyJob(st.pendingBuild ? 'build' : 'run', p.source);
  job.database = st.database;
  job.hammerdbVersion = st.version;
  job.settings = { ...st.settings };
  job.requestedVirtualUsers = st.puts.vu;
  job.warehouses = st.pendingBuild ? st.buildWarehouses : st.puts.warehouses;
  job.rampupMinutes = st.puts.rampup;
  job.durationMinutes = st.puts.duration;
  job.tpm = st.pendingTpm;
  job.tpmIntervalSeconds = st.tcInterval;
  job.logFiles = st.pendingLogs;
  st.pendingTpm = [];
  st.pendingLogs = [];
  st.pendingBuild = false;
  st.activeVu = undefined;
  st.puts.vu = undefined;
  p.jobs.push(job);
  p.job = job;
}

function setSetting(p: Parse, section: string, key: string, value: string): void {
  if (section === 'tpcc' && isSafeSetting(key)) {
    p.st.settings[key] = value;
    if (p.job) p.job.settings[key] = value;
  }
}

/** The log file's path on the line after `Logging activated`; a new `HammerDB CLI` banner starts over. */
const readLogPathOrBanner: LineReader = (line, p) => {
  let m: RegExpExecArray | null;
  if (p.st.expectLogPath) {
    p.st.expectLogPath = false;
    if ((m = /^to (.+)$/.exec(line))) {
      (p.job ? p.job.logFiles : p.st.pendingLogs).push(base(m[1]!));
      return true;
    }
  }
  if ((m = /HammerDB CLI v(\S+)/.exec(line))) {
    p.job = undefined;
    p.skipping = false;
    p.st = freshState();
    p.st.version = m[1]!.replace(/^v/, '');
    return true;
  }
  return false;
};

/** Dictionary printout (`print dict`): `tpcc {` ... ` key = value` ... `}`. */
const readDictionary: LineReader = (line, p) => {
  const st = p.st;
  let m: RegExpExecArray | null;
  if (/^Dictionary Settings for /.test(line)) {
    st.dictSection = '';
    return true;
  }
  if (st.dictSection === undefined) return false;
  if ((m = /^(\w+)\s*\{$/.exec(line))) {
    st.dictSection = m[1]!;
    return true;
  }
  if ((m = /^\s+(\w+)\s*=\s*(.*)$/.exec(line)) && st.dictSection) {
    setSetting(p, st.dictSection, m[1]!, m[2]!.trim());
    return true;
  }
  if (line === '}') {
    st.dictSection = '';
    return true;
  }
  st.dictSection = undefined;
  return false;
};

/**
 * `Vuser 1 created` starts a job; a `Vuser N:` line starts one when none was started, and belongs to it. Pasted
 * text may indent the lines; a `TEST RESULT` line quoted otherwise is the monitor's.
 */
const readVuser: LineReader = (line, p) => {
  const created = /^\s*Vuser (\d+) created/.exec(line);
  if (created) {
    p.recognised = true;
    if (created[1] === '1') startJob(p);
    return true;
  }
  const vuLine = /^\s*Vuser (\d+):(.*)$/.exec(line) ?? quotedResult(line);
  if (!vuLine) return false;
  p.recognised = true;
  const msg = vuLine[2]!.trim();
  if (!p.skipping && (!p.job || (p.job.result && startsNextRun(msg)))) startJob(p);
  if (!p.skipping && p.job) readVuMessage(p.job, msg, line.trim(), p);
  return true;
};

/** Lines of the job being read: counter lines, its job id, errors, completion, the files it logs to. */
const readJobLine: LineReader = (line, p) => {
  const { job, st } = p;
  let m: RegExpExecArray | null;
  if ((m = TPM_LINE.exec(line))) {
    p.recognised = true;
    const point = { tpm: Number(m[1]), ...(m[4] ? { at: m[4] } : {}) };
    if (job && !p.skipping) job.tpm.push(point);
    else if (!p.skipping) st.pendingTpm.push(point);
    return true;
  }
  if ((m = /^(?:hammerdb>)?Benchmark Run jobid=([0-9A-F]{24})/.exec(line))) {
    const last = job ?? p.jobs[p.jobs.length - 1];
    if (last) last.jobid = m[1];
    return true;
  }
  if (/^Error in Virtual User (\d+): (.*)$/.test(line) || /^(Transaction Counter Error|Error:|ERROR:)/.test(line)) {
    job?.errors.push(line);
    return true;
  }
  if (/^(ALL VIRTUAL USERS COMPLETE|TEST COMPLETE|SCHEMA BUILD COMPLETED|TEST SEQUENCE COMPLETE)/.test(line)) {
    if (job) job.complete = true;
    return true;
  }
  if ((m = /^Logging activated(?: to (.+))?$/.exec(line))) {
    if (m[1]) (job ? job.logFiles : st.pendingLogs).push(base(m[1]));
    else st.expectLogPath = true;
    return true;
  }
  if ((m = /^Transaction Counter logging activated to (.+)$/.exec(line))) {
    (job ? job.logFiles : st.pendingLogs).push(base(m[1]!));
    return true;
  }
  return false;
};

/** Settings: the counter's refresh rate, virtual users created, the database, `Changed`/`Value` of a setting. */
const readSettingLine: LineReader = (line, p) => {
  const { job, st } = p;
  let m: RegExpExecArray | null;
  if ((m = /^Transaction Counter refresh rate set to (\d+)/.exec(line))) {
    st.tcInterval = Number(m[1]);
    return true;
  }
  if ((m = /^(\d+) Virtual Users Created( with Monitor VU)?/.exec(line))) {
    if (job && job.requestedVirtualUsers === undefined && m[2]) job.requestedVirtualUsers = Number(m[1]) - 1;
    return true;
  }
  if ((m = /^Database set to (\S+)/.exec(line))) {
    st.database = m[1];
    return true;
  }
  if ((m = /^Changed (\w+):(\w+) from (.*) to (.*) for (.+)$/.exec(line))) {
    setSetting(p, m[1]!, m[2]!, m[4]!);
    return true;
  }
  if ((m = /^Value (.*) for (\w+):(\w+) is the same as existing value/.exec(line))) {
    setSetting(p, m[2]!, m[3]!, m[1]!);
    return true;
  }
  return false;
};

/** What the next job is: a schema build (and its warehouses), a check or drop, or a timed test. */
const readPhaseLine: LineReader = (line, p) => {
  const st = p.st;
  let m: RegExpExecArray | null;
  if ((m = /^Building (\d+) Warehouses? with (\d+) Virtual Users/.exec(line))) {
    st.pendingBuild = true;
    st.buildWarehouses = Number(m[1]);
    return true;
  }
  if ((m = /^Ready to create a (\d+) Warehouse (.+?) TPROC-C schema/.exec(line))) {
    st.pendingBuild = true;
    st.buildWarehouses = Number(m[1]);
    st.database ??= m[2] === 'SQL Server' ? 'MSSQLServer' : m[2];
    return true;
  }
  if (/^\s*SCHEMA BUILD STARTED/.test(line)) {
    st.pendingBuild = true;
    return true;
  }
  // Schema checks and drops are jobs too, but measure nothing.
  if (/^\s*(DROP|CHECK) SCHEMA STARTED|^(Deleting|Checking) schema with/.test(line)) {
    st.pendingOther = true;
    return true;
  }
  if (/^(TEST STARTED|SEQUENCE STARTED)/.test(line)) {
    st.pendingBuild = false;
    return true;
  }
  return false;
};

/** The mytools run scripts print their parameters with puts (docs/formats/hammerdb.md 3.1). */
const readPuts: LineReader = (line, p) => {
  const puts = p.st.puts;
  let m: RegExpExecArray | null;
  if ((m = /^(?:vu|vu to use|run for VU):? ?(\d+)$/.exec(line)) || (m = /^(\d+) VU TEST$/.exec(line))) {
    puts.vu = Number(m[1]);
    return true;
  }
  if ((m = /^warehouse: (\d+)$/.exec(line))) puts.warehouses = Number(m[1]);
  else if ((m = /^rampup: (\d+)$/.exec(line))) puts.rampup = Number(m[1]);
  else if ((m = /^duration: (\d+)$/.exec(line))) puts.duration = Number(m[1]);
  return m !== null;
};

/** In this order: a line is read by the first reader that knows it. */
const READERS: LineReader[] = [
  readLogPathOrBanner,
  readDictionary,
  readVuser,
  readJobLine,
  readSettingLine,
  readPhaseLine,
  readPuts,
];

/** One `Vuser N:<message>` line of a job. */
function readVuMessage(job: HammerdbJob, msg: string, line: string, p: Parse): void {
  const st = p.st;
  let m: RegExpExecArray | null;
  if ((m = /^DBVersion:\s*(.+)$/.exec(msg))) job.dbVersion = m[1]!.trim();
  else if ((m = /^Beginning rampup time of (\d+) minutes?/.exec(msg))) {
    job.kind = 'run';
    job.rampupMinutes = Number(m[1]);
  } else if ((m = /^Timing test period of (\d+) in minutes/.exec(msg))) {
    job.kind = 'run';
    job.durationMinutes = Number(m[1]);
  } else if (
    (m = /^(\d+) Active Virtual Users configured/.exec(msg)) ||
    (m = /^(\d+) VU \* \d+ AC = \d+ Active Sessions configured/.exec(msg))
  ) {
    st.activeVu = Number(m[1]);
  } else if (/TEST RESULT/.test(msg)) {
    const r = parseTestResult(msg);
    if (r) {
      job.kind = 'run';
      job.result = { ...r, activeVirtualUsers: st.activeVu ?? job.requestedVirtualUsers, lineNo: p.lineNo };
      // The line names the DBMS it measured: a setting of an earlier session in the same paste does not.
      if (!sameFamily(job.database, r.dbLabel)) job.database = undefined;
    } else p.notes.push(`line ${p.lineNo}: a TEST RESULT line in a form not understood, no result read: ${line}`);
  } else if (msg === 'FINISHED FAILED') {
    job.finishedFailed = true;
    job.errors.push(line);
  } else if (/Procedure Error/.test(msg)) {
    if (job.procedureErrors === 0) job.errors.push(line);
    job.procedureErrors += 1;
  } else if (/^(Error|ERROR|WARNING|Warning)\b/i.test(msg) || /^Timing Gather Timed Out/.test(msg)) {
    job.errors.push(line);
  } else if ((m = /^Writing timing data to (.+)$/.exec(msg))) {
    job.logFiles.push(base(m[1]!));
  } else if ((m = /Warehouses = (\d+) out of (\d+)/.exec(msg))) {
    job.warehouses ??= Number(m[2]);
  } else if ((m = /based on VU count \d+, Warehouses = (\d+)/.exec(msg))) {
    job.warehouses ??= Number(m[1]);
  } else if (/^Processing \d+ transactions/.test(msg)) {
    job.kind = 'run';
  } else if (msg === 'CREATING TPCC STORED PROCEDURES') {
    job.createdStoredProcedures = true;
  } else if (msg === 'CREATING TPCC FUNCTIONS') {
    job.createdStoredProcedures = false;
  } else if (msg === 'TPCC SCHEMA COMPLETE') {
    job.complete = true;
  } else if ((m = /^Ready to create a (\d+) Warehouse/.exec(msg))) {
    job.kind = 'build';
    job.warehouses ??= Number(m[1]);
  } else if (
    /^(Monitor Thread|Worker Thread|CREATING TPCC|Loading |Waiting for Monitor Thread|Workers: \d|\w+ [Dd]one$)/.test(
      msg,
    ) &&
    !job.result &&
    job.rampupMinutes === undefined
  ) {
    job.kind = 'build';
  }
}

/**
 * The jobs database and `jobs <id>` JSON store a job's output as (vu, text) pairs, without the `Vuser N:`
 * prefix for VU lines: rebuild the lines the CLI printed.
 */
export function outputPairsToText(pairs: Array<{ vu: number; output: string }>): string {
  return pairs
    .flatMap((p) => (p.vu > 0 ? p.output.split('\n').map((l) => `Vuser ${p.vu}:${l}`) : p.output.split('\n')))
    .join('\n');
}

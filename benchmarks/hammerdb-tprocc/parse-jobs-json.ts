// JSON that HammerDB prints for jobs (docs/formats/hammerdb.md 3.5): `jobs <id> result | timing | tcount | dict | timestamp`,
// `jobs <id>` (the output as vu/line pairs), as captured in a terminal transcript, a jobs dump or the output
// of HammerDB's result script (`TRANSACTION RESPONSE TIMES {...} TRANSACTION COUNT {...} HAMMERDB RESULT [...]`).
// Pure. Every number in this JSON is a string. The tcount object maps timestamp -> count from v5.0 on, and
// count -> timestamp in v4.6 (so equal counts collide there); the orientation is told by which side is a date.
import {
  emptyJob,
  isSafeSetting,
  type HammerdbJob,
  type TimingByProc,
  type TpmPoint,
  type TransactionTiming,
} from './job.ts';
import { mergeJob } from './merge-jobs.ts';
import { outputPairsToText, parseCliOutput, parseTestResult } from './parse-cli-output.ts';

const JOBID = /\b([0-9A-F]{24})\b/;
const DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** Each top-level JSON value in a text, with the non-JSON line before it (its heading). */
export function jsonBlocks(text: string): Array<{ heading: string; value: unknown; invocation: number }> {
  const lines = text.split('\n').map((l) => l.replace(/\r/g, ''));
  const out: Array<{ heading: string; value: unknown; invocation: number }> = [];
  let heading = '';
  let invocation = 0;
  // Real output scans each character about once (a block found is skipped over); this is 8 times that.
  const budget = { chars: 8 * text.length + 1_000_000 };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/HammerDB CLI v/.test(line)) invocation += 1;
    if (!/^[[{]/.test(line)) {
      if (line.trim()) heading = line.trim();
      continue;
    }
    const end = balancedEnd(lines, i, budget);
    if (end === undefined) {
      // A bracket that never closes was scanned to the end: after a few of those (thousands of lines of `[`
      // in a damaged file), stop looking, or the scans would cost the square of the file's length.
      if (budget.chars <= 0) break;
      continue;
    }
    try {
      out.push({ heading, value: JSON.parse(lines.slice(i, end + 1).join('\n')), invocation });
      i = end;
    } catch {
      // not JSON after all (a Tcl dict printout also starts with a brace)
    }
  }
  return out;
}

/** Index of the line where the bracket opened on line `start` closes, outside strings. */
function balancedEnd(lines: string[], start: number, budget: { chars: number }): number | undefined {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = start; i < lines.length; i++) {
    budget.chars -= lines[i]!.length + 1;
    if (budget.chars < 0) return undefined;
    for (const ch of lines[i]!) {
      if (inString) {
        if (escaped) escaped = false;
        else if (ch === '\\') escaped = true;
        else if (ch === '"') inString = false;
      } else if (ch === '"') inString = true;
      else if (ch === '[' || ch === '{') depth += 1;
      else if (ch === ']' || ch === '}') {
        depth -= 1;
        if (depth === 0) return i;
      }
    }
  }
  return undefined;
}

const num = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : Number(v));

const TIMING_KEYS: Record<string, keyof TransactionTiming> = {
  calls: 'calls',
  min_ms: 'minMs',
  avg_ms: 'avgMs',
  max_ms: 'maxMs',
  total_ms: 'totalMs',
  p99_ms: 'p99Ms',
  p95_ms: 'p95Ms',
  p75_ms: 'p75Ms',
  p50_ms: 'p50Ms',
  p25_ms: 'p25Ms',
  sd: 'sd',
  ratio_pct: 'ratioPct',
  elapsed_ms: 'elapsedMs',
};

/** HammerDB's per-transaction timing row (`calls`, `avg_ms`, ... as strings or numbers). */
export function timingFromRow(row: Record<string, unknown>): TransactionTiming {
  const t: TransactionTiming = {};
  for (const [k, key] of Object.entries(TIMING_KEYS)) {
    const v = num(row[k]);
    if (v !== undefined && Number.isFinite(v)) t[key] = v;
  }
  return t;
}

/** `{"PostgreSQL tpm": {...}}` in either orientation. */
export function tcountPoints(value: Record<string, unknown>): { database: string; points: TpmPoint[] } | undefined {
  const keys = Object.keys(value);
  const inner = value[keys[0]!];
  if (keys.length !== 1 || !/ (tpm|qph)$/.test(keys[0]!) || typeof inner !== 'object' || inner === null)
    return undefined;
  const entries = Object.entries(inner as Record<string, string>);
  const byTime = entries.every(([k]) => DATE.test(k));
  const points = entries.map(([k, v]) => (byTime ? { at: k, tpm: Number(v) } : { at: String(v), tpm: Number(k) }));
  if (!byTime) points.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return { database: keys[0]!.replace(/ (tpm|qph)$/, ''), points };
}

/** Output pairs `["0", "Vuser 1:RUNNING", "1", "Beginning rampup ...", ...]`. */
function isOutputPairs(v: unknown): v is string[] {
  return (
    Array.isArray(v) &&
    v.length >= 2 &&
    v.length % 2 === 0 &&
    v.every((x, i) => typeof x === 'string' && (i % 2 === 1 || /^\d+$/.test(x)))
  );
}

/** The jobs a text's JSON blocks describe, one per job id (blocks without an id join the id of their invocation's result). */
export function parseJobsJson(text: string, source: string): HammerdbJob[] {
  const byId = new Map<string, HammerdbJob>();
  const get = (id: string) => {
    let j = byId.get(id);
    if (!j) byId.set(id, (j = { ...emptyJob('run', source), jobid: id }));
    return j;
  };
  const pending = new Map<number, Array<(j: HammerdbJob) => void>>();
  const idOf = new Map<number, string>();
  const apply = (heading: string, invocation: number, f: (j: HammerdbJob) => void) => {
    const id = JOBID.exec(heading)?.[1];
    if (id) return f(get(id));
    const known = idOf.get(invocation);
    if (known) return f(get(known));
    pending.set(invocation, [...(pending.get(invocation) ?? []), f]);
  };

  for (const { heading, value, invocation } of jsonBlocks(text)) {
    if (
      Array.isArray(value) &&
      typeof value[0] === 'string' &&
      JOBID.test(value[0]) &&
      value.some((x) => typeof x === 'string' && /TEST RESULT/.test(x))
    ) {
      const id = value[0];
      idOf.set(invocation, id);
      const j = get(id);
      const vu = value.map((x) => /^(\d+) Active Virtual Users configured/.exec(String(x))?.[1]).find(Boolean);
      const line = value.find((x) => typeof x === 'string' && /TEST RESULT/.test(x)) as string;
      const r = parseTestResult(line);
      if (r) j.result = { ...r, activeVirtualUsers: vu ? Number(vu) : undefined };
      if (typeof value[1] === 'string' && DATE.test(value[1])) j.startedAt = value[1];
      for (const f of pending.get(invocation) ?? []) f(j);
      pending.delete(invocation);
    } else if (isOutputPairs(value)) {
      if (/ status$/.test(heading)) continue; // a shorter copy of the same output
      const pairs = [];
      for (let i = 0; i < value.length; i += 2) pairs.push({ vu: Number(value[i]), output: value[i + 1]! });
      const parsed = parseCliOutput(outputPairsToText(pairs), source).jobs[0];
      if (parsed) apply(heading, invocation, (j) => mergeJob(j, parsed));
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      const obj = value as Record<string, unknown>;
      const tc = tcountPoints(obj);
      const keys = Object.keys(obj);
      if (tc) {
        apply(heading, invocation, (j) => {
          j.kind = 'run';
          j.tpm = tc.points;
          j.database ??= tc.database;
        });
      } else if (
        keys.length &&
        keys.every((k) => /^[A-Z_]+$/.test(k)) &&
        keys.every((k) => typeof obj[k] === 'object' && obj[k] !== null && 'calls' in (obj[k] as object))
      ) {
        const timing: TimingByProc = {};
        for (const k of keys) timing[k] = timingFromRow(obj[k] as Record<string, unknown>);
        apply(heading, invocation, (j) => {
          j.kind = 'run';
          j.timing = timing;
        });
      } else if (keys.length === 1 && JOBID.test(keys[0]!) && typeof obj[keys[0]!] === 'string') {
        get(keys[0]!).startedAt = obj[keys[0]!] as string;
      } else if ('tpcc' in obj && typeof obj.tpcc === 'object') {
        const settings = Object.fromEntries(
          Object.entries(obj.tpcc as Record<string, string>)
            .filter(([k]) => isSafeSetting(k))
            .map(([k, v]) => [k, String(v)]),
        );
        apply(heading, invocation, (j) => Object.assign(j.settings, settings));
      }
    }
  }
  return [...byId.values()];
}

// Running one case and judging it: the outcome classes of issue 13's table, and the oracle that finds numbers
// the input does not support.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { harvestAny } from '../collectors/harvest-any.ts';
import { cleanNames } from '../collectors/lib/clean-names.ts';
import type { HarvestedRun, Refusal } from '../collectors/lib/harvested.ts';
import { isInputError } from '../collectors/lib/input-error.ts';
import { percentileLimit } from '../collectors/lib/plausible.ts';
import { publishableRun } from '../collectors/lib/publishable.ts';
import { loadRawInput } from '../collectors/lib/raw-input.ts';
import { type RawTree } from '../collectors/lib/raw-tree.ts';
import { parseSeriesFile } from '../src/runs/parse-series-file.ts';
import { runId } from '../src/runs/run-id.ts';
import { validateRunData } from '../src/runs/validate-run.ts';
import type { Run } from '../src/schemas/index.ts';
import type { Seed } from './corpus.ts';
import type { FuzzCase } from './mutate.ts';

export const OUTCOMES = ['success', 'refused', 'no runs', 'uncaught', 'wrong', 'hang'] as const;
export type OutcomeKind = (typeof OUTCOMES)[number];

export const OUTCOME_TEXT: Record<OutcomeKind, string> = {
  success: 'clean success or a failed test reported as such',
  refused: 'refused with a typed message naming the file (and line)',
  'no runs': 'no runs found (said so)',
  uncaught: 'uncaught error (a bug: stack trace, or a run its own schema refuses)',
  wrong: 'silently wrong (a run that validates with numbers the input does not support)',
  hang: 'hang (over the time limit) or out of memory',
};

export interface Outcome {
  kind: OutcomeKind;
  /** Where: the code (file:line) of an error, the check that failed, or the seed of a hang. */
  place?: string;
  detail?: string;
}

/** The fixed modification time of in-memory files: harvest falls back to file times for a date. */
const MTIME = Date.UTC(2026, 10, 22, 12) as number;

/** Input as harvest loads it: a directory's files in memory, or the .tar.gz written and read back. */
async function treeOf(c: FuzzCase, tmp: string): Promise<RawTree> {
  if (c.container === 'tar.gz') {
    mkdirSync(tmp, { recursive: true });
    const file = join(tmp, `${c.root}.tar.gz`);
    writeFileSync(file, c.archive!);
    return loadRawInput(file);
  }
  const entries = c.files
    .map((f) => ({ path: f.path, data: f.data, origin: f.path, mtimeMs: MTIME }))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
  return { name: c.root, entries };
}

/** Harvest a seed as it is: what every mutated case is compared with. */
export function baseline(seed: Seed): Map<string, RunSummary> {
  const tree: RawTree = {
    name: seed.root,
    entries: seed.files.map((f) => ({ path: f.path, data: f.data, origin: f.path, mtimeMs: MTIME })),
  };
  return new Map(harvestAny(tree).runs.map((h) => [h.run.label, summarise(h.run)]));
}

/** A run reduced to what the oracle compares: each test's status, raw files and numbers. */
interface RunSummary {
  tests: Map<string, { ok: boolean; rawFiles: string[]; values: Map<string, number> }>;
}

function summarise(run: Run): RunSummary {
  const tests = new Map<string, { ok: boolean; rawFiles: string[]; values: Map<string, number> }>();
  for (const t of run.tests)
    tests.set(t.name, { ok: t.status === 'ok', rawFiles: t.rawFiles ?? [], values: new Map() });
  for (const r of run.results) tests.get(r.test)?.values.set(r.metric, r.value);
  return { tests };
}

/** Run one case: harvest it in this thread and judge the result. */
export async function runCase(
  c: FuzzCase,
  tmp: string,
  base: Map<string, RunSummary>,
  harvested: () => void = () => {},
): Promise<Outcome> {
  let runs: HarvestedRun[];
  let refused: Refusal[];
  try {
    const tree = await treeOf(c, tmp);
    ({ runs, refused } = harvestAny(tree));
    // What follows is the fuzzer's own code: a case that stops there is the fuzzer's bug, not harvest's.
    harvested();
  } catch (e) {
    if (isInputError(e)) {
      if (!e.file) return { kind: 'uncaught', place: 'an InputError that names no file', detail: e.message };
      return { kind: 'refused', detail: e.message };
    }
    return { kind: 'uncaught', place: placeOf(e), detail: String((e as Error)?.stack ?? e) };
  }
  // The runs written beside refused files must be as right as any.
  for (const h of runs) {
    const bad = checkRun(h, c, base);
    if (bad) return bad;
  }
  // Bad files are left out with a message naming them (and the rest harvested).
  if (refused.length) {
    const unnamed = refused.find((r) => !r.path || !r.reason.includes(r.path.split('/').pop()!));
    if (unnamed) return { kind: 'uncaught', place: 'a refusal that names no file', detail: unnamed.reason };
    return { kind: 'refused', detail: refused.map((r) => r.reason).join('\n') };
  }
  if (runs.length === 0) return { kind: 'no runs' };
  return { kind: 'success' };
}

/** The first frame of the project's own code in an error's stack, and the error's kind and message. */
export function placeOf(e: unknown): string {
  const err = e as Error;
  const frame = (err?.stack ?? '')
    .split('\n')
    .map((l) => /((?:collectors|src|fuzz)\/[^:)]+:\d+)/.exec(l)?.[1])
    .find(Boolean);
  const message = String(err?.message ?? e)
    .split('\n', 1)[0]!
    .replace(/\d+/g, 'N')
    .slice(0, 100);
  return `${frame ?? '(no project frame)'}: ${err?.name ?? 'Error'}: ${message}`;
}

/** Units whose values are rates of operations: none above this on one host. */
const MAX_RATE = 1e9;

function checkRun(h: HarvestedRun, c: FuzzCase, base: Map<string, RunSummary>): Outcome | undefined {
  const fmt = c.seed.format;
  // 1. What the writer would check, after what it does first (names cleaned): the run and its series validate.
  cleanNames(h);
  let id: string;
  try {
    id = runId(h.run);
  } catch (e) {
    return { kind: 'uncaught', place: placeOf(e), detail: String(e) };
  }
  const segments = id.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..') || id.includes('\\'))
    return { kind: 'wrong', place: `${fmt}: a run id that leaves its folder`, detail: id };
  const run = publishableRun(h.run);
  run.provenance.rawArchive = { location: 'raw.tar.gz', bytes: 1, sha256: '0'.repeat(64) };
  const checked = validateRunData(`${id}/run.json`, run, id);
  if (checked.problems.length) {
    const p = checked.problems[0]!;
    return {
      kind: 'uncaught',
      place: `${fmt}: harvested run does not validate: ${p.where.replace(/\[\d+\]/g, '[N]')}: ${p.message.slice(0, 60)}`,
      detail: checked.problems.map((x) => x.text).join('\n'),
    };
  }
  if (Object.keys(h.series.tests).length) {
    const s = parseSeriesFile(h.series);
    if (!s.success)
      return {
        kind: 'uncaught',
        place: `${fmt}: harvested series do not validate: ${s.error.issues[0]!.path.map((p) => (typeof p === 'number' ? 'N' : String(p))).join('.')}`,
        detail: s.error.message.slice(0, 2000),
      };
  }
  // 2. Invariants every published number keeps.
  for (const t of h.run.tests) {
    if (t.status !== 'ok') continue;
    const values = new Map(h.run.results.filter((r) => r.test === t.name).map((r) => [r.metric, r]));
    for (const r of values.values()) {
      const why = implausible(r.metric, r.unit, r.value);
      if (why)
        return {
          kind: 'wrong',
          place: `${fmt}: ${r.metric} ${why}`,
          detail: `${t.name} ${r.metric}=${r.value} ${r.unit}`,
        };
    }
    for (const [stem, order] of latencyOrders(values)) {
      for (let k = 1; k < order.length; k++)
        if (order[k]![1] < order[k - 1]![1] * (1 - 1e-9) && !histogramSlack(order[k - 1]!, order[k]!))
          return {
            kind: 'wrong',
            place: `${fmt}: ${stem} ${order[k - 1]![0]} > ${order[k]![0]}`,
            detail: `${t.name}: ${order.map(([k2, v]) => `${k2}=${v}`).join(' ')}`,
          };
    }
    const own = crossCheck(fmt, t.rawFiles ?? [], values, c);
    if (own) return { kind: 'wrong', place: `${fmt}: ${own.place}`, detail: `${t.name}: ${own.detail}` };
    if (t.sla && t.sla.passed !== t.sla.achievedInsertsPerS >= t.sla.threshold * t.sla.targetInsertsPerS)
      return { kind: 'wrong', place: `${fmt}: SLA passed disagrees with its numbers`, detail: JSON.stringify(t.sla) };
  }
  const kept = keptRuns(h, c, base);
  if (kept) return kept;
  // 3. Numbers of tests whose files were not touched are the numbers of the untouched input; after a mutation
  // that changes no character a number is read from (CRLF, BOM, trailing blanks), every number is.
  const b = base.get(h.run.label);
  if (!b) return undefined;
  const all = new Set(h.run.tests.flatMap((t) => t.rawFiles ?? []));
  const touched = [...c.touched].map((p) => p.replace(/\.gz$/, ''));
  // A touched file no test lists (a meta file, a journal, a monitors file) may change every test: skip.
  const attributable = touched.every((p) => [...all].some((f) => p.endsWith(f.replace(/\.gz$/, ''))));
  for (const t of h.run.tests) {
    const was = b.tests.get(t.name);
    if (!was || !was.ok || t.status !== 'ok') continue;
    // Its files before and after: a damaged file may be dropped and another read in its place (o.sum.t, mrg).
    const mine = [...(t.rawFiles ?? []), ...was.rawFiles].some((f) =>
      touched.some((p) => p.endsWith(f.replace(/\.gz$/, ''))),
    );
    // A copied file can be a new client or test of the run (o.ib.dop1.2): it may change any step's numbers.
    if (!c.benign && (mine || !attributable || c.mutations.some((m) => m.startsWith('copy file')))) continue;
    for (const r of h.run.results) {
      if (r.test !== t.name) continue;
      const v = was.values.get(r.metric);
      if (v === undefined || sameNumber(v, r.value)) continue;
      return {
        kind: 'wrong',
        place: `${fmt}: ${c.benign ? `${c.mutations[0]!.split(' ')[0]} changed a number` : 'a test whose files were not touched changed'}: ${r.metric}`,
        detail: `${h.run.label} ${t.name} ${r.metric}: ${v} before, ${r.value} after (${c.mutations.join('; ')})`,
      };
    }
  }
  return undefined;
}

const dec = new TextDecoder();

/** Mutations that add what people paste around runs (a loop, a trace, another run) and damage nothing. */
const SHAPE_ONLY = ['CRLF', 'BOM', 'trailing spaces', 'gzip intact', 'loop shown above', 'appended run'];

/**
 * sysbench runs are never named or labelled by a shell variable (`$t`, `$s`). After mutations that damage
 * nothing, no run of a file of plain output is lost (its ok tests are at least the untouched file's) and each
 * ok test's thread count is one its file prints (`Number of threads:`), never the loop's or the first run's.
 */
function keptRuns(h: HarvestedRun, c: FuzzCase, base: Map<string, RunSummary>): Outcome | undefined {
  if (c.seed.format !== 'sysbench') return undefined;
  const named = h.run.tests.find((t) => t.name.includes('$') || JSON.stringify(t.params ?? {}).includes('$'));
  if (named)
    return {
      kind: 'wrong',
      place: 'sysbench: a test named or labelled by a shell variable',
      detail: `${named.name} ${JSON.stringify(named.params)}`,
    };
  const b = base.get(h.run.label);
  if (!b || h.run.provenance.harvester?.format !== 'sysbench-output') return undefined;
  if (!c.mutations.every((m) => SHAPE_ONLY.some((k) => m.startsWith(`${k} `)))) return undefined;
  const okOf = (tests: Array<{ ok: boolean; rawFiles: string[] }>) => {
    const n = new Map<string, number>();
    for (const t of tests) {
      // A file gzipped intact is the same file.
      const file = t.rawFiles[0]?.replace(/\.gz$/, '');
      if (t.ok && file) n.set(file, (n.get(file) ?? 0) + 1);
    }
    return n;
  };
  const after = okOf(h.run.tests.map((t) => ({ ok: t.status === 'ok', rawFiles: t.rawFiles ?? [] })));
  for (const [file, n] of okOf([...b.tests.values()]))
    if ((after.get(file) ?? 0) < n)
      return {
        kind: 'wrong',
        place: 'sysbench: a run of a file lost after mutations that damage nothing',
        detail: `${file}: ${n} ok tests before, ${after.get(file) ?? 0} after (${c.mutations.join('; ')})`,
      };
  for (const t of h.run.tests) {
    const name = t.rawFiles?.[0];
    if (t.status !== 'ok' || !name || typeof t.params?.threads !== 'number') continue;
    const texts = c.files.filter((f) => f.path === name || f.path.endsWith(`/${name}`)).map((f) => dec.decode(f.data));
    const stated = new Set(
      texts.flatMap((x) => [...x.matchAll(/^Number of threads: (\d+)/gm)].map((m) => Number(m[1]))),
    );
    if (stated.size && !stated.has(t.params.threads))
      return {
        kind: 'wrong',
        place: 'sysbench: a thread count its file does not print',
        detail: `${t.name}: threads ${t.params.threads}, the file prints ${[...stated].join(', ')} (${c.mutations.join('; ')})`,
      };
  }
  return undefined;
}

/**
 * The numbers a run publishes against the input's own totals, read here with regexes of the fuzzer's own:
 * sysbench's qps is its query count over its total time; HammerDB's new orders are part of its transactions.
 */
function crossCheck(
  fmt: Seed['format'],
  rawFiles: string[],
  values: Map<string, { value: number }>,
  c: FuzzCase,
): { place: string; detail: string } | undefined {
  if (fmt === 'sysbench') {
    const qps = values.get('qps')?.value;
    // The test's file, by its path in the run's folder: a case may hold copies of one file in several folders
    // (a nested copy), each a run of its own, so every file of that name is a candidate.
    const name = rawFiles[0];
    const outs = name ? c.files.filter((f) => f.path === name || f.path.endsWith(`/${name}`)) : [];
    if (qps === undefined || outs.length === 0 || outs.some((f) => f.path.endsWith('.gz'))) return undefined;
    // Each report of the file (a log may hold several runs): its query count and total time. A report whose
    // lines are damaged cannot be matched with its test: the file is not judged then.
    const reports: Array<[number, number]> = [];
    for (const out of outs)
      for (const part of dec
        .decode(out.data)
        .split(/^[ \t]*(?:SQL|OLTP test) statistics:/m)
        .slice(1)) {
        const q = /^[ \t]+(?:queries|read\/write requests):[ \t]+(\d+)[ \t]/m.exec(part);
        const t = /^[ \t]+(?:total time|time elapsed):[ \t]+([\d.]+)s/m.exec(part);
        if (!q || !t) return undefined;
        reports.push([Number(q[1]), Number(t[1])]);
      }
    if (reports.length === 0) return undefined;
    const near = (e: number) => Math.abs(qps - e) <= 0.05 * Math.max(qps, e) + 0.01;
    if (!reports.some(([q, t]) => near(q / t)))
      return {
        place: 'qps is not queries / total time of any report of its file',
        detail: `qps ${qps}, reports ${reports.map(([q, t]) => `${q} in ${t} s`).join(', ')}`,
      };
  }
  if (fmt === 'pgbench') {
    // pgbench's tps is the number of its `tps = X (without initial connection time)` line (older versions:
    // `excluding connections establishing`), exactly: one of the file's such lines.
    const tps = values.get('tps')?.value;
    const name = rawFiles[0];
    const outs = c.files.filter((f) => !name || f.path === name || f.path.endsWith(`/${name}`));
    if (tps === undefined || outs.length === 0 || outs.some((f) => f.path.endsWith('.gz'))) return undefined;
    const printed = outs.flatMap((out) =>
      [
        ...dec
          .decode(out.data)
          .matchAll(
            /^tps = (\d+(?:\.\d+)?) \((?:without initial connection time|excluding connections establishing|including reconnection times)\)[ \t\r]*$/gm,
          ),
      ].map((m) => Number(m[1])),
    );
    if (!printed.includes(tps))
      return {
        place: "tps is not a number of the file's tps lines",
        detail: `tps ${tps}, lines ${printed.join(', ')}`,
      };
  }
  if (fmt === 'hammerdb') {
    const nopm = values.get('nopm')?.value;
    const tpm = values.get('tpm')?.value;
    if (nopm !== undefined && tpm !== undefined && nopm > tpm)
      return { place: 'NOPM above TPM', detail: `nopm ${nopm} tpm ${tpm}` };
  }
  return undefined;
}

const sameNumber = (a: number, b: number) => a === b || Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));

/** Why a value cannot be what a run measured, or undefined. */
export function implausible(metric: string, unit: string, value: number): string | undefined {
  if (!Number.isFinite(value)) return 'is not finite';
  if (value < 0 && !/(_ci95_low|_delta|_change)$/.test(metric)) return 'is negative';
  const u = unit.toLowerCase();
  // vmstat rounds us and sy each: their sum prints 101 on a saturated host.
  if (/%|percent/.test(u) && value > 101 && !/per_|_per/.test(metric) && !/cpu_?s?$/.test(metric))
    return 'is a percentage over 101';
  if (/\/\s*s$|per s|\/sec/.test(u) && value > MAX_RATE) return `is a rate over ${MAX_RATE} per second`;
  if (/\/\s*min$/.test(u) && value > MAX_RATE * 60) return `is a rate over ${MAX_RATE} per second`;
  if (/^(ms|s|us|µs|seconds?)$/.test(u) && value > 1e10) return 'is a time over 300 years';
  if (value > 1e15) return 'is over 1e15';
  return undefined;
}

/** A percentile over the maximum by no more than a tool's histogram bucket prints (plausible.ts). */
const histogramSlack = ([k, v]: [string, number], [next, max]: [string, number]) =>
  k.startsWith('p') && next === 'max' && v <= percentileLimit(max);

/** Percentiles of one latency that must be in order: min <= avg <= max, p50 <= p95 <= p99 <= max. */
function latencyOrders(values: Map<string, { value: number }>): Array<[string, Array<[string, number]>]> {
  const out: Array<[string, Array<[string, number]>]> = [];
  const stems = new Set<string>();
  for (const m of values.keys()) {
    // Only times: the Insert Benchmark's p50 and p99 are rates, whose percentiles have no order.
    const x = /^(.*?)(?:_?)(min|avg|p50|p95|p99|max)(_ms|_s|_us)$/.exec(m);
    if (x) stems.add(`${x[1]}\u0000${x[3]}`);
  }
  for (const s of stems) {
    const [stem, unit] = s.split('\u0000') as [string, string];
    const get = (k: string) =>
      values.get(`${stem}${stem && !stem.endsWith('_') ? '_' : ''}${k}${unit}`)?.value ??
      values.get(`${stem}${k}${unit}`)?.value;
    for (const chain of [
      ['min', 'avg', 'max'],
      ['p50', 'p95', 'p99', 'max'],
    ]) {
      const order = chain
        .map((k) => [k, get(k)] as [string, number | undefined])
        .filter((x): x is [string, number] => x[1] !== undefined);
      if (order.length > 1) out.push([`${stem}*${unit}`, order]);
    }
  }
  return out;
}

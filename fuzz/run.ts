// `npm run fuzz [-- --cases 8000 --seed 1 --workers 2 --timeout 30 --time 3600]`: mutates the real raw inputs
// of tests/fixtures (fuzz/corpus.ts, fuzz/mutate.ts), harvests each case on a worker thread with a time limit,
// and prints how the cases ended (fuzz/oracle.ts) and the distinct places of every bad ending.
// `--case N` runs one case again and prints what was done and what happened. `--content` fuzzes the content and
// config files instead (fuzz/content/run.ts).
import { Worker } from 'node:worker_threads';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { OUTCOMES, OUTCOME_TEXT, type OutcomeKind } from './oracle.ts';
import type { CaseReport } from './worker.ts';

export interface FuzzOptions {
  seed: number;
  cases: number;
  /** First case number (to run one case again, or a slice). */
  first?: number;
  /** Per-case limit, seconds. */
  timeout: number;
  workers: number;
  /** Stop starting cases after this many seconds. */
  time?: number;
  /** Hears every finished case. */
  onCase?: (r: CaseReport) => void;
}

export interface FuzzSummary {
  counts: Record<OutcomeKind, number>;
  /** Bad cases (uncaught, wrong, hang), grouped by place. */
  places: Map<string, { kind: OutcomeKind; count: number; example: CaseReport }>;
  ran: number;
  seconds: number;
}

const BAD: OutcomeKind[] = ['uncaught', 'wrong', 'hang'];

export async function fuzz(o: FuzzOptions): Promise<FuzzSummary> {
  const tmp = mkdtempSync(join(tmpdir(), 'benchsite-fuzz-'));
  const started = Date.now();
  const counts = Object.fromEntries(OUTCOMES.map((k) => [k, 0])) as Record<OutcomeKind, number>;
  const places = new Map<string, { kind: OutcomeKind; count: number; example: CaseReport }>();
  const first = o.first ?? 0;
  let next = first;
  const end = first + o.cases;
  const timeUp = () => o.time !== undefined && Date.now() - started > o.time * 1000;
  const record = (r: CaseReport) => {
    counts[r.outcome.kind]++;
    if (BAD.includes(r.outcome.kind)) {
      const key = `${r.outcome.kind}\u0000${r.outcome.place ?? '?'}`;
      const p = places.get(key);
      if (p) p.count++;
      else places.set(key, { kind: r.outcome.kind, count: 1, example: r });
    }
    o.onCase?.(r);
  };

  const lane = () =>
    new Promise<void>((done, fail) => {
      let worker: Worker;
      let timer: NodeJS.Timeout | undefined;
      let current: { n: number; seed: string; mutations: string[]; at: number; judging?: boolean } | undefined;
      const start = () => {
        worker = new Worker(new URL('./worker.ts', import.meta.url), {
          workerData: { seed: o.seed, tmp },
          // A case that fills the memory is stopped like one that never ends.
          resourceLimits: { maxOldGenerationSizeMb: 1536 },
        });
        worker.on(
          'message',
          (m: CaseReport | { started: number; seed: string; mutations: string[] } | { judging: number }) => {
            if ('started' in m) {
              current = { n: m.started, seed: m.seed, mutations: m.mutations, at: Date.now() };
              // Timed from the case's start, not the worker's (loading the seeds takes a while).
              timer = setTimeout(() => lost(`no answer within ${o.timeout} s`), o.timeout * 1000);
              return;
            }
            if ('judging' in m) {
              if (current) current.judging = true;
              return;
            }
            clearTimeout(timer);
            current = undefined;
            record(m);
            send();
          },
        );
        worker.on('error', (e: Error) => {
          // An error outside any case is the fuzzer's own: stop rather than lose cases.
          if (!current) return fail(e);
          lost(`${(e as NodeJS.ErrnoException).code ?? e.name}: ${e.message}`);
        });
      };
      const lost = (why: string) => {
        clearTimeout(timer);
        const c = current;
        current = undefined;
        if (c)
          record({
            n: c.n,
            seed: c.seed,
            mutations: c.mutations,
            outcome: {
              kind: 'hang',
              place: `${c.judging ? "the fuzzer's oracle (harvest had finished)" : c.seed}: ${why}`,
              detail: c.mutations.join('; '),
            },
            ms: Date.now() - c.at,
          });
        void worker.terminate();
        start();
        send();
      };
      const send = () => {
        if (next >= end || timeUp()) {
          void worker.terminate().then(() => done());
          return;
        }
        const n = next++;
        worker.postMessage(n);
      };
      start();
      send();
    });

  try {
    await Promise.all(Array.from({ length: Math.max(1, o.workers) }, lane));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return { counts, places, ran: OUTCOMES.reduce((n, k) => n + counts[k], 0), seconds: (Date.now() - started) / 1000 };
}

/** The table of issue 13, then each distinct place of a bad ending with a case that shows it. */
export function report(s: FuzzSummary, o: FuzzOptions): string {
  const lines = [
    `benchsite fuzz: ${s.ran} cases, seed ${o.seed}, ${s.seconds.toFixed(0)} s`,
    '',
    '| outcome | cases |',
    '|---|---|',
    ...OUTCOMES.map((k) => `| ${OUTCOME_TEXT[k]} | ${s.counts[k]} |`),
  ];
  const bad = [...s.places.values()].sort((a, b) => b.count - a.count);
  if (bad.length) {
    lines.push(
      '',
      `${bad.length} distinct places of bad endings (run one again: npm run fuzz -- --seed ${o.seed} --case N):`,
    );
    for (const p of bad)
      lines.push(
        `  ${p.kind} x${p.count}: ${p.example.outcome.place}`,
        `      e.g. case ${p.example.n}: ${p.example.seed}: ${p.example.mutations.join('; ').slice(0, 200)}`,
      );
  }
  return lines.join('\n');
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string', default: '1' },
      cases: { type: 'string', default: '1000' },
      case: { type: 'string' },
      timeout: { type: 'string', default: '30' },
      workers: { type: 'string', default: '1' },
      time: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      // Content and config files (fuzz/content/) instead of raw inputs.
      content: { type: 'boolean', default: false },
    },
  });
  const one = values.case !== undefined;
  if (values.content) {
    const { runContentFuzzCli } = await import('./content/cli.ts');
    process.exitCode = await runContentFuzzCli(values);
    process.exit();
  }
  const o: FuzzOptions = {
    seed: Number(values.seed),
    cases: one ? 1 : Number(values.cases),
    first: one ? Number(values.case) : 0,
    timeout: Number(values.timeout),
    workers: one ? 1 : Number(values.workers),
    time: values.time === undefined ? undefined : Number(values.time),
  };
  for (const [k, v] of Object.entries(o))
    if (typeof v === 'number' && !(Number.isFinite(v) && v >= 0)) {
      console.error(`fuzz: --${k} must be a number, not ${JSON.stringify(v)}`);
      process.exit(2);
    }
  let done = 0;
  o.onCase = (r) => {
    done++;
    if (one || (values.verbose && BAD.includes(r.outcome.kind)))
      console.log(
        `case ${r.n} (${r.seed}; ${r.mutations.join('; ')}): ${r.outcome.kind}${r.outcome.place ? ` at ${r.outcome.place}` : ''} in ${r.ms.toFixed(0)} ms${r.outcome.detail ? `\n${r.outcome.detail}` : ''}`,
      );
    else if (process.stderr.isTTY && done % 50 === 0) process.stderr.write(`\r${done}/${o.cases}`);
  };
  const s = await fuzz(o);
  if (process.stderr.isTTY) process.stderr.write('\r');
  console.log(report(s, o));
  process.exitCode = BAD.some((k) => s.counts[k] > 0) ? 1 : 0;
}

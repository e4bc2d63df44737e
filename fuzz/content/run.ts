// `npm run fuzz -- --content [--cases 2000 --seed 1 --workers 2 --timeout 30]`: mutates the committed content and
// config files (fuzz/content/corpus.ts, mutate.ts) and reads each case as benchsite reads that kind of file
// (check.ts), in child processes: a case over the time limit is a hang, a child that dies (a native abort of the
// Markdown renderer, a fatal out-of-memory) names its case. Prints how the cases ended and each bad place.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ContentOutcome, ContentOutcomeKind } from './check.ts';
import { ROOT } from './corpus.ts';

export const CONTENT_OUTCOMES: ContentOutcomeKind[] = ['accepted', 'refused', 'uncaught', 'unnamed', 'hang', 'abort'];
export const CONTENT_OUTCOME_TEXT: Record<ContentOutcomeKind, string> = {
  accepted: 'accepted',
  refused: 'refused with lines naming the file',
  uncaught: 'uncaught error (a bug: stack trace or internal error)',
  unnamed: 'refused with a line that does not name the file, or is not one line',
  hang: 'hang (over the time limit) or out of memory',
  abort: 'native abort (the process died)',
};
const BAD: ContentOutcomeKind[] = ['uncaught', 'unnamed', 'hang', 'abort'];

export interface ContentCaseReport {
  n: number;
  seed: string;
  mutations: string[];
  outcome: ContentOutcome;
  ms: number;
}

export interface ContentFuzzOptions {
  seed: number;
  cases: number;
  first?: number;
  /** Per-case limit, seconds. */
  timeout: number;
  workers: number;
  onCase?: (r: ContentCaseReport) => void;
  /** The child script (for tests: one that aborts or hangs); it speaks child.ts's protocol. */
  child?: string;
}

export interface ContentFuzzSummary {
  counts: Record<ContentOutcomeKind, number>;
  places: Map<string, { kind: ContentOutcomeKind; count: number; example: ContentCaseReport }>;
  ran: number;
  seconds: number;
}

const CHILD = fileURLToPath(new URL('./child.ts', import.meta.url));

/** Why a child died: a Rust panic's place, a fatal out-of-memory, or the signal. */
function death(code: number | null, signal: NodeJS.Signals | null, stderr: string): ContentOutcome {
  const oom = /heap out of memory|Reached heap limit|Allocation failed/.test(stderr);
  const panic = /panicked at ([^\n]*)/.exec(stderr);
  const how = signal ? `signal ${signal}` : `exit code ${code}`;
  if (oom) return { kind: 'hang', place: `out of memory (${how})`, detail: stderr.slice(-2000) };
  return {
    kind: 'abort',
    place: panic ? `panicked at ${panic[1]!.slice(0, 200)}` : `the process died (${how})`,
    detail: stderr.slice(-2000),
  };
}

export async function fuzzContent(o: ContentFuzzOptions): Promise<ContentFuzzSummary> {
  const tmp = mkdtempSync(join(tmpdir(), 'benchsite-fuzz-content-'));
  const started = Date.now();
  const counts = Object.fromEntries(CONTENT_OUTCOMES.map((k) => [k, 0])) as Record<ContentOutcomeKind, number>;
  const places = new Map<string, { kind: ContentOutcomeKind; count: number; example: ContentCaseReport }>();
  const first = o.first ?? 0;
  let next = first;
  const end = first + o.cases;
  const record = (r: ContentCaseReport) => {
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
    new Promise<void>((done) => {
      let child: ChildProcessWithoutNullStreams;
      let stderr = '';
      let current: { n: number; seed: string; mutations: string[]; at: number } | undefined;
      let timer: NodeJS.Timeout | undefined;
      let stopping = false;
      const start = () => {
        stderr = '';
        child = spawn(process.execPath, ['--max-old-space-size=1536', o.child ?? CHILD, String(o.seed), tmp], {
          cwd: ROOT,
          stdio: ['pipe', 'pipe', 'pipe'],
        });
        child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-16_384)));
        child.stdin.on('error', () => {});
        createInterface({ input: child.stdout }).on('line', (line) => {
          if (line.startsWith('start ')) {
            const s = JSON.parse(line.slice(6)) as { n: number; seed: string; mutations: string[] };
            current = { ...s, at: Date.now() };
            timer = setTimeout(() => {
              if (current) lost({ kind: 'hang', place: `${current.seed}: no answer within ${o.timeout} s` });
            }, o.timeout * 1000);
          } else if (line.startsWith('done ')) {
            clearTimeout(timer);
            const d = JSON.parse(line.slice(5)) as { n: number; outcome: ContentOutcome; ms: number };
            const c = current!;
            current = undefined;
            record({ n: d.n, seed: c.seed, mutations: c.mutations, outcome: d.outcome, ms: d.ms });
            send();
          }
        });
        const me = child;
        child.on('close', (code, signal) => {
          if (me !== child || stopping) return;
          if (current) lost(death(code, signal, stderr));
          else if (next < end) {
            // Died between cases: the fuzzer's own fault; start again rather than lose the rest.
            start();
            send();
          } else done();
        });
      };
      const lost = (outcome: ContentOutcome) => {
        clearTimeout(timer);
        const c = current!;
        current = undefined;
        record({ n: c.n, seed: c.seed, mutations: c.mutations, outcome, ms: Date.now() - c.at });
        const old = child;
        start();
        old.kill('SIGKILL');
        send();
      };
      const send = () => {
        if (next >= end) {
          stopping = true;
          child.stdin.end();
          child.on('close', () => done());
          return;
        }
        child.stdin.write(`${next++}\n`);
      };
      start();
      send();
    });

  try {
    await Promise.all(Array.from({ length: Math.max(1, o.workers) }, lane));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const ran = CONTENT_OUTCOMES.reduce((n, k) => n + counts[k], 0);
  return { counts, places, ran, seconds: (Date.now() - started) / 1000 };
}

/** The outcome table, then each distinct place of a bad ending with a case that shows it. */
export function contentReport(s: ContentFuzzSummary, o: ContentFuzzOptions): string {
  const lines = [
    `benchsite content fuzz: ${s.ran} cases, seed ${o.seed}, ${s.seconds.toFixed(0)} s`,
    '',
    '| outcome | cases |',
    '|---|---|',
    ...CONTENT_OUTCOMES.map((k) => `| ${CONTENT_OUTCOME_TEXT[k]} | ${s.counts[k]} |`),
  ];
  const bad = [...s.places.values()].sort((a, b) => b.count - a.count);
  if (bad.length) {
    lines.push(
      '',
      `${bad.length} distinct places of bad endings (run one again: npm run fuzz -- --content --seed ${o.seed} --case N):`,
    );
    for (const p of bad)
      lines.push(
        `  ${p.kind} x${p.count}: ${p.example.outcome.place}`,
        `      e.g. case ${p.example.n}: ${p.example.seed}: ${p.example.mutations.join('; ')}`,
      );
  }
  return lines.join('\n');
}

export const isBadContentOutcome = (k: ContentOutcomeKind) => BAD.includes(k);

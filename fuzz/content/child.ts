// A child process of the content fuzzer: reads case numbers on stdin, one a line, runs each (checkContent) and
// writes `start <n>` before and the case's JSON after it, on stdout. A child, not a worker thread: a native abort
// (the Markdown renderer is native code) ends the whole process, and the parent then names the case.
// Usage: node fuzz/content/child.ts <fuzzer seed> <scratch dir>
import { rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { checkContent, errorPlace, type ContentOutcome } from './check.ts';
import { contentSeeds } from './corpus.ts';
import { makeContentCase } from './mutate.ts';

/** JSON on one line: readline also ends a line at U+2028 and U+2029, which JSON.stringify leaves as they are. */
const oneLine = (v: unknown) =>
  JSON.stringify(v)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const [seedArg, tmp] = process.argv.slice(2);
const seed = Number(seedArg);
const seeds = contentSeeds();

for await (const line of createInterface({ input: process.stdin })) {
  const n = Number(line);
  const c = makeContentCase(seeds, seed, n);
  writeSync(1, `start ${oneLine({ n, seed: c.seed.name, mutations: c.mutations })}\n`);
  const t0 = performance.now();
  let outcome: ContentOutcome;
  const dir = join(tmp!, String(n));
  try {
    outcome = await checkContent(c.seed.kind, c.text, dir);
  } catch (e) {
    outcome = { kind: 'uncaught', place: errorPlace(e), detail: String((e as Error)?.stack ?? e).slice(0, 4000) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  writeSync(1, `done ${oneLine({ n, outcome, ms: performance.now() - t0 })}\n`);
}

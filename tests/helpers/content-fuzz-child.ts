// A stand-in child of the content fuzzer (fuzz/content/child.ts's protocol) for its test: case 0 is accepted, case
// 1 aborts the process as a native panic does, case 2 never answers, case 3 runs out of memory.
import { writeSync } from 'node:fs';
import { createInterface } from 'node:readline';

for await (const line of createInterface({ input: process.stdin })) {
  const n = Number(line);
  writeSync(1, `start ${JSON.stringify({ n, seed: `stand-in ${n}`, mutations: ['none'] })}\n`);
  if (n === 1) {
    writeSync(2, "thread '<unnamed>' panicked at crates/x/src/lib.rs:1:1:\nboom\n");
    process.abort();
  }
  if (n === 2) for (;;);
  if (n === 3) {
    const keep: number[][] = [];
    for (;;) keep.push(new Array<number>(1e7).fill(keep.length + 0.5));
  }
  writeSync(1, `done ${JSON.stringify({ n, outcome: { kind: 'accepted' }, ms: 1 })}\n`);
}

// A raw results directory of the size asked for: mytools sysbench directories of long runs (1-second
// vmstat/iostat/sysbench samples over `seconds` per test), as `benchsite harvest` reads them.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SYSBENCH_TESTS } from '../benchmarks/sysbench/vocabulary.ts';
import { iostatText, sysbenchText, vmstatText } from './synthetic.ts';

/** The ~40 microbenchmarks of a full mytools run (tests x ranges). */
export const FULL_TEST_LIST: Array<{ type: string; range: number }> = Object.entries(SYSBENCH_TESTS).flatMap(
  ([type, t]) =>
    t.multiRange
      ? (type === 'read-only' ? [10, 100, 10000] : type === 'random-points' ? [10, 100, 1000] : [10, 100]).map(
          (range) => ({ type, range }),
        )
      : [{ type, range: t.defaultRange }],
);

/** Write (once; reused when present) about `bytes` of raw output under `dir` (at most `maxRuns` run directories of all tests). */
export async function generateRawDir(
  dir: string,
  bytes: number,
  seconds = 7200,
  maxRuns = Infinity,
): Promise<{ dir: string; bytes: number; runs: number; tests: number }> {
  const marker = join(dir, '.complete');
  let written = 0;
  let runs = 0;
  let tests = 0;
  if (existsSync(marker)) {
    const info = JSON.parse(await readFile(marker, 'utf8'));
    return { dir, ...info };
  }
  await mkdir(dir, { recursive: true });
  for (let run = 0; written < bytes && run < maxRuns; run++) {
    const runDir = join(dir, `x.pg${1700 + run}_o2nofp.x10a_c8r32.pk1`);
    await mkdir(runDir, { recursive: true });
    runs++;
    for (const [i, t] of FULL_TEST_LIST.entries()) {
      if (written >= bytes) break;
      const sfxn = `${t.type}.range${t.range}.pk1.dop1`;
      const seed = run * 1000 + i;
      const files: Array<[string, string]> = [
        [
          `sb.o.${sfxn}`,
          sysbenchText(seconds, seed, {
            lua: SYSBENCH_TESTS[t.type]!.mytoolsLua,
            range: t.range,
            threads: 1,
            tableSize: 50_000_000,
          }),
        ],
        [`sb.vm.${sfxn}`, vmstatText(seconds, seed + 1)],
        [`sb.io.${sfxn}`, iostatText(seconds, seed + 2)],
      ];
      for (const [name, text] of files) {
        await writeFile(join(runDir, name), text);
        written += Buffer.byteLength(text);
      }
      tests++;
    }
  }
  const info = { bytes: written, runs, tests };
  await writeFile(marker, JSON.stringify(info));
  return { dir, ...info };
}

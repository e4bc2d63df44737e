// Harvests running at once into one runs folder (docs/internals.md, Writing runs): four harvests of repeats of one
// run keep four runs, numbered 1 to 4 in some order, each once; harvests of the same raw files keep one run;
// a --replace among repeats leaves whole runs. Several rounds, since a race shows only sometimes.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { benchsite } from '../helpers/cli.ts';
import { ROOT } from '../helpers/build-site.ts';
import { rawSha, repeatInputs, REPEAT_ID, runIds, strays } from '../helpers/run-trees.ts';

const tmp = mkdtempSync(join(tmpdir(), 'benchsite-concurrent-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const { inputs, meta } = repeatInputs(tmp, 4);

/** Run the CLI without waiting for it: its exit code and output when it ends. */
function start(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${ROOT}bin/benchsite.js`, ...args], { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const harvestAll = (out: string, files: string[], ...more: string[]) =>
  Promise.all(files.map((f) => start(['harvest', f, '--meta', meta, '--out', out, ...more])));

const repeats = [REPEAT_ID, `${REPEAT_ID}~2`, `${REPEAT_ID}~3`, `${REPEAT_ID}~4`];

describe('harvests running at once', () => {
  it('four harvests of repeats of one run keep four runs, each once, in every round', async () => {
    for (let round = 1; round <= 5; round++) {
      const out = join(tmp, `repeats-${round}`);
      const results = await harvestAll(out, inputs);
      for (const r of results) expect(r.code, r.stderr).toBe(0);
      // Each says what it wrote: one `wrote` and three `repeat` lines, each number once.
      const lines = results.map((r) => r.stdout.split('\n')[0]!);
      expect(lines.filter((l) => l.startsWith('wrote '))).toHaveLength(1);
      expect(
        lines
          .filter((l) => l.startsWith('repeat '))
          .map((l) => /repeat (\d) of/.exec(l)![1])
          .sort(),
      ).toEqual(['2', '3', '4']);
      expect(runIds(out), `round ${round}`).toEqual(repeats);
      expect(strays(out), `round ${round}`).toEqual([]);
      // Four different raw files, one per run.
      expect(new Set(repeats.map((id) => rawSha(out, id))).size).toBe(4);
      const v = benchsite(['validate', out]);
      expect(v.code, v.stdout).toBe(0);
      expect(v.stdout.trim()).toBe('4 run(s) valid');
    }
  }, 300_000);

  it('four harvests of the same raw files keep one run; a second round changes nothing', async () => {
    const out = join(tmp, 'same');
    const first = await harvestAll(out, [inputs[0]!, inputs[0]!, inputs[0]!, inputs[0]!]);
    for (const r of first) expect(r.code, r.stderr).toBe(0);
    const said = first.map((r) => r.stdout.split(' ')[0]).sort();
    expect(said).toEqual(['unchanged', 'unchanged', 'unchanged', 'wrote']);
    expect(runIds(out)).toEqual([REPEAT_ID]);
    const again = await harvestAll(out, [inputs[0]!, inputs[0]!]);
    for (const r of again) expect(r.stdout).toMatch(/^unchanged /);
    expect(strays(out)).toEqual([]);
  }, 120_000);

  it('repeats and --replace at once: whole runs only, every harvest told what it did', async () => {
    for (let round = 1; round <= 3; round++) {
      const out = join(tmp, `replace-${round}`);
      expect(benchsite(['harvest', inputs[0]!, '--meta', meta, '--out', out]).code).toBe(0);
      const results = await Promise.all([
        ...[inputs[1]!, inputs[2]!].map((f) => start(['harvest', f, '--meta', meta, '--out', out])),
        start(['harvest', inputs[3]!, '--meta', meta, '--out', out, '--replace']),
      ]);
      for (const r of results) expect(r.code, r.stderr).toBe(0);
      expect(results[2]!.stdout).toMatch(/^replaced {2}/);
      // The replacement wrote over the first run; the two repeats are ~2 and ~3 whatever the order.
      expect(runIds(out)).toEqual(repeats.slice(0, 3));
      expect(rawSha(out, REPEAT_ID)).toBe(createHash('sha256').update(readFileSync(inputs[3]!)).digest('hex'));
      expect(strays(out)).toEqual([]);
      expect(benchsite(['validate', out]).code).toBe(0);
    }
  }, 300_000);
});

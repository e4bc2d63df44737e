// A quick run of the project's fuzzer (fuzz/): 400 mutated copies of the real raw inputs of tests/fixtures,
// each harvested on a worker thread with a time limit. None may end in an uncaught error, a hang or a run that
// validates with numbers its input does not support. `npm run fuzz -- --cases 8000 --seed 1` is the long run.
import { describe, expect, it } from 'vitest';
import { fuzz, report } from '../../fuzz/run.ts';
import { seeds } from '../../fuzz/corpus.ts';
import { makeCase } from '../../fuzz/mutate.ts';

describe('npm run fuzz, quick', () => {
  it('400 cases with seed 1: no uncaught error, no hang, nothing silently wrong', async () => {
    const o = { seed: 1, cases: 400, timeout: 30, workers: 1 };
    const s = await fuzz(o);
    expect(s.ran).toBe(400);
    // The cases are not all refused: most harvest, so the oracle had runs to judge.
    expect(s.counts.success).toBeGreaterThan(200);
    expect(s.counts.refused).toBeGreaterThan(20);
    expect({ uncaught: s.counts.uncaught, wrong: s.counts.wrong, hang: s.counts.hang }, report(s, o)).toEqual({
      uncaught: 0,
      wrong: 0,
      hang: 0,
    });
  }, 300_000);

  it('a case over the time limit is stopped and counted as a hang, with its seed and mutations', async () => {
    const s = await fuzz({ seed: 1, cases: 2, timeout: 0.001, workers: 1 });
    expect(s.counts.hang).toBe(2);
    const [place] = [...s.places.values()];
    expect(place!.example.outcome.place).toMatch(/: no answer within 0\.001 s$/);
    expect(place!.example.mutations.length).toBeGreaterThan(0);
  }, 60_000);

  it('a case is the same bytes for the same seed and number, and covers every seed', () => {
    const list = seeds();
    const a = makeCase(list, 7, 123);
    const b = makeCase(list, 7, 123);
    expect(a.mutations).toEqual(b.mutations);
    expect(a.files.map((f) => [f.path, Buffer.from(f.data).toString('base64')])).toEqual(
      b.files.map((f) => [f.path, Buffer.from(f.data).toString('base64')]),
    );
    expect(makeCase(list, 8, 123).mutations).not.toEqual(a.mutations);
    const used = new Set(Array.from({ length: 2000 }, (_, n) => makeCase(list, 1, n).seed.name));
    expect(used.size).toBe(list.length);
  });
});

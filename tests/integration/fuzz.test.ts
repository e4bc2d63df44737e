// A quick run of the project's fuzzer (fuzz/): 400 mutated copies of the real raw inputs of tests/fixtures,
// each harvested on a worker thread with a time limit. None may end in an uncaught error, a hang or a run that
// validates with numbers its input does not support. `npm run fuzz -- --cases 8000 --seed 1` is the long run.
import { describe, expect, it } from 'vitest';
import { fuzz, report } from '../../fuzz/run.ts';
import { seeds } from '../../fuzz/corpus.ts';
import { makeCase } from '../../fuzz/mutate.ts';
import { contentReport, fuzzContent } from '../../fuzz/content/run.ts';
import { contentSeeds } from '../../fuzz/content/corpus.ts';
import { makeContentCase } from '../../fuzz/content/mutate.ts';
import { ROOT } from '../helpers/build-site.ts';

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
    // Each case waits 200 ms before it runs (fuzz/worker.ts): a case answering within 1 ms is not a hang.
    process.env.BENCHSITE_FUZZ_STALL_MS = '200';
    const s = await fuzz({ seed: 1, cases: 2, timeout: 0.001, workers: 1 }).finally(
      () => delete process.env.BENCHSITE_FUZZ_STALL_MS,
    );
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

// The content fuzzer (fuzz/content/): mutated reports, annotations, config families, site.yaml, --meta files and
// run specs with the shapes of issue 27, each read by what reads that file in a child process. None may end in an
// uncaught error, a problem line that does not name its file, a hang or a native abort.
// `npm run fuzz -- --content --cases 3000 --workers 2` is the long run.
describe('npm run fuzz -- --content, quick', () => {
  it('120 cases with seed 1: every kind of file, no uncaught error, unnamed line, hang or native abort', async () => {
    const o = { seed: 1, cases: 120, timeout: 30, workers: 1 };
    const s = await fuzzContent(o);
    expect(s.ran).toBe(120);
    expect(s.counts.accepted).toBeGreaterThan(10);
    expect(s.counts.refused).toBeGreaterThan(30);
    expect(
      { uncaught: s.counts.uncaught, unnamed: s.counts.unnamed, hang: s.counts.hang, abort: s.counts.abort },
      contentReport(s, o),
    ).toEqual({ uncaught: 0, unnamed: 0, hang: 0, abort: 0 });
  }, 600_000);

  it('names the case of a native abort, a hang and an out-of-memory, and goes on with the next case', async () => {
    const reports: Array<{ n: number; kind: string; place?: string }> = [];
    const s = await fuzzContent({
      seed: 1,
      cases: 5,
      // Time for the stand-in to fill a heap of 1.5 GB on a loaded machine (about 12 s).
      timeout: 40,
      workers: 1,
      child: `${ROOT}tests/helpers/content-fuzz-child.ts`,
      onCase: (r) => reports.push({ n: r.n, kind: r.outcome.kind, place: r.outcome.place }),
    });
    expect(s.ran).toBe(5);
    expect(reports.sort((a, b) => a.n - b.n)).toEqual([
      { n: 0, kind: 'accepted', place: undefined },
      { n: 1, kind: 'abort', place: 'panicked at crates/x/src/lib.rs:1:1:' },
      { n: 2, kind: 'hang', place: 'stand-in 2: no answer within 40 s' },
      { n: 3, kind: 'hang', place: expect.stringMatching(/^out of memory \(signal SIGABRT\)$/) },
      { n: 4, kind: 'accepted', place: undefined },
    ]);
  }, 300_000);

  it('a content case is the same text for the same seed and number, and every kind of file comes up', () => {
    const list = contentSeeds();
    expect(makeContentCase(list, 3, 9)).toEqual(makeContentCase(list, 3, 9));
    const kinds = new Set(Array.from({ length: 60 }, (_, n) => makeContentCase(list, 1, n).seed.kind));
    expect([...kinds].sort()).toEqual(['annotations', 'config-families', 'meta', 'report', 'site', 'spec']);
  });
});

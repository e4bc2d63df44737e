// Names from raw files that hold characters no name may (U+2028 crashed chart rendering) are cleaned at harvest,
// with a note per name; what is cleaned is what the run schema refuses, so the written run validates.
import { describe, expect, it } from 'vitest';
import { cleanName, cleanNames } from '../../../../collectors/lib/clean-names.ts';
import { RunSchema, SeriesFileSchema } from '../../../../src/schemas/index.ts';
import { harvestFixture } from '../../../helpers/harvest-fixture.ts';
import { MYTOOLS_NOV25 } from '../../../helpers/fixtures.ts';

describe('cleanName', () => {
  it('replaces control characters, line separators and bidirectional controls, and nothing else', () => {
    expect(cleanName('point\u2028query\u2029\u0007\t\u202e x')).toBe('point\uFFFDquery\uFFFD\uFFFD\uFFFD\uFFFD x');
    expect(cleanName('read-only_range=10 «é» 😀')).toBe('read-only_range=10 «é» 😀');
  });
});

describe('cleanNames', () => {
  it('cleans a test name everywhere the run and its series hold it, and says so once', async () => {
    const [h] = (await harvestFixture('realruns/sysbench.tar.gz')).runs;
    const test = 'point-query.warm';
    const bad = `${test}\u2028x`;
    const rename = (s: string) => (s === test ? bad : s);
    h!.run.tests.forEach((t) => (t.name = rename(t.name)));
    h!.run.results.forEach((r) => (r.test = rename(r.test)));
    h!.run.label = `${h!.run.label}\u202e`;
    h!.series.tests = Object.fromEntries(Object.entries(h!.series.tests).map(([k, v]) => [rename(k), v]));
    expect(RunSchema.safeParse(h!.run).success).toBe(false);

    const notes = cleanNames(h!);
    expect(notes).toEqual([
      expect.stringMatching(/^the name ".*\?" in the raw files holds U\+202E, /),
      `the name ${JSON.stringify(`${test}?x`)} in the raw files holds U+2028, which no name may hold: written with U+FFFD in its place`,
    ]);
    expect(h!.run.provenance.notes).toEqual(expect.arrayContaining(notes));
    const clean = `${test}\uFFFDx`;
    expect(h!.run.tests.map((t) => t.name)).toContain(clean);
    expect(h!.run.results.filter((r) => r.test === clean).length).toBeGreaterThan(0);
    expect(Object.keys(h!.series.tests)).toContain(clean);
    expect(RunSchema.safeParse(h!.run).success).toBe(true);
    expect(SeriesFileSchema.safeParse(h!.series).success).toBe(true);
  });
  it('changes nothing in a run whose names are all allowed', async () => {
    const [h] = (await harvestFixture(MYTOOLS_NOV25)).runs;
    const before = JSON.stringify(h);
    expect(cleanNames(h!)).toEqual([]);
    expect(JSON.stringify(h)).toBe(before);
  });
});

// Names from raw files that hold characters no name may (U+2028 crashed chart rendering) are cleaned at harvest,
// with a note per name; what is cleaned is what the run schema refuses, so the written run validates.
import { describe, expect, it } from 'vitest';
import { cleanName, cleanNames } from '../../../../collectors/lib/clean-names.ts';
import { RunSchema, SeriesFileSchema } from '../../../../src/schemas/index.ts';
import { harvestFixture } from '../../../helpers/harvest-fixture.ts';
import { MYTOOLS_NOV25, archiveFiles } from '../../../helpers/fixtures.ts';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { harvestAny } from '../../../../collectors/harvest-any.ts';
import { writeHarvestedRun } from '../../../../collectors/lib/write-run.ts';

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

  // Found by the fuzzer (seed 43, case 1563): a byte of an iostat header flipped to NUL made a series column
  // name the series schema refuses, and the run was not written; the check for bad names looked at the run only.
  it('cleans a vmstat or iostat column name holding a NUL byte, so the run is written, with a note', async () => {
    const dir = 'sysbench/x.ma101119.cy1.pk1/';
    // The blank after a name, in the first header line, flipped to NUL (as the fuzzer's case had it).
    const nul = (text: string, name: string) => text.replace(`${name} `, `${name}\u0000`);
    const edits: Record<string, (t: string) => string> = {
      'sb.io.point-query.range100.pk1.dop1': (t) => nul(t, 'wareq-sz'),
      'sb.vm.point-query.range100.pk1.dop1': (t) => nul(t, 'swpd'),
    };
    const entries = [...archiveFiles('realruns/sysbench.tar.gz')]
      // One test's outputs alone (no config file, whose text made the old check look further by chance).
      .filter(
        ([p]) => /^sb\.(o|met|vm|io)\.point-query\.range100\.pk1\.dop1$/.test(p.slice(dir.length)) && p.startsWith(dir),
      )
      .map(([p, data]) => {
        const path = p.slice(dir.length);
        const edit = edits[path];
        return {
          path,
          mtimeMs: 1795312000000,
          data: edit ? new TextEncoder().encode(edit(new TextDecoder().decode(data))) : data,
        };
      });
    const { runs } = harvestAny({ name: 'x.ma101119.cy1.pk1', entries });
    const out = mkdtempSync(join(tmpdir(), 'benchsite-clean-names-'));
    try {
      const w = await writeHarvestedRun(runs[0]!, out);
      const series = JSON.parse(readFileSync(join(w.dir, 'series.json'), 'utf8'));
      expect(SeriesFileSchema.safeParse(series).success).toBe(true);
      const columns = (
        series.tests['point-query'] as Array<{ name: string; columns: Array<{ name: string }> }>
      ).flatMap((s) => s.columns.map((c) => `${s.name}:${c.name}`));
      expect(columns).toContain('iostat:wareq-sz\uFFFD');
      expect(columns).toContain('vmstat:swpd\uFFFD');
      const run = JSON.parse(readFileSync(join(w.dir, 'run.json'), 'utf8'));
      expect(run.provenance.notes).toEqual(
        expect.arrayContaining([
          'the name "wareq-sz?" in the raw files holds U+0000, which no name may hold: written with U+FFFD in its place',
        ]),
      );
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

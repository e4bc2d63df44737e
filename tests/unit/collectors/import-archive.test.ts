// `benchsite import`'s one entry point: each file to the importer of its format, whatever the inputs mix;
// the Insert Benchmark summaries through harvest's own code; what is not read listed with why; command-line
// mistakes as usage errors.
import { describe, expect, it } from 'vitest';
import { importArchives, ImportUsageError } from '../../../collectors/import-archive.ts';
import { loadRawInput } from '../../../collectors/lib/raw-input.ts';
import type { Meta } from '../../../src/schemas/index.ts';
import { FIXTURES } from '../../helpers/fixtures.ts';
import { harvestFixture } from '../../helpers/harvest-fixture.ts';
import { importFixture } from '../../helpers/import-fixture.ts';

const ARC = 'mytools/bench/arc/';
const PUB = 'published/';
const meta: Meta = {
  host: { name: 'pn53' },
  date: '2026-03-01',
  published: { title: 'A post', date: '2026-02-16' },
  sysbench: { threads: [1] },
};

describe('importArchives', () => {
  it('reads several formats in one go: sysbench and HammerDB summaries, a published table, a relative table', async () => {
    const r = await importFixture(
      [
        `${ARC}mar26.pn53.sb.my`,
        `${ARC}jan26.tprocc.pn53.pg`,
        `${PUB}hammerdb-tprocc-8core-2026-03-16.csv`,
        `${PUB}sysbench-binlog-pn53-2026-02-16-relative-to-z12b.csv`,
      ],
      meta,
      ['z12b'],
    );
    const count = (source: string, benchmark: string) =>
      r.runs.filter((h) => h.run.provenance.source === source && h.run.benchmark === benchmark).length;
    expect(count('harness-summary', 'sysbench')).toBe(13);
    expect(count('harness-summary', 'hammerdb-tprocc')).toBe(7);
    expect(count('published-table', 'hammerdb-tprocc')).toBe(3);
    expect(count('published-relative', 'sysbench')).toBe(4);
    expect(r.runs).toHaveLength(27);
  });

  it('imports the Insert Benchmark summaries with the code harvest uses, as harness summaries', async () => {
    const m: Meta = { date: '2021-01-21', host: { name: 'nuc' } };
    const imported = await importFixture(['mytools/bench/results/ibench.jan2021'], m);
    const harvested = await harvestFixture('mytools/bench/results/ibench.jan2021', m);
    expect(imported.runs.map((h) => h.run)).toEqual(harvested.runs.map((h) => h.run));
    expect(imported.runs.every((h) => h.run.provenance.source === 'harness-summary')).toBe(true);
    expect(imported.skipped.map((s) => s.path).sort()).toEqual([
      'ibench.jan2021/100m/res.a/rel.l.i0',
      'ibench.jan2021/100m/res.a/rel.q100.1',
    ]);
  });

  it('lists every file it does not read, with why', async () => {
    const r = await importFixture([`${ARC}nov25.sb.mysql/dop1`, `${PUB}README.md`], meta);
    const why = new Map(r.skipped.map((s) => [s.path, s.reason]));
    expect(why.get('dop1/x.my8043_rel_o2nofp.z12a_c8r32.pk1/sb.o.point-query.range100.pk1.dop1')).toBe(
      'raw tool output: `benchsite harvest` reads it',
    );
    expect(why.get('README.md')).toBe('not an archive or table format `benchsite import` reads');
    expect(r.runs).toHaveLength(8);
  });

  it('refuses a table from a post without --meta, and a --base count that does not fit the relative tables', async () => {
    const trees = await Promise.all(
      ['z12b', 'z12b_sync'].map((b) =>
        loadRawInput(`${FIXTURES}${PUB}sysbench-binlog-pn53-2026-02-16-relative-to-${b}.csv`),
      ),
    );
    expect(() => importArchives(trees, { bases: ['z12b'] })).toThrow(ImportUsageError);
    expect(() => importArchives(trees, { meta, bases: ['z12b'] })).not.toThrow();
    expect(() => importArchives(trees, { meta, bases: ['z12b', 'z12b_sync', 'z12c'] })).toThrow(
      '2 relative table(s) (sysbench-binlog-pn53-2026-02-16-relative-to-z12b.csv, sysbench-binlog-pn53-2026-02-16-relative-to-z12b_sync.csv) and 3 --base: give one --base for all of them, or one per table in that order',
    );
    const dir = await loadRawInput(`${FIXTURES}${ARC}mar26.pn53.sb.my`);
    expect(() => importArchives([dir], { meta, bases: ['z12b'] })).toThrow(
      '--base is for relative tables (label, test, value), and none was given',
    );
  });
});

// The HammerDB harness's sum.res summaries of the small-server campaign (jan26.tprocc.pn53.pg): one run per
// build with a test per point, NOPM equal to every file's cell, every .rel.csv cell equal to what benchsite
// computes, and one clear line for bad files.
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { RunSchema, type Meta } from '../../../../src/schemas/index.ts';
import { printfFixed } from '../../../../collectors/lib/numbers.ts';
import { loadRawInput } from '../../../../collectors/lib/raw-input.ts';
import { importSumRes, parseSumRes, parseSumResName } from '../../../../benchmarks/hammerdb-tprocc/import-sum-res.ts';
import { FIXTURES, fixtureText } from '../../../helpers/fixtures.ts';
import { importFixture } from '../../../helpers/import-fixture.ts';

const DIR = 'mytools/bench/arc/jan26.tprocc.pn53.pg/';
const FILES = readdirSync(FIXTURES + DIR).filter((f) => /^sum\.res\..*\d\.csv$/.test(f));
const meta: Meta = {
  host: { name: 'pn53' },
  published: { title: 'HammerDB tproc-c on a small server, Postgres and MySQL', date: '2026-02-14' },
  builds: { pg181: 'pg181_o2nofp.x10b_c8r32', pg1222: 'pg1222_o2nofp.x10a_c8r32' },
  hammerdb: { storedProcedures: true },
};
const rows = (f: string) =>
  fixtureText(DIR + f)
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split(','));

describe('sum.res file names', () => {
  it.each([
    [
      'sum.res.pg.load8.vu6.w1000.5.120.csv',
      { dbms: 'pg', buildVirtualUsers: 8, virtualUsers: 6, warehouses: 1000, rampupMinutes: 5, durationMinutes: 120 },
      false,
    ],
    [
      'sum.res.my.load8.vu1.w100.5.120.rel.csv',
      { dbms: 'my', buildVirtualUsers: 8, virtualUsers: 1, warehouses: 100, rampupMinutes: 5, durationMinutes: 120 },
      true,
    ],
  ])('%s', (name, point, relative) => expect(parseSumResName(name)).toEqual({ point, relative }));
  it('other names are not sum.res', () => {
    for (const n of ['sum.res.pg.csv', 'res.pg.load8.vu1.w100.5.120.csv', 'sum.res.pg.load8.vu1.w100.5.120.txt'])
      expect(parseSumResName(n)).toBeUndefined();
  });
});

describe('the campaign jan26.tprocc.pn53.pg', async () => {
  const r = await importFixture([DIR], meta);

  it('has a sum.res and a .rel.csv for each of its 8 points', () => {
    expect(FILES).toHaveLength(8);
    for (const f of FILES) expect(readdirSync(FIXTURES + DIR)).toContain(f.replace(/\.csv$/, '.rel.csv'));
  });

  it('one valid run per build, a test per point, named like harvested runs, NOPM equal to each file', () => {
    expect(r.runs.map((h) => h.run.dbms.label)).toEqual(rows(FILES[0]!).map((x) => x[0]));
    for (const { run } of r.runs) {
      expect(RunSchema.safeParse(run).error?.issues ?? []).toEqual([]);
      expect(run.provenance.source).toBe('harness-summary');
      expect(run.tests.map((t) => t.name)).toEqual([
        'vu1.w100',
        'vu6.w100',
        'vu1.w1000',
        'vu6.w1000',
        'vu1.w2000',
        'vu6.w2000',
        'vu1.w4000',
        'vu6.w4000',
      ]);
      expect(run.workload).toMatchObject({
        kind: 'hammerdb-tprocc',
        buildVirtualUsers: 8,
        rampupMinutes: 5,
        durationMinutes: 120,
        storedProcedures: true,
        warehouses: [100, 1000, 2000, 4000],
        virtualUsers: [1, 6],
      });
      expect(run.dbms.product).toBe('postgres');
    }
    for (const f of FILES) {
      const [, vu, w] = /vu(\d+)\.w(\d+)/.exec(f)!;
      for (const [build, nopm] of rows(f)) {
        const run = r.runs.find((h) => h.run.dbms.label === build)!.run;
        expect(run.results.find((x) => x.test === `vu${vu}.w${w}`)).toEqual({
          test: `vu${vu}.w${w}`,
          metric: 'nopm',
          value: Number(nopm),
          unit: 'new orders/min',
        });
      }
    }
  });

  it('the builds named in --meta get their full label, decoded into version, build and config', () => {
    expect(r.byLabel.get('pg181_o2nofp.x10b_c8r32')!.run).toMatchObject({
      dbms: { product: 'postgres', version: '18.1', build: 'o2nofp', label: 'pg181' },
      config: { name: 'x10b_c8r32' },
      date: '2026-02-14',
      dateSource: 'published',
    });
    expect(r.byLabel.get('pg177')!.run).toMatchObject({
      dbms: { version: '17.7', label: 'pg177' },
      config: { name: 'unspecified' },
    });
  });

  it('every .rel.csv cell equals NOPM / NOPM of the first build, %.3f, as benchsite computes it', () => {
    expect(r.warnings).toEqual([]);
    let n = 0;
    for (const f of FILES) {
      const abs = new Map(rows(f).map(([b, v]) => [b!, Number(v)]));
      const base = abs.get(rows(f)[0]![0]!)!;
      for (const [b, printed] of rows(f.replace(/\.csv$/, '.rel.csv'))) {
        expect(printfFixed(abs.get(b!)! / base, 3), `${f} ${b}`).toBe(printed);
        n++;
      }
    }
    expect(n).toBe(48);
  });

  it('keeps the sum.res files as raw files; the harness scripts beside them are listed as not read', () => {
    expect(r.runs[0]!.raw.map((e) => e.path)).toEqual(
      FILES.flatMap((f) => [f, f.replace(/\.csv$/, '.rel.csv')]).sort(),
    );
    expect(r.skipped.map((s) => s.path)).toContain('jan26.tprocc.pn53.pg/allpg.N.sh');
  });
});

describe('disagreements and bad files', async () => {
  const tree = await loadRawInput(FIXTURES + DIR);
  const sums = tree.entries.filter((e) => e.path.startsWith('sum.res.'));
  const replace = (path: string, from: string, to: string) =>
    sums.map((e) =>
      e.path === path
        ? { ...e, data: new TextEncoder().encode(new TextDecoder().decode(e.data).replace(from, to)) }
        : e,
    );

  it('a .rel.csv cell that does not match is a warning with file, line and both values', () => {
    const r = importSumRes(
      'jan26',
      '',
      replace('sum.res.pg.load8.vu6.w1000.5.120.rel.csv', 'pg177,1.117', 'pg177,1.171'),
      { meta },
    );
    expect(r.warnings).toEqual([
      'sum.res.pg.load8.vu6.w1000.5.120.rel.csv:5: pg177: printed 1.171, benchsite computes 1.117 (65619 / 58742 from sum.res.pg.load8.vu6.w1000.5.120.csv)',
    ]);
  });

  it('a line that is not <build>,<NOPM> is an error naming file and line', () => {
    expect(() =>
      importSumRes('jan26', '', replace('sum.res.pg.load8.vu1.w100.5.120.csv', 'pg1515,33732', 'pg1515,337x2'), {
        meta,
      }),
    ).toThrow('sum.res.pg.load8.vu1.w100.5.120.csv:4: "pg1515,337x2" is not "<build>,<NOPM>"');
    expect(() => parseSumRes('pg1222,33781,1\n', 'x.csv', false)).toThrow(
      'x.csv:1: "pg1222,33781,1" is not "<build>,<NOPM>"',
    );
  });
});

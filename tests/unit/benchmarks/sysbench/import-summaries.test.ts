// Archived sysbench campaigns (summary tables only) -> runs: golden tests on every campaign of the fixtures,
// qps.abs x qps.rel agreement cell for cell, o.met values equal to the imported metrics (and to what harvest
// reads from the raw sb.met files of the same run), and the warnings a disagreement gives.
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { RunSchema, type Meta, type Run } from '../../../../src/schemas/index.ts';
import { printfFixed } from '../../../../collectors/lib/numbers.ts';
import { loadRawInput } from '../../../../collectors/lib/raw-input.ts';
import { importSysbenchSummaries } from '../../../../benchmarks/sysbench/import-summaries.ts';
import { FIXTURES, fixtureText } from '../../../helpers/fixtures.ts';
import { harvestFixture } from '../../../helpers/harvest-fixture.ts';
import { importFixture } from '../../../helpers/import-fixture.ts';

const ARC = 'mytools/bench/arc/';
const meta: Meta = { host: { name: 'pn53' }, date: '2026-03-01' };
const value = (run: Run, test: string, metric: string) =>
  run.results.find((r) => r.test === test && r.metric === metric)?.value;
/** `point-query_range=100` as harvest names the test. */
const testName = (label: string) => {
  const [, type, range] = /^(.+)_range=(\d+)$/.exec(label)!;
  const multi = ['random-points', 'read-only', 'read-write'].includes(type!);
  const def: Record<string, number> = {
    'read-only-simple': 1000,
    'read-only-sum': 1000,
    'read-only-order': 1000,
    'read-only-distinct': 1000,
    'read-only-count': 1000,
    'write-only': 10000,
  };
  return multi || Number(range) !== (def[type!.replace(/\.(pre|warm|warmpre)$/, '')] ?? 100) ? label : type!;
};
const rateOf = (test: string) => (/^scan/.test(test) ? 'scan_krows_per_s' : 'qps');

/** Campaign directories and what each must give. */
const CAMPAIGNS = [
  {
    dir: 'nov25.sb.mysql/dop1',
    runs: 8,
    threads: [1],
    check: ['x.my8043_rel_o2nofp.z12a_c8r32.pk1', 'point-query', 'qps', 16847],
  },
  {
    dir: 'nov25.sb.mysql/dop40',
    runs: 8,
    threads: [40],
    check: ['x.my9500_rel_o2nofp.z12a_c32r128.pk1', 'scan', 'scan_krows_per_s', 4277],
  },
  {
    dir: 'mar26.pn53.sb.my',
    runs: 13,
    threads: [1],
    check: ['x.my9700_rel_o2nofp.z12a_c8r32.pk1', 'point-query', 'qps', 15617],
  },
  {
    dir: 'apr26.sb.hetz',
    runs: 23,
    threads: [40],
    check: ['x.pg1222_o2nofp.x10a_c32r128.pk1', 'point-query', 'qps', 995739],
  },
  {
    dir: 'apr26.pn53.sb.ma.latin',
    runs: 11,
    threads: [1],
    check: ['x.ma130000_rel_withdbg.z12b_c8r32.pk1', 'point-query', 'qps', 19742],
  },
] as const;
const productOf = (label: string) => (label.includes('.pg') ? 'postgres' : label.includes('.ma') ? 'mariadb' : 'mysql');

describe.each(CAMPAIGNS)('the archived campaign $dir', async ({ dir, runs, threads, check }) => {
  const r = await importFixture([ARC + dir], meta);
  const qpsFiles = readdirSync(FIXTURES + ARC + dir).filter((f) => /^qps\.(abs|rel)\..+\.tsv$/.test(f));

  it('one valid run per column label, provenance harness-summary, named and measured like a harvested run', () => {
    expect(r.runs).toHaveLength(runs);
    const labels = new Set(
      qpsFiles.flatMap((f) =>
        fixtureText(`${ARC}${dir}/${f}`)
          .split('\n')
          .flatMap((l) => /^(?:col-\d+ : |Relative to: )(.+)$/.exec(l)?.[1] ?? []),
      ),
    );
    expect(new Set(r.runs.map((h) => h.run.label))).toEqual(labels);
    for (const { run } of r.runs) {
      expect(RunSchema.safeParse(run).error?.issues ?? []).toEqual([]);
      expect(run.provenance.source).toBe('harness-summary');
      expect(run.workload).toMatchObject({ kind: 'sysbench', threads, luaScripts: 'mytools' });
      expect(run.dateSource).toBe('meta');
      expect(run.relative).toBeUndefined();
    }
    const [label, test, metric, v] = check;
    const run = r.byLabel.get(label)!.run;
    expect(value(run, test, metric)).toBe(v);
    expect(run.dbms).toMatchObject({ product: productOf(label) });
  });

  it('every qps.abs cell is a result of its column run, and every qps.rel cell equals what benchsite computes from them', () => {
    expect(r.warnings).toEqual([]);
    let relCells = 0;
    for (const f of qpsFiles) {
      const lines = fixtureText(`${ARC}${dir}/${f}`).split('\n');
      const cols = lines.flatMap((l) => /^col-\d+ : (.+)$/.exec(l)?.[1] ?? []);
      const base = /^Relative to: (.+)$/.exec(lines[0]!)?.[1];
      for (const line of lines.filter((l) => /_range=\d+$/.test(l))) {
        const cells = line.split('\t');
        const test = testName(cells.pop()!);
        cells.forEach((cell, k) => {
          const run = r.byLabel.get(cols[k]!)!.run;
          if (!base) return expect(value(run, test, rateOf(test)), `${f} ${test} ${cols[k]}`).toBe(Number(cell));
          const b = value(r.byLabel.get(base)!.run, test, rateOf(test))!;
          expect(printfFixed(value(run, test, rateOf(test))! / b, 2), `${f} ${test} ${cols[k]}`).toBe(cell);
          relCells++;
        });
      }
    }
    expect(relCells > 0).toBe(dir !== 'nov25.sb.mysql/dop40');
  });

  it('every o.met cell equals the imported metric of its run and test', () => {
    const mets = readdirSync(FIXTURES + ARC + dir).filter((f) => f.startsWith('o.met.'));
    const names: Record<string, string> = {
      'cpu/o': 'cpu_per',
      'cs/o': 'cs_per',
      'r/o': 'reads_per',
      'rKB/o': 'rkb_per',
      'wKB/o': 'wkb_per',
    };
    let cells = 0;
    for (const f of mets) {
      let test = '';
      let op = '';
      let absolute = false;
      for (const line of fixtureText(`${ARC}${dir}/${f}`).split('\n')) {
        const m = /^sb\.(prepare\.)?met\.(.+)\.range(\d+)\.pk1/.exec(line);
        if (m) {
          test = m[1] ? 'prepare' : testName(`${m[2]}_range=${m[3]}`);
          op = m[1] ? 'row' : /^scan/.test(m[2]!) ? 'krow' : 'query';
          continue;
        }
        if (line.startsWith('---')) absolute = line === '--- absolute';
        const f7 = line.split(/\s+/);
        if (!absolute || f7.length !== 7 || f7[0] === 'cpu/o') continue;
        const run = r.byLabel.get(f7[6]!)!.run;
        ['cpu/o', 'cs/o', 'r/o', 'rKB/o', 'wKB/o'].forEach((col, k) => {
          expect(value(run, test, `${names[col]}_${op}`), `${f} ${test} ${col} ${f7[6]}`).toBe(Number(f7[k]));
          cells++;
        });
        const rate = op === 'row' ? 'inserts_per_s' : op === 'krow' ? 'scan_krows_per_s' : 'qps';
        expect(value(run, test, rate), `${f} ${test} o/s`).toBe(Number(f7[5]));
      }
    }
    expect(cells > 0).toBe(mets.length > 0);
  });
});

describe('o.met agrees with the raw files it was made from', async () => {
  const raw = await harvestFixture(`${ARC}nov25.sb.mysql/dop1/x.my8043_rel_o2nofp.z12a_c8r32.pk1`);
  const imported = (await importFixture([`${ARC}nov25.sb.mysql/dop1`], meta)).byLabel.get(
    'x.my8043_rel_o2nofp.z12a_c8r32.pk1',
  )!;

  it('the per-query metrics of my8043 equal those harvest reads from its sb.met files; QPS to the unit', () => {
    const harvested = raw.runs[0]!.run;
    const tests = harvested.tests.map((t) => t.name);
    expect(tests.length).toBe(6);
    for (const test of tests) {
      const op = test === 'scan' ? 'krow' : 'query';
      for (const m of ['cpu_per', 'cs_per', 'reads_per', 'rkb_per', 'wkb_per'])
        expect(value(imported.run, test, `${m}_${op}`), `${test} ${m}`).toBe(value(harvested, test, `${m}_${op}`));
      const rate = rateOf(test);
      expect(value(imported.run, test, rate), test).toBe(Math.round(value(harvested, test, rate)!));
    }
  });
});

describe('disagreements are warnings with file, line, column and both values', async () => {
  const tree = await loadRawInput(`${FIXTURES}${ARC}mar26.pn53.sb.my`);
  const edit = (path: string, from: string, to: string) => {
    const e = tree.entries.find((x) => x.path === path)!;
    const text = new TextDecoder().decode(e.data);
    expect(text).toContain(from);
    return { ...e, data: new TextEncoder().encode(text.replace(from, to)) };
  };
  const entries = tree.entries.map((e) =>
    e.path === 'qps.rel.latest.tsv'
      ? edit(e.path, '0.87\t0.69\t0.67\t0.63\tpoint-query_range=100', '0.87\t0.69\t0.67\t0.64\tpoint-query_range=100')
      : e.path === 'o.met.latest'
        ? edit(e.path, '1.21\t\t1.00\t1\t1\t0.00\t0.87\tx.my5744', '1.21\t\t1.00\t1\t1\t0.00\t0.78\tx.my5744')
        : e,
  );
  const r = importSysbenchSummaries('mar26.pn53.sb.my', '', entries, { meta });

  it('a qps.rel cell', () => {
    expect(r.warnings).toContain(
      'qps.rel.latest.tsv:9: point-query_range=100, column 4 (x.my9700_rel_o2nofp.z12a_c8r32.pk1): printed 0.64, benchsite computes 0.63 (15617 / 24734 from qps.abs.latest.tsv:9)',
    );
    const notes = r.runs.find((h) => h.run.label === 'x.my9700_rel_o2nofp.z12a_c8r32.pk1')!.run.provenance.notes!;
    expect(notes.some((n) => n.startsWith('qps.rel.latest.tsv:9: point-query_range=100'))).toBe(true);
  });

  it('an o.met relative cell', () => {
    expect(r.warnings.filter((w) => w.startsWith('o.met.latest:'))).toHaveLength(1);
    expect(r.warnings.find((w) => w.startsWith('o.met.latest:'))).toMatch(
      /^o\.met\.latest:\d+: sb\.met\.\S+, o\/s of x\.my5744_rel_o2nofp\.z12a_c8r32\.pk1: printed 0\.78, benchsite computes 0\.87 \(\d+ \/ \d+\)$/,
    );
  });

  it('and the rest agree', () => expect(r.warnings).toHaveLength(2));
});

describe('what the tables do not say', () => {
  it('client threads: from o.met or a dop<N> directory, else --meta, else a clear error', async () => {
    const tree = await loadRawInput(`${FIXTURES}${ARC}mar26.pn53.sb.my`);
    const tables = tree.entries.filter((e) => e.path.startsWith('qps.'));
    expect(() => importSysbenchSummaries('mar26.pn53.sb.my', '', tables, { meta })).toThrow(
      'mar26.pn53.sb.my: the tables of x.my5651_rel_o2nofp.z12a_c8r32.pk1 do not say how many client threads ran (no o.met, no dop<N> directory): pass --meta with "sysbench: { threads: [N] }"',
    );
    const r = importSysbenchSummaries('mar26.pn53.sb.my', '', tables, {
      meta: { ...meta, sysbench: { threads: [1] } },
    });
    expect(r.runs[0]!.run.workload).toMatchObject({ threads: [1] });
  });

  it('the date: --meta date, else the post named in --meta, else a clear error', async () => {
    const tree = await loadRawInput(`${FIXTURES}${ARC}mar26.pn53.sb.my`);
    expect(() => importSysbenchSummaries('mar26', '', tree.entries, { meta: { host: { name: 'pn53' } } })).toThrow(
      'mar26: the files carry no date. Pass --meta <file> with "date: YYYY-MM-DD"',
    );
    const r = importSysbenchSummaries('mar26', '', tree.entries, {
      meta: { host: { name: 'pn53' }, published: { title: 'A post', date: '2026-04-09' } },
    });
    expect(r.runs[0]!.run).toMatchObject({ date: '2026-04-09', dateSource: 'published' });
  });

  it('the host: unknown, with a note, when --meta does not name it; CPU µs per query only with a CPU count', async () => {
    const tree = await loadRawInput(`${FIXTURES}${ARC}mar26.pn53.sb.my`);
    const r = importSysbenchSummaries('mar26', '', tree.entries, { meta: { date: '2026-03-01' } });
    const run = r.runs[0]!.run;
    expect(run.host).toEqual({ name: 'unknown', serverClass: 'c8r32' });
    expect(run.provenance.notes).toContain('no host name in the files: pass --meta with host: { name: <host> }');
    expect(run.results.some((x) => x.metric === 'cpu_us_per_query')).toBe(false);
    const withCpus = importSysbenchSummaries('mar26', '', tree.entries, { meta: { ...meta, cpus: 8 } }).runs[0]!.run;
    expect(value(withCpus, 'point-query', 'cpu_us_per_query')).toBeCloseTo(
      value(withCpus, 'point-query', 'cpu_per_query')! * 8e4,
      9,
    );
  });

  it('lists the hand-edited .tsv.edit copies as not read, with why', async () => {
    const r = await importFixture([`${ARC}apr26.sb.hetz`], meta);
    expect(r.skipped.map((s) => s.path).sort()).toEqual(
      ['ma', 'my', 'my.ma.pg', 'pg'].map((t) => `apr26.sb.hetz/qps.rel.${t}.latest.tsv.edit`),
    );
    expect(r.skipped[0]!.reason).toMatch(/^a hand edit of a summary table for a post/);
  });
});

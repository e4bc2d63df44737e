// Bad or partial input, made from the real 1m Postgres result directory: a step is never dropped (it is kept
// and marked failed, with an error naming the file), no raw file is lost, and a run without a date says what
// to do.
import { describe, expect, it } from 'vitest';
import { harvestInsertBenchmark } from '../../../../benchmarks/insert-benchmark/harvest.ts';
import type { RawEntry, RawTree } from '../../../../collectors/lib/raw-tree.ts';
import { RunSchema } from '../../../../src/schemas/index.ts';
import { archiveFiles } from '../../../helpers/fixtures.ts';

const DIR = 'ibench/raw/1u.1tno/1m.pg1518.ccy1/';

/** The result directory as a raw tree (as `benchsite harvest <dir>` would load it), edited by `edit`. */
function tree(edit: (entries: RawEntry[]) => RawEntry[] = (e) => e, dir = DIR): RawTree {
  const entries = [...archiveFiles('realruns/ibench.tar.gz')]
    .filter(([p]) => p.startsWith(dir) && !p.endsWith('/'))
    .map(([p, data]) => ({ path: p.slice(dir.length), data, mtimeMs: 1795312000000 }));
  return { name: dir.split('/').at(-2)!, entries: edit(entries) };
}
const text = (s: string) => new TextEncoder().encode(s);
const replace = (path: string, f: (old: string) => string) => (entries: RawEntry[]) =>
  entries.map((e) => (e.path === path ? { ...e, data: text(f(new TextDecoder().decode(e.data))) } : e));

describe('harvestInsertBenchmark on damaged copies of a real result directory', () => {
  it('the directory itself is one run (its name is the label)', () => {
    const r = harvestInsertBenchmark(tree());
    expect(r.runs.map((h) => h.run.label)).toEqual(['1m.pg1518.ccy1']);
    expect(r.skipped).toEqual([]);
    // Without the <dop>u.1t<yes|no> parent the clients come from o.res, and table-per-client stays unknown.
    expect(r.runs[0]!.run.workload).toMatchObject({ clients: 1, rowsInitial: 1000000 });
    expect(r.runs[0]!.run.workload).not.toHaveProperty('tablePerClient', true);
  });

  it('a step without o.res is kept, failed, with the missing file named; its raw files are still kept', () => {
    const r = harvestInsertBenchmark(tree((e) => e.filter((x) => x.path !== 'qp500.L4/o.res.dop1')));
    const { run, raw } = r.runs[0]!;
    expect(RunSchema.safeParse(run).success).toBe(true);
    const t = run.tests.find((x) => x.name === 'qp500.L4')!;
    expect(t).toMatchObject({ status: 'failed', error: 'qp500.L4/o.res.dop*: missing: np.sh did not finish the step' });
    expect(run.tests.filter((x) => x.status === 'ok')).toHaveLength(7);
    expect(raw.some((x) => x.path === 'qp500.L4/o.ib.dop1.1')).toBe(true);
    expect(t.histograms?.length).toBeGreaterThan(0);
    expect(run.results.some((x) => x.test === 'qp500.L4' && x.metric === 'inserts_per_s')).toBe(false);
  });

  it('a client that did not finish fails its step, quoting the file', () => {
    const cut = replace('l.i1/o.ib.dop1.1', (old) => old.slice(0, old.indexOf('Insert rt:')));
    const t = harvestInsertBenchmark(tree(cut)).runs[0]!.run.tests.find((x) => x.name === 'l.i1')!;
    expect(t.status).toBe('failed');
    expect(t.error).toBe('l.i1/o.ib.dop1.1: iibench.py did not print "Done"');
  });

  // Found by the fuzzer (seed 41, case 3635): a run of digits in a bucket label made an upper bound of Infinity,
  // and the run failed its own schema.
  it('a histogram header whose bound is no number fails its step, naming the file and line; the run validates', () => {
    const huge = replace('l.i1/o.ib.dop1.1', (old) => old.replace(/^(Insert rt: +)256us/m, `$1${'9'.repeat(400)}us`));
    const { run } = harvestInsertBenchmark(tree(huge)).runs[0]!;
    expect(RunSchema.safeParse(run).success).toBe(true);
    const t = run.tests.find((x) => x.name === 'l.i1')!;
    expect(t.status).toBe('failed');
    expect(t.error).toBe(
      `l.i1/o.ib.dop1.1:21: Insert rt: header label "${'9'.repeat(40)}…" is not a time bound such as 256us, 1ms or 4s. Give the file as iibench.py wrote it.`,
    );
    expect(t.histograms).toBeUndefined();
    // np.sh's numbers of the step (o.res) are kept; the other steps are untouched.
    expect(run.results.some((x) => x.test === 'l.i1' && x.metric === 'inserts_per_s')).toBe(true);
    expect(run.tests.filter((x) => x.status === 'ok')).toHaveLength(7);
  });

  it('a bound of zero, bounds out of order and a histogram line cut short fail the step the same way', () => {
    const cases: Array<[(old: string) => string, string]> = [
      [
        (old) => old.replace(/^(Insert rt: +)256us/m, '$10us'),
        'l.i1/o.ib.dop1.1:21: Insert rt: header label "0us" is not a time bound',
      ],
      [
        (old) => old.replace(/^(Delete rt: +)256us( +)1ms/m, '$11ms$2256us'),
        'l.i1/o.ib.dop1.1:23: Delete rt: header label "256us" is not larger than the bucket before it',
      ],
      [
        (old) => old.replace(/ +0\.035471$/m, ''),
        'l.i1/o.ib.dop1.1:24: Delete rt: has 10 numbers where its header has 10 buckets and max',
      ],
    ];
    for (const [edit, error] of cases) {
      const { run } = harvestInsertBenchmark(tree(replace('l.i1/o.ib.dop1.1', edit))).runs[0]!;
      expect(RunSchema.safeParse(run).success).toBe(true);
      const t = run.tests.find((x) => x.name === 'l.i1')!;
      expect(t.status).toBe('failed');
      expect(t.error?.startsWith(error), t.error).toBe(true);
      expect(t.histograms).toBeUndefined();
    }
  });

  it("an o.res that is not np.sh's fails its step with a message naming the file", () => {
    const bad = replace('l.x/o.res.dop1', () => 'garbage\n');
    const t = harvestInsertBenchmark(tree(bad)).runs[0]!.run.tests.find((x) => x.name === 'l.x')!;
    expect(t.status).toBe('failed');
    expect(t.error).toMatch(
      /^l\.x\/o\.res\.dop1: line 1 is not np\.sh's .* Is this an Insert Benchmark o\.res file\?$/,
    );
  });

  it('without any date (no iostat header, no ini.sh line, no file times) it asks for --meta date', () => {
    const undated = (e: RawEntry[]) =>
      e.filter((x) => !/o\.io\.dop1$|^o\.ini\./.test(x.path)).map(({ mtimeMs: _, ...x }) => x);
    expect(() => harvestInsertBenchmark(tree(undated))).toThrow(
      '1m.pg1518.ccy1: no run date in the raw files (no iostat header). Pass --meta <file> with "date: YYYY-MM-DD".',
    );
    const withMeta = harvestInsertBenchmark(tree(undated), { meta: { date: '2026-11-22', host: { name: 'vm' } } })
      .runs[0]!.run;
    expect(withMeta).toMatchObject({ date: '2026-11-22', dateSource: 'meta' });
  });

  // `^\s*(PostgreSQL ...)/m` tried at every line start of a run of blank lines, each try crossing all the
  // blank lines after it: quadratic (the shape that took 25 s on 83 KB in the sysbench log splitter).
  it("finds the server version after 200,000 blank lines in ini.sh's output, in linear time", () => {
    const ma = 'ibench/raw/1u.1tno/1m.ma101119.ccy1/';
    const ini = 'o.ini.in.1m.dop1.ccy1';
    // Without `show global variables` (o.gv), ini.sh's `version()` is the only place of the version.
    const noGv = (e: RawEntry[]) => e.filter((x) => !/\/o\.gv\./.test(x.path));
    const blanks = (e: RawEntry[]) =>
      replace(ini, (old) => old.replace('\nversion()', `${'\n'.repeat(200_000)}version()`))(noGv(e));
    expect(harvestInsertBenchmark(tree(noGv, ma)).runs[0]!.run.dbms.version).toBe('10.11.19');
    const started = performance.now();
    const { run } = harvestInsertBenchmark(tree(blanks, ma)).runs[0]!;
    expect(performance.now() - started).toBeLessThan(3000);
    expect(run.dbms.version).toBe('10.11.19');
  });
});

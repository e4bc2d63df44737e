import { describe, expect, it } from 'vitest';
import {
  comparability,
  comparabilityKey,
  durationClass,
  incomparableReportError,
  otherBenchmarkRuns,
  splitGates,
} from '../../../../src/analysis/comparability.ts';
import { latestComparable } from '../../../../src/analysis/run-diff.ts';
import type { Run } from '../../../../src/schemas/index.ts';
import { harvestFixture } from '../../../helpers/harvest-fixture.ts';

const h = await harvestFixture('realruns/sysbench.tar.gz');
const pg = h.byLabel.get('x.pg1518.cy1.pk1')!;
const my = h.byLabel.get('x.ma101119.cy1.pk1')!;
/** The same run with its workload changed: as a run of another size or tool would be. */
const withWorkload = (run: Run, w: Record<string, unknown>, date = run.date): Run => ({
  ...structuredClone(run),
  date,
  workload: { ...run.workload, ...w } as Run['workload'],
});

describe('comparability gates', () => {
  it('the committed runs of one campaign are comparable (host and tools are notes)', () => {
    expect(comparability(my.run, pg.run).gates).toEqual([]);
    expect(comparabilityKey(pg.run)).toEqual({
      benchmark: 'sysbench',
      tables: '1',
      rows: '20000',
      threads: '1',
      duration: 'under a minute',
      'lua-scripts': 'mytools',
    });
  });

  it('workload size, concurrency, duration class and Lua scripts are hard gates, by name', () => {
    const other = withWorkload(pg.run, {
      rows: 50_000_000,
      threads: [40],
      seconds: { read: 600, write: 1800 },
      luaScripts: 'stock',
    });
    const c = comparability(other, pg.run);
    expect(c.gates.map((g) => g.name)).toEqual(['rows', 'threads', 'duration', 'lua-scripts']);
    expect(c.blocking).toEqual([
      'different rows: 50000000 vs 20000 in the base',
      'different threads: 40 vs 1 in the base',
      'different duration: 10 minutes or more vs under a minute in the base',
      'different lua-scripts: stock vs mytools in the base',
    ]);
    // An unknown value never blocks.
    expect(comparability(withWorkload(pg.run, { luaScripts: undefined }), pg.run).gates).toEqual([]);
  });

  it('a report acknowledges gates by name; the rest stop its build with a pinned message', () => {
    const c = comparability(withWorkload(pg.run, { rows: 1000, threads: [4] }), pg.run);
    const { open, acknowledged } = splitGates(c, ['threads']);
    expect(acknowledged.map((g) => g.name)).toEqual(['threads']);
    expect(open.map((g) => g.name)).toEqual(['rows']);
    expect(incomparableReportError('content/reports/x.md', 'base/id', [{ id: 'run/id', gates: open }]).message).toBe(
      'content/reports/x.md compares runs that are not comparable:\n' +
        'content/reports/x.md: run run/id against the base base/id: different rows: 1000 vs 20000 in the base\n' +
        'Compare comparable runs only, or, if the difference is the point of the report, acknowledge it in the frontmatter: acknowledge: [rows] (the page then says so in a notice).',
    );
  });

  it('another benchmark is never acknowledged, and a report names the runs of its own benchmark only', () => {
    const ib = { ...structuredClone(pg.run), benchmark: 'insert-benchmark' } as Run;
    const c = comparability(ib, pg.run);
    expect(c.gates.map((g) => g.name)).toEqual(['benchmark']);
    const { open, acknowledged } = splitGates(c, ['benchmark']);
    expect(acknowledged).toEqual([]);
    expect(open.map((g) => g.name)).toEqual(['benchmark']);
    expect(incomparableReportError('content/reports/x.md', 'base/id', [{ id: 'run/id', gates: open }]).message).toBe(
      'content/reports/x.md compares runs that are not comparable:\n' +
        'content/reports/x.md: run run/id against the base base/id: different benchmark: insert-benchmark vs sysbench in the base\n' +
        'Compare comparable runs only (runs of two benchmarks never are).',
    );
    const runs = [
      { id: 'sysbench/vm/a', run: pg.run },
      { id: 'insert-benchmark/vm/b', run: ib },
    ];
    expect(otherBenchmarkRuns('sysbench', runs)).toEqual([
      {
        id: 'insert-benchmark/vm/b',
        what: "run insert-benchmark/vm/b is of benchmark insert-benchmark, and the report's is sysbench",
        todo: "Name sysbench runs only (a report compares the runs of one benchmark), or set benchmark: to the runs' own",
      },
    ]);
    expect(otherBenchmarkRuns('sysbench', runs.slice(0, 1))).toEqual([]);
  });

  it('duration classes', () => {
    expect([3, 59, 60, 599, 600, 7200].map(durationClass)).toEqual([
      'under a minute',
      'under a minute',
      '1 to 10 minutes',
      '1 to 10 minutes',
      '10 minutes or more',
      '10 minutes or more',
    ]);
  });
});

describe('benchsite diff reads a run only against a comparable one', () => {
  it('skips a later run of another size, and says when none is comparable', () => {
    const earlier = { id: 'a', run: withWorkload(pg.run, {}, '2026-01-01') };
    const bigger = { id: 'b', run: withWorkload(pg.run, { rows: 1_000_000 }, '2026-02-01') };
    const stock = { id: 'c', run: withWorkload(pg.run, { luaScripts: 'stock' }, '2026-03-01') };
    expect(latestComparable({ id: 'new', run: pg.run }, [earlier, bigger, stock]).base?.id).toBe('a');
    const none = latestComparable({ id: 'new', run: pg.run }, [bigger, stock]);
    expect(none.base).toBeUndefined();
    expect(none.why).toBe(
      'no comparable earlier run of this benchmark, host and product: the latest, c, has different lua-scripts: mytools vs stock in the base',
    );
  });
});

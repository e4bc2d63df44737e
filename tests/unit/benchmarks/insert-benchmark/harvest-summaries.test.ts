// Summary-only trees (mytools bench/results/ibench.jan2021): o.sum.t and mrg rows become runs, the two agree
// where both have a DBMS, and the derived rel.* tables are listed as skipped.
import { describe, expect, it } from 'vitest';
import { summaryColumn } from '../../../helpers/insert-benchmark-columns.ts';
import { resultValue } from '../../../helpers/written-runs.ts';
import { RunSchema } from '../../../../src/schemas/index.ts';
import { parseStepName, summaryColumnMetric } from '../../../../benchmarks/insert-benchmark/vocabulary.ts';
import { harvestInsertBenchmark } from '../../../../benchmarks/insert-benchmark/harvest.ts';
import {
  cellNumber,
  MAX_SUMMARY_CHARS,
  parseSummaryTable,
} from '../../../../benchmarks/insert-benchmark/parse-summaries.ts';
import { fixtureText } from '../../../helpers/fixtures.ts';
import { harvestFixture } from '../../../helpers/harvest-fixture.ts';

const DIR = 'mytools/bench/results/ibench.jan2021/100m/';

describe('Insert Benchmark summaries of Jan 2021', async () => {
  const h = await harvestFixture('mytools/bench/results/ibench.jan2021', { date: '2021-01-21', host: { name: 'nuc' } });

  it('one run per DBMS tag of the o.sum.t and mrg files, all valid, mrg tags given the 100m. prefix', () => {
    const tags = [
      ...new Set(
        ['l.i0', 'q100.1'].flatMap((s) =>
          parseSummaryTable(fixtureText(`${DIR}res.a/mrg.${s}`)).rows.map((r) => `100m.${r.tag}`),
        ),
      ),
    ];
    expect([...h.byLabel.keys()].sort()).toEqual(tags.sort());
    for (const { run } of h.runs) expect(RunSchema.safeParse(run).success, run.label).toBe(true);
    expect(h.skipped.map((s) => s.path).sort()).toEqual(['100m/res.a/rel.l.i0', '100m/res.a/rel.q100.1']);
  });

  it('o.sum.t lines are named by the 2021 step order and carry every non-NA cell', () => {
    const { run } = h.byLabel.get('100m.rx56.cx6a')!;
    const table = parseSummaryTable(fixtureText(`${DIR}o.sum.t.100m.rx56.cx6a`));
    expect(run.tests.map((t) => t.name)).toEqual([
      'l.i0',
      'l.x',
      'l.i1',
      'q100.1',
      'q100.2',
      'q200.1',
      'q200.2',
      'q400.1',
      'q400.2',
      'q600.1',
      'q600.2',
      'q800.1',
      'q800.2',
      'q1000.1',
      'q1000.2',
    ]);
    table.rows.forEach((row, i) => {
      for (const [col, cell] of Object.entries(row)) {
        if (col === 'tag') continue;
        const ours = summaryColumn(run, run.tests[i]!.name, col);
        expect(ours, `${run.tests[i]!.name} ${col}`).toBe(cell === 'NA' ? undefined : Number(cell));
      }
    });
  });

  it('stores ips, qps, maxop, p50 and p99 under the metrics harvest of raw files gives those facts', () => {
    const { run } = h.byLabel.get('100m.pg131.cx5')!;
    expect(run.results.filter((r) => ['ips', 'qps', 'maxop', 'p50', 'p99'].includes(r.metric))).toEqual([]);
    expect(resultValue(run, 'l.i0', 'inserts_per_s')).toBe(106724);
    expect(resultValue(run, 'q1000.2', 'queries_per_s')).toBe(7675);
    expect(resultValue(run, 'q1000.2', 'max_query_s')).toBeDefined();
  });

  it('where a DBMS is in both o.sum.t and the mrg files, the two agree (no difference notes)', () => {
    for (const label of ['100m.my8022.cx6d', '100m.pg131.cx5', '100m.rx56.cx6a']) {
      const notes = h.byLabel.get(label)!.run.provenance.notes ?? [];
      expect(
        notes.filter((n) => n.includes('differ')),
        label,
      ).toEqual([]);
    }
    expect(h.byLabel.get('100m.pg124.cx5')!.run.tests.map((t) => t.name)).toEqual([
      'l.i0',
      'l.x',
      'l.i1',
      'q100.1',
      'q1000.2',
    ]);
  });
});

describe('a summary whose columns do not line up is refused, naming the file and line', () => {
  const text = fixtureText(`${DIR}o.sum.t.100m.rx56.cx6a`);
  it('a cell lost on a line', () => {
    const lines = text.split('\n');
    lines[2] = lines[2]!.replace('\t32.5\t', '\t');
    expect(() => parseSummaryTable(lines.join('\n'), 'o.sum.t.100m.rx56.cx6a')).toThrow(
      'o.sum.t.100m.rx56.cx6a:3: 20 cells where the header has 21: the columns do not line up (is the file cut short or edited?). Give the summary as the harness wrote it.',
    );
  });
  it('blanks at line ends and a CR (a copy through Windows) change nothing', () => {
    const windows = text.replace(/\n/g, ' \r\n');
    expect(parseSummaryTable(windows)).toEqual(parseSummaryTable(text));
  });
});

it('a summary line cut inside its tag belongs to no run: refused, naming the file and line', () => {
  const text = fixtureText(`${DIR}res.a/mrg.l.i0`).trimEnd();
  const cut = text.slice(0, text.lastIndexOf('\t') + 1);
  const line = cut.split('\n').length;
  expect(() => parseSummaryTable(cut, 'mrg.l.i0')).toThrow(
    `mrg.l.i0:${line}: the line has no tag (its last cell, the DBMS it is about): is the file cut short? Give the summary as the harness wrote it.`,
  );
});

/** Every numeric cell of mrg tables as `<tag> <step> <metric>` = value, as the files print them (a column that reprints an o.res fact under that fact's metric). */
function mrgCells(files: Record<string, string>, prefix = '') {
  const cells = new Map<string, number>();
  for (const [step, text] of Object.entries(files))
    for (const row of parseSummaryTable(text).rows)
      for (const [col, cell] of Object.entries(row))
        if (col !== 'tag' && /^-?[\d.]+$/.test(cell))
          cells.set(`${prefix}${row.tag} ${step} ${summaryColumnMetric(col, parseStepName(step)!.kind)}`, Number(cell));
  return cells;
}
const harvestedCells = (
  runs: Array<{ run: { label: string; results: Array<{ test: string; metric: string; value: number }> } }>,
) =>
  new Map(runs.flatMap(({ run }) => run.results.map((r) => [`${run.label} ${r.test} ${r.metric}`, r.value] as const)));

describe('every column of an mrg table is read (issue 23, item 9)', () => {
  it('the real Jan 2021 mrg tables of res.a: every numeric cell is a result', async () => {
    const steps = ['l.i0', 'l.i1', 'l.x', 'q100.1', 'q1000.2'];
    const files = Object.fromEntries(steps.map((s) => [s, fixtureText(`${DIR}res.a/mrg.${s}`)]));
    const h = await harvestFixture(`${DIR}res.a`, { date: '2021-01-21', host: { name: 'nuc' } });
    const stated = mrgCells(files);
    expect(stated.size).toBeGreaterThan(800);
    expect(harvestedCells(h.runs)).toEqual(stated);
    for (const { run } of h.runs) expect((run.provenance.notes ?? []).filter((n) => /not read/.test(n))).toEqual([]);
  });

  it('the 2020 column set (rkbps, wkbps in KB/s): read under their own names, nothing dropped', async () => {
    const files = Object.fromEntries(['l.i0', 'q100.1'].map((s) => [s, fixtureText(`ibench-2020-layout/mrg.${s}`)]));
    const h = await harvestFixture('ibench-2020-layout', { date: '2020-12-01', host: { name: 'nuc' } });
    for (const { run } of h.runs) expect(RunSchema.safeParse(run).success, run.label).toBe(true);
    const stated = mrgCells(files);
    expect([...stated.keys()].filter((k) => / (rkbps|wkbps)$/.test(k))).toHaveLength(2 * 2 * 9);
    expect(harvestedCells(h.runs)).toEqual(stated);
    const rkbps = h.byLabel.get('my5649.cx6d')!.run.results.find((r) => r.metric === 'rkbps' && r.test === 'q100.1');
    expect(rkbps).toMatchObject({ value: stated.get('my5649.cx6d q100.1 rkbps'), unit: 'KB/s' });
  });

  it('a column no known column set has is a note naming it in every run of the table, not a silent loss', async () => {
    const text = fixtureText(`${DIR}res.a/mrg.l.i0`).replace('\tcspq\t', '\tzzpq\t');
    const tree = { name: 'in', entries: [{ path: 'mrg.l.i0', data: new TextEncoder().encode(text) }] };
    const h = harvestInsertBenchmark(tree, { meta: { date: '2021-01-21', host: { name: 'nuc' } } });
    const tags = parseSummaryTable(text).rows.map((r) => r.tag);
    expect(h.runs.map((r) => r.run.label).sort()).toEqual([...tags].sort());
    for (const { run } of h.runs) {
      expect(run.results.map((r) => r.metric)).not.toContain('zzpq');
      expect(run.provenance.notes).toContain(
        'mrg.l.i0: column "zzpq" is not one benchsite knows (etl.sh\'s); its cells were not read',
      );
    }
  });
});

describe('pathological summaries (issue 27, item 3): linear time, a bound with a message', () => {
  const text = fixtureText(`${DIR}res.a/mrg.l.i0`);

  it('1.2 MB of blanks inside a line (once over 600 s): the cells are the same as without them', () => {
    // Blanks after the first cell of the second line, before its tab: part of no cell.
    const lines = text.split('\n');
    lines[1] = lines[1]!.replace('\t', `${' '.repeat(1_200_000)}\t`);
    expect(parseSummaryTable(lines.join('\n'), 'mrg.l.i0')).toEqual(parseSummaryTable(text, 'mrg.l.i0'));
  });

  it('a cell of a million digits and a letter is not a number, found in linear time', () => {
    expect(cellNumber(`${'1'.repeat(1_000_000)}x`)).toBeUndefined();
    expect(cellNumber('0.344')).toBe(0.344);
  });

  it('a "summary" over 4 MiB is refused, naming the file and the bound', () => {
    const big = text + `${'1\t'.repeat(20)}pad\n`.repeat(110_000);
    expect(big.length).toBeGreaterThan(MAX_SUMMARY_CHARS);
    expect(() => parseSummaryTable(big, 'mrg.l.i0')).toThrow(
      `mrg.l.i0: ${big.length.toLocaleString('en-US')} characters, where the harness writes a few KB per summary table (benchsite reads up to 4,194,304). Give the summary table as the harness wrote it, or remove the file from the input.`,
    );
  });
});

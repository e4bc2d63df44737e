// The qps.abs / qps.rel summary tables of the mytools sysbench harness, parsed as printed: every real table of
// the fixtures, and one clear line (file:line) for each kind of bad table.
import { describe, expect, it } from 'vitest';
import { parseQpsCsv, parseQpsTsv } from '../../../../benchmarks/sysbench/import-qps-abs.ts';
import { fixtureText } from '../../../helpers/fixtures.ts';

const ARC = 'mytools/bench/arc/';

// Real tables: columns, rows, and cells read straight off the file.
const TABLES: Array<{ file: string; columns: number; rows: number; first: string; cell: [string, number, string] }> = [
  {
    file: 'nov25.sb.mysql/dop1/qps.abs.all.tsv',
    columns: 8,
    rows: 33,
    first: 'x.my5651_rel_o2nofp.z12a_c8r32.pk1',
    cell: ['point-query_range=100', 2, '16847'],
  },
  {
    file: 'nov25.sb.mysql/dop40/qps.abs.my.all.tsv',
    columns: 8,
    rows: 33,
    first: 'x.my5651_rel_o2nofp.z12a_c32r128.pk1',
    cell: ['hot-points_range=100', 0, ''],
  },
  {
    file: 'mar26.pn53.sb.my/qps.abs.latest.tsv',
    columns: 5,
    rows: 33,
    first: 'x.my5651_rel_o2nofp.z12a_c8r32.pk1',
    cell: ['scan_range=100', 4, '4449'],
  },
  {
    file: 'mar26.pn53.sb.my/qps.abs.my80v2.tsv',
    columns: 9,
    rows: 33,
    first: 'x.my8028_rel_o2nofp.z12a_c8r32.pk1',
    cell: ['hot-points_range=100', 0, '2555'],
  },
  {
    file: 'apr26.sb.hetz/qps.abs.pg.latest.tsv',
    columns: 7,
    rows: 33,
    first: 'x.pg1222_o2nofp.x10a_c32r128.pk1',
    cell: ['point-query_range=100', 0, '995739'],
  },
  {
    file: 'apr26.sb.hetz/qps.abs.my.ma.pg.latest.tsv',
    columns: 3,
    rows: 33,
    first: 'x.my8407_rel_o2nofp.z12a_c32r128.pk1',
    cell: ['insert_range=100', 0, ''],
  },
  {
    file: 'mar26.pn53.sb.my/qps.rel.latest.tsv',
    columns: 4,
    rows: 33,
    first: 'x.my5744_rel_o2nofp.z12a_c8r32.pk1',
    cell: ['point-query_range=100', 3, '0.63'],
  },
];

describe('parseQpsTsv on the real tables', () => {
  it.each(TABLES)('$file', ({ file, columns, rows, first, cell }) => {
    const text = fixtureText(ARC + file);
    const t = parseQpsTsv(text, file);
    expect(t.columns).toHaveLength(columns);
    expect(t.columns[0]).toBe(first);
    expect(t.rows).toHaveLength(rows);
    // The file's own line for the test, split here independently.
    const line = text.split('\n').find((l) => l.endsWith(`\t${cell[0]}`))!;
    const printed = line.split('\t')[cell[1]]!;
    if (cell[2]) expect(printed).toBe(cell[2]);
    const row = t.rows.find((r) => r.test === cell[0])!;
    expect(row.cells[cell[1]]).toBe(printed);
    expect(row.values[cell[1]]).toBe(Number(printed));
    expect(t.base).toBe(file.includes('qps.rel') ? text.split('\n')[0]!.slice('Relative to: '.length) : undefined);
  });

  it('reads the .csv copy (test first, no header) with the .tsv columns, to the same cells', () => {
    const tsv = parseQpsTsv(fixtureText(`${ARC}nov25.sb.mysql/dop1/qps.abs.all.tsv`), 'tsv');
    const csv = parseQpsCsv(fixtureText(`${ARC}nov25.sb.mysql/dop1/qps.abs.all.csv`), 'csv', tsv.columns.length);
    expect(csv.map((r) => [r.test, r.cells])).toEqual(tsv.rows.map((r) => [r.test, r.cells]));
  });
});

describe('bad tables: one line with the file and line', () => {
  const good = fixtureText(`${ARC}mar26.pn53.sb.my/qps.abs.latest.tsv`);
  const lines = good.split('\n');

  it('a truncated file (cut in the middle of a row)', () => {
    const cut = good.slice(0, good.indexOf('24734') + 14);
    expect(() => parseQpsTsv(cut, 'qps.abs.latest.tsv')).toThrow(
      'qps.abs.latest.tsv:9: "17" is not a test name like point-query_range=100: is the line cut short or the file truncated?',
    );
  });

  it('a file cut before its header line', () => {
    expect(() => parseQpsTsv(lines.slice(0, 5).join('\n'), 'qps.abs.latest.tsv')).toThrow(
      'qps.abs.latest.tsv:6: the file ends before the "col-1<TAB>col-2 ..." header line: is it truncated?',
    );
  });

  it('a header whose column count does not match the col-N lines', () => {
    const bad = [...lines.slice(0, 6), 'col-1\tcol-2\tcol-3\tcol-4', ...lines.slice(7)].join('\n');
    expect(() => parseQpsTsv(bad, 'qps.abs.latest.tsv')).toThrow(
      'qps.abs.latest.tsv:7: the header line has 4 columns, the col-N lines name 5',
    );
  });

  it('a row with a cell too many', () => {
    const bad = good.replace('24734\t', '24734\t1\t');
    expect(() => parseQpsTsv(bad, 'qps.abs.latest.tsv')).toThrow(
      'qps.abs.latest.tsv:9: 6 values for point-query_range=100, the table has 5 columns',
    );
  });

  it('a cell that is not a number', () => {
    const bad = good.replace('21609', '2l609');
    expect(() => parseQpsTsv(bad, 'qps.abs.latest.tsv')).toThrow(
      'qps.abs.latest.tsv:9: column 2 of point-query_range=100: "2l609" is not a number',
    );
  });

  it('a csv row of the wrong width', () => {
    expect(() => parseQpsCsv('point-query_range=100,1,2\n', 'qps.abs.x.csv', 5)).toThrow(
      'qps.abs.x.csv:1: 2 values for point-query_range=100, the table has 5 columns',
    );
  });
});

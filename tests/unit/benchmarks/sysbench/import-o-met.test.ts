// o.met of the mytools sysbench harness, parsed as printed: every real file of the fixtures, and one clear
// line (file:line) for bad input.
import { describe, expect, it } from 'vitest';
import { parseOMet } from '../../../../benchmarks/sysbench/import-o-met.ts';
import { fixtureText } from '../../../helpers/fixtures.ts';

const ARC = 'mytools/bench/arc/';
const FILES = [
  { file: 'nov25.sb.mysql/dop1/o.met.all', blocks: 38, runs: 8, threads: 1 },
  { file: 'mar26.pn53.sb.my/o.met.latest', blocks: 38, runs: 5, threads: 1 },
  { file: 'mar26.pn53.sb.my/o.met.my80v2', blocks: 38, runs: 9, threads: 1 },
  { file: 'apr26.sb.hetz/o.met.my.latest', blocks: 38, runs: 5, threads: 40 },
  { file: 'apr26.sb.hetz/o.met.ma.latest', blocks: 38, runs: 11, threads: 40 },
  { file: 'apr26.sb.hetz/o.met.pg.latest', blocks: 38, runs: 7, threads: 40 },
  { file: 'apr26.sb.hetz/o.met.my.ma.pg.latest', blocks: 38, runs: 3, threads: 40 },
  { file: 'apr26.pn53.sb.ma.latin/o.met.latest', blocks: 38, runs: 11, threads: 1 },
];

describe('parseOMet on the real files', () => {
  it.each(FILES)(
    '$file: a block per test, a row per run, the relative rows one fewer',
    ({ file, blocks, runs, threads }) => {
      const text = fixtureText(ARC + file);
      const parsed = parseOMet(text, file);
      expect(parsed).toHaveLength(blocks);
      // Block names as they stand in the file, found here independently.
      expect(parsed.map((b) => b.name)).toEqual(text.split('\n').filter((l) => /^sb\.(prepare\.)?met\./.test(l)));
      expect(parsed[0]!.prepare).toBe(true);
      for (const b of parsed) {
        expect(b.columns).toEqual(['cpu/o', 'cs/o', 'r/o', 'rKB/o', 'wKB/o', 'o/s']);
        expect(b.absolute).toHaveLength(runs);
        expect(b.relative.map((r) => r.label)).toEqual(b.absolute.slice(1).map((r) => r.label));
        if (!b.prepare) expect(b.threads).toBe(threads);
        // Each absolute row's cells are the line's fields (the header's empty column is not one).
        for (const r of b.absolute) expect(text.split('\n')[r.line - 1]!.split('\t').slice(0, -1)).toEqual(r.cells);
      }
    },
  );

  it('reads the scan block of nov25 with the Krows/s of the harness as o/s', () => {
    const b = parseOMet(fixtureText(`${ARC}nov25.sb.mysql/dop1/o.met.all`), 'o.met.all').find(
      (x) => x.name === 'sb.met.scan.range100.pk1.dop1',
    )!;
    expect(b).toMatchObject({ testType: 'scan', range: 100, primaryKey: true, threads: 1 });
    expect(b.absolute.find((r) => r.label === 'x.my8043_rel_o2nofp.z12a_c8r32.pk1')!.cells).toEqual([
      '0.002753',
      '0.071',
      '0',
      '0',
      '0.001',
      '4473',
    ]);
  });
});

describe('bad o.met files: one line with the file and line', () => {
  const good = fixtureText(`${ARC}mar26.pn53.sb.my/o.met.latest`);
  it('a file cut inside a block', () => {
    const cut = good.split('\n').slice(0, 8).join('\n');
    expect(() => parseOMet(cut, 'o.met.latest')).toThrow(
      'o.met.latest:9: the block sb.prepare.met.point-query.warm.range100.pk1 ends before its "--- relative to first result" part: is the file truncated?',
    );
  });
  it('a row with a field missing', () => {
    const bad = good.replace(/\n0\.000\d+\t[\d.]+\t/, (m) => m.slice(0, m.indexOf('\t') + 1));
    expect(() => parseOMet(bad, 'o.met.latest')).toThrow(
      /^o\.met\.latest:4: 6 fields in sb\.prepare\.met\.point-query\.warm\.range100\.pk1, the header has 6 columns and dbms: is the line cut short\?$/,
    );
  });
  it('a value that is not a number', () => {
    const bad = good.replace(/\n(0\.000\d+)\t/, '\nx$1\t');
    expect(() => parseOMet(bad, 'o.met.latest')).toThrow(
      /^o\.met\.latest:4: cpu\/o of x\.my5651_rel_o2nofp\.z12a_c8r32\.pk1: "x0\.000\d+" is not a number$/,
    );
  });
});

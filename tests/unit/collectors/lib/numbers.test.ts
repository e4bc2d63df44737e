import { describe, expect, it } from 'vitest';
import { awkNumber, fields, numberedLines, parseNumber, printfFixed } from '../../../../collectors/lib/numbers.ts';

describe('printfFixed', () => {
  it.each([
    [0.125, 2, '0.12'], // exact tie: glibc rounds to even, toFixed would give 0.13
    [0.375, 2, '0.38'],
    [2.5, 0, '2'],
    [3.5, 0, '4'],
    [-0.125, 2, '-0.12'],
    [81.04, 1, '81.0'],
    [0.1, 1, '0.1'],
    [1.005, 2, '1.00'], // 1.005 is 1.00499999... in binary
    [2366886.2857, 0, '2366886'],
  ])('%s with %s digits is %s', (value, digits, text) => {
    expect(printfFixed(value, digits)).toBe(text);
  });
});

describe('awkNumber', () => {
  it.each([
    ['12', 12],
    ['12abc', 12],
    ['procs', 0],
    ['-----cpu-----', 0],
    ['.5', 0.5],
    ['', 0],
    [undefined, 0],
    ['1e3', 1000],
  ])('%s -> %s', (text, n) => expect(awkNumber(text)).toBe(n));
});

describe('parseNumber', () => {
  it('reads bc output and rejects NA, inf and nan', () => {
    expect(parseNumber('.109')).toBe(0.109);
    expect(parseNumber(' 42 ')).toBe(42);
    for (const t of ['NA', 'inf', '-nan', 'nan', '', 'nonzero']) expect(parseNumber(t)).toBeUndefined();
  });
});

describe('fields', () => {
  it('splits on runs of spaces and tabs like awk', () => {
    expect(fields('  a\tb   c  ')).toEqual(['a', 'b', 'c']);
    expect(fields('')).toEqual([]);
  });
});

describe('numberedLines', () => {
  it('keeps the 1-based number of each non-blank line, without carriage returns', () => {
    expect(numberedLines('a,1\r\n\r\nb,2\n\n')).toEqual([
      { line: 1, text: 'a,1' },
      { line: 3, text: 'b,2' },
    ]);
  });
});

// The syntax of report placeholders: tokens, the expression tree, and the messages for malformed ones (authors
// read them).
import { describe, expect, it } from 'vitest';
import { parsePlaceholder, tokenize } from '../../../../src/analysis/placeholder-syntax.ts';

describe('parsing', () => {
  it('reads names with the characters of test names and run ids, quoted labels and comparisons', () => {
    expect(tokenize('rel("9.7.0 z13a", read-only_range=10) >= 4').map((t) => t.text)).toEqual([
      'rel',
      '(',
      '9.7.0 z13a',
      ',',
      'read-only_range=10',
      ')',
      '>=',
      '4',
    ]);
    const p = parsePlaceholder(' assert ratio(z12c_sync, z12b_sync, l.i2, section=2) >= 4 ');
    expect(p.assert).toEqual({ op: '>=', number: 4, said: '4' });
    expect(p.expr).toMatchObject({ type: 'call', name: 'ratio', options: { section: { text: '2' } } });
  });
  it('says what is wrong with a malformed placeholder', () => {
    expect(() => parsePlaceholder('rel(z12c, delete')).toThrow('expected ")" at the end');
    // A label with a blank, unquoted: the message says how to write it.
    expect(() => parsePlaceholder('bp(ma cy1, point)')).toThrow(
      'expected ")" before "cy1"; a name with a blank is written in quotes: "ma cy1"',
    );
    expect(() => parsePlaceholder('rel(z12c, "a b" c)')).toThrow(/^expected "\)" before "c"$/);
    expect(() => parsePlaceholder('rel(z12c, delete) >= 4')).toThrow(
      'a comparison needs "assert" first: {{ assert rel(z12c, delete) >= 4 }}',
    );
    expect(() => parsePlaceholder('assert rel(z12c, delete) >= many')).toThrow(
      'an assert compares with a number, not "many"',
    );
    expect(() => parsePlaceholder('rel("z12c, delete)')).toThrow('a quote opened at character 5 is not closed');
  });
});

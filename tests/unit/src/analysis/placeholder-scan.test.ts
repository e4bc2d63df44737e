// The placeholder scanner: the same placeholders the old regular expression found, in linear time.
import { describe, expect, it } from 'vitest';
import { scanPlaceholders } from '../../../../src/analysis/placeholder-scan.ts';

describe('scanPlaceholders', () => {
  it('finds each {{ up to the first }} after it, and the first {{ left without one', () => {
    expect(scanPlaceholders('a {{ x }} b {{y}}{{}} c')).toEqual({
      found: [
        { index: 2, end: 9, source: ' x ' },
        { index: 12, end: 17, source: 'y' },
        { index: 17, end: 21, source: '' },
      ],
      unclosed: -1,
    });
    expect(scanPlaceholders('{{ a {{ b }} c }} {{ d')).toEqual({
      found: [{ index: 0, end: 12, source: ' a {{ b ' }],
      unclosed: 18,
    });
    expect(scanPlaceholders('no braces }} here')).toEqual({ found: [], unclosed: -1 });
  });
  it('agrees with the regular expression it replaces on mixed braces', () => {
    const re = /\{\{([\s\S]*?)\}\}/g;
    for (const text of ['{{{a}}}', '}}{{a}}{{', '{{a}}}}{{{{b}}', '{ {{ }} }', '{{\n}}']) {
      const want = [...text.matchAll(re)].map((m) => ({ index: m.index, end: m.index + m[0].length, source: m[1] }));
      expect(scanPlaceholders(text).found).toEqual(want);
    }
  });
  it('takes linear time on 600 KB of unclosed {{ (the regular expression took minutes)', () => {
    const t0 = performance.now();
    const r = scanPlaceholders('{{ '.repeat(200_000));
    expect(r).toEqual({ found: [], unclosed: 0 });
    expect(scanPlaceholders('{{ }} '.repeat(100_000)).found).toHaveLength(100_000);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});

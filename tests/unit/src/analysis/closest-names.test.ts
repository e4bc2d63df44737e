// The names suggested for a name that does not resolve.
import { describe, expect, it } from 'vitest';
import { closest, likeliest } from '../../../../src/analysis/closest-names.ts';

describe('closest', () => {
  it('orders suggestions by closeness', () => {
    expect(closest('z12x_sync', ['z12b', 'z12c_sync', 'z12b_sync', 'point-query'])).toEqual([
      'z12c_sync',
      'z12b_sync',
      'z12b',
      'point-query',
    ]);
  });
  it('suggests names for a huge unknown name at once (no edit distance of huge strings)', () => {
    const huge = 'x'.repeat(200_000);
    const t0 = performance.now();
    expect(closest(huge, ['z12c', 'y'.repeat(100_000)])).toHaveLength(2);
    expect(performance.now() - t0).toBeLessThan(200);
  });
});

describe('likeliest', () => {
  it('gives the closest name when it is a likely misspelling, else nothing', () => {
    const options = ['--meta', '--out', '--verbose', '--format'];
    expect(likeliest('--meat', options)).toBe('--meta');
    expect(likeliest('--formt', options)).toBe('--format');
    expect(likeliest('--outt', options)).toBe('--out');
    expect(likeliest('--xyz', options)).toBeUndefined();
    // An option cut short: the one it begins.
    expect(likeliest('--comparable', ['--format', '--comparable-with'])).toBe('--comparable-with');
    expect(likeliest('--verb', options)).toBe('--verbose');
    expect(likeliest('--o', options)).toBeUndefined();
    expect(likeliest('-q', options)).toBeUndefined();
    expect(likeliest('--anything', [])).toBeUndefined();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { maxRawBytes, parseSize } from '../../../../collectors/lib/raw-size-limit.ts';

afterEach(() => {
  delete process.env.BENCHSITE_MAX_RAW;
});

describe('maxRawBytes', () => {
  it('is 2 GiB unless BENCHSITE_MAX_RAW says otherwise', () => {
    expect(maxRawBytes()).toBe(2 * 1024 ** 3);
    process.env.BENCHSITE_MAX_RAW = '4G';
    expect(maxRawBytes()).toBe(4 * 1024 ** 3);
    expect(parseSize('512M')).toBe(512 * 1024 ** 2);
    expect(parseSize('100000')).toBe(100000);
    process.env.BENCHSITE_MAX_RAW = 'lots';
    expect(() => maxRawBytes()).toThrow(
      'BENCHSITE_MAX_RAW=lots is not a size. Write it as bytes or with K, M, G, e.g. 4G.',
    );
  });
});

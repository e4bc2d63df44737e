import { describe, expect, it } from 'vitest';
import { concatBytes } from '../../../../collectors/lib/concat-bytes.ts';

describe('concatBytes', () => {
  it('joins the parts in order into an array of its own', () => {
    const a = Uint8Array.of(1, 2, 3);
    const b = Buffer.from([4, 5]);
    const out = concatBytes([a, new Uint8Array(0), b.subarray(1), a.subarray(0, 1)]);
    expect([...out]).toEqual([1, 2, 3, 5, 1]);
    expect(out.byteOffset).toBe(0);
    expect(out.buffer.byteLength).toBe(5);
    a[0] = 9;
    expect(out[0]).toBe(1);
  });

  it('of no parts is empty', () => {
    expect(concatBytes([]).length).toBe(0);
  });
});

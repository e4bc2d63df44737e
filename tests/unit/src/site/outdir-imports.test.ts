import { describe, expect, it } from 'vitest';
import { bundleBesideProject } from '../../../../src/site/outdir-imports.ts';

describe('an outDir outside the project that Astro takes for one inside it', () => {
  it('is one whose path starts with the working directory but is not below the project', () => {
    expect(bundleBesideProject('/home/me/site', '/home/me/site-out', '/home/me/site')).toBe(true);
    expect(bundleBesideProject('/home/me/site/', '/home/me/site2/dist', '/home/me/site')).toBe(true);
  });

  it('is not the project own dist/, nor a folder elsewhere (Astro then keeps its bundle in the project)', () => {
    expect(bundleBesideProject('/home/me/site', '/home/me/site/dist', '/home/me/site')).toBe(false);
    expect(bundleBesideProject('/home/me/site', '/home/me/site', '/home/me/site')).toBe(false);
    expect(bundleBesideProject('/home/me/site', '/tmp/out', '/home/me/site')).toBe(false);
    expect(bundleBesideProject('/home/me/site', '/home/me/other', '/home/me/site')).toBe(false);
  });
});

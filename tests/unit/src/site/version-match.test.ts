import { describe, expect, it } from 'vitest';
import { versionMatches, versionPrefixes } from '../../../../src/site/version-match.ts';

describe('matching a version asked for', () => {
  it('is the version or a leading part of it at a boundary', () => {
    expect(versionMatches('8.4.8', '8.4')).toBe(true);
    expect(versionMatches('8.4', '8.4')).toBe(true);
    expect(versionMatches('18.4', '8.4')).toBe(false);
    expect(versionMatches('8.40.1', '8.4')).toBe(false);
    expect(versionMatches('19beta1', '19')).toBe(true);
    expect(versionMatches('19beta1', '19b')).toBe(false);
    expect(versionMatches('10.11.16', '10.1')).toBe(false);
    expect(versionMatches('10.11.16', ' 10.11 ')).toBe(true);
    expect(versionMatches('anything', '')).toBe(true);
  });

  it('every leading part a search may ask for, each one matching', () => {
    expect(versionPrefixes('8.4.8')).toEqual(['8', '8.4', '8.4.8']);
    expect(versionPrefixes('19beta1')).toEqual(['19', '19beta1']);
    expect(versionPrefixes('18.4')).toEqual(['18', '18.4']);
    expect(versionPrefixes('')).toEqual([]);
    for (const v of ['8.4.8', '19beta1', '10.11.16', '5.6.51-log'])
      for (const p of versionPrefixes(v)) expect(versionMatches(v, p), `${v} ${p}`).toBe(true);
    expect(versionPrefixes('18.4')).not.toContain('8.4');
  });
});

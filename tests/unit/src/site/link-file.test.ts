import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkOrCopy } from '../../../../src/site/link-file.ts';
import { removeRun } from '../../../../src/site/run-page/place-pages.ts';

describe('linkOrCopy', () => {
  it('links a file, and replaces what is there', () => {
    const dir = mkdtempSync(join(tmpdir(), 'link-'));
    writeFileSync(join(dir, 'a'), 'one');
    writeFileSync(join(dir, 'b'), 'two');
    linkOrCopy(join(dir, 'a'), join(dir, 'site'));
    expect(statSync(join(dir, 'site')).ino).toBe(statSync(join(dir, 'a')).ino);
    linkOrCopy(join(dir, 'b'), join(dir, 'site'));
    expect(readFileSync(join(dir, 'site'), 'utf8')).toBe('two');
  });

  it('copies across file systems, the second time too (link says EEXIST before EXDEV)', () => {
    // /dev/shm is a tmpfs on Linux; elsewhere both folders are on one file system and this tests replacing.
    const other = existsSync('/dev/shm') ? mkdtempSync('/dev/shm/link-') : mkdtempSync(join(tmpdir(), 'link-other-'));
    const dir = mkdtempSync(join(tmpdir(), 'link-'));
    writeFileSync(join(dir, 'a'), 'one');
    linkOrCopy(join(dir, 'a'), join(other, 'site'));
    writeFileSync(join(dir, 'b'), 'two');
    linkOrCopy(join(dir, 'b'), join(other, 'site'));
    expect(readFileSync(join(other, 'site'), 'utf8')).toBe('two');
  });
});

describe('removeRun', () => {
  it('removes a run folder and the folders it leaves empty, and is quiet when they are gone already', () => {
    const runs = mkdtempSync(join(tmpdir(), 'dist-runs-'));
    mkdirSync(join(runs, 'sysbench/vm/20261122-a'), { recursive: true });
    mkdirSync(join(runs, 'sysbench/pn53/20261122-b'), { recursive: true });
    removeRun(runs, 'sysbench/vm/20261122-a');
    expect(existsSync(join(runs, 'sysbench/vm'))).toBe(false);
    expect(existsSync(join(runs, 'sysbench/pn53/20261122-b'))).toBe(true);
    expect(() => removeRun(runs, 'sysbench/vm/20261122-a')).not.toThrow();
    expect(existsSync(runs)).toBe(true);
  });
});

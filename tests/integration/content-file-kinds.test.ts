// readContentFile and its synchronous twin (the site build's render workers) give the same answer for every kind
// of entry content/ may hold: a regular file's bytes, missing, and a refusal for a symbolic link, a second name
// (hard link), a directory and a FIFO.
import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readContentFile, readContentFileSync } from '../../src/runs/validate-files.ts';
import { fileStamp } from '../../src/runs/file-stamp.ts';

const dir = mkdtempSync(join(tmpdir(), 'benchsite-content-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readContentFile and readContentFileSync', () => {
  writeFileSync(join(dir, 'run.json'), '{"a": 1}');
  writeFileSync(join(dir, 'secret'), 'root:x:0:0');
  symlinkSync(join(dir, 'secret'), join(dir, 'link.json'));
  writeFileSync(join(dir, 'two-names.json'), 'x');
  linkSync(join(dir, 'two-names.json'), join(dir, 'other-name'));
  mkdirSync(join(dir, 'folder.json'));
  execFileSync('mkfifo', [join(dir, 'fifo.json')]);

  it.each([
    ['run.json', (r: object) => expect(r).toEqual({ bytes: Buffer.from('{"a": 1}'), stamp: expect.any(String) })],
    ['missing.json', (r: object) => expect(r).toEqual({ missing: true })],
    ['link.json', (r: object) => expect(JSON.stringify(r)).toContain('is a symbolic link')],
    ['two-names.json', (r: object) => expect(JSON.stringify(r)).toContain('has 2 names (hard links)')],
    ['folder.json', (r: object) => expect(JSON.stringify(r)).toContain('is a directory where a file belongs')],
    ['fifo.json', (r: object) => expect(JSON.stringify(r)).toContain('is not a regular file or a directory')],
  ])('%s: the same answer both ways', async (name, check) => {
    const a = await readContentFile(join(dir, name));
    const b = readContentFileSync(join(dir, name));
    check(a);
    expect(b).toEqual(a);
    // The stamp is the read file's, the one the content loader records for what it validated.
    if ('stamp' in a) expect(a.stamp).toBe(fileStamp(join(dir, name)));
  });
});

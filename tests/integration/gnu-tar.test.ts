// What benchsite's tar code writes, as GNU tar reads it, and what GNU tar writes, as benchsite reads it (the raw
// archives of the runs are opened with tar by anyone who looks at them).
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HarvestedRun } from '../../collectors/lib/harvested.ts';
import { readTar, writeTar } from '../../collectors/lib/tar.ts';
import { ARCHIVE_CHUNK, rawArchive } from '../../collectors/lib/write-run.ts';

const enc = new TextEncoder();

describe('GNU tar', () => {
  const entries = [
    { path: 'a.txt', data: enc.encode('hello\n') },
    { path: `deep/${'d'.repeat(120)}/file`, data: enc.encode('long path with prefix') },
    { path: 'x'.repeat(130), data: enc.encode('needs a pax header') },
    { path: 'empty', data: new Uint8Array() },
  ];

  it('GNU tar reads what we write and we read what GNU tar writes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tar-'));
    writeFileSync(join(dir, 'ours.tar'), writeTar(entries));
    const listed = execFileSync('tar', ['-tf', join(dir, 'ours.tar')], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(listed).toEqual(entries.map((e) => e.path));
    execFileSync('tar', ['-xf', join(dir, 'ours.tar'), '-C', dir]);
    expect(readFileSync(join(dir, 'x'.repeat(130)), 'utf8')).toBe('needs a pax header');
    execFileSync('tar', ['--format=gnu', '-cf', join(dir, 'gnu.tar'), '-C', dir, 'x'.repeat(130), 'a.txt']);
    expect(readTar(readFileSync(join(dir, 'gnu.tar'))).map((e) => e.path)).toEqual(['x'.repeat(130), 'a.txt']);
  });

  it('lists a raw archive compressed in pieces (several gzip members) as one archive', async () => {
    const raw = [
      { path: 'sb.vm.b', data: new Uint8Array(ARCHIVE_CHUNK * 2 + 1).fill(0x61) },
      { path: 'a.txt', data: enc.encode('first') },
    ];
    const file = join(mkdtempSync(join(tmpdir(), 'archive-')), 'raw.tar.gz');
    writeFileSync(file, await rawArchive({ raw } as unknown as HarvestedRun, 1));
    expect(execFileSync('tar', ['-tzf', file], { encoding: 'utf8' })).toBe('a.txt\nsb.vm.b\n');
  });
});

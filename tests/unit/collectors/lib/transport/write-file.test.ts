import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalTransport } from '../../../../../collectors/lib/transport/local.ts';

describe('LocalTransport.writeFile', () => {
  it('creates the directory and replaces an existing file', async () => {
    const t = new LocalTransport();
    const path = join(mkdtempSync(join(tmpdir(), 'benchsite-wf-')), 'a', 'b', 'script.tcl');
    await t.writeFile(path, 'first\n');
    await t.writeFile(path, 'puts "second"\n');
    expect(readFileSync(path, 'utf8')).toBe('puts "second"\n');
    expect((await t.readFile(path)).toString()).toBe('puts "second"\n');
  });

  it('rejects with the path when it cannot write', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'benchsite-wf-')), 'plain-file');
    await new LocalTransport().writeFile(file, 'x');
    await expect(new LocalTransport().writeFile(join(file, 'under-a-file.tcl'), 'x')).rejects.toThrow(/plain-file/);
  });
});

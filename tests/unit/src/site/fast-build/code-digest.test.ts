import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeDigest, codeDigestByStamps } from '../../../../../src/site/fast-build/state.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'benchsite-code-digest-'));
  await mkdir(join(root, 'src/site'), { recursive: true });
  await writeFile(join(root, 'src/site/a.ts'), 'export const a = 1;\n');
  await writeFile(join(root, 'package.json'), '{}\n');
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('the code digest through the files stamps', () => {
  it('is the digest of the files, and follows a change to one', async () => {
    expect(codeDigestByStamps(root)).toBe(codeDigest(root));
    expect(codeDigestByStamps(root)).toBe(codeDigest(root)); // (from the stamps this time)
    const before = codeDigest(root);
    await writeFile(join(root, 'src/site/a.ts'), 'export const a = 22;\n');
    expect(codeDigestByStamps(root)).toBe(codeDigest(root));
    expect(codeDigestByStamps(root)).not.toBe(before);
    await writeFile(join(root, 'src/site/b.ts'), '');
    expect(codeDigestByStamps(root)).toBe(codeDigest(root));
  });
});

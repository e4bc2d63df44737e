// --meta files and run specs are YAML within the bounds of src/runs/content-yaml.ts: an alias bomb or a deep
// nesting is one line naming the file and place (an alias bomb in a spec was "internal error").
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readMeta } from '../../../../collectors/lib/meta.ts';
import { parseSpec } from '../../../../collectors/lib/read-spec.ts';
import { isBug } from '../../../../collectors/lib/input-error.ts';

let bomb = 'a0: &a0 [x, x, x, x, x, x, x, x, x]\n';
for (let i = 1; i < 9; i++)
  bomb += `a${i}: &a${i} [${Array(9)
    .fill(`*a${i - 1}`)
    .join(', ')}]\n`;

describe('config files of hostile shapes', () => {
  it('a run spec: an alias bomb and a deep nesting are SpecErrors naming the file and place', () => {
    const errorOf = (text: string) => {
      try {
        parseSpec('s.yaml', text);
      } catch (e) {
        expect(isBug(e)).toBe(false);
        return (e as Error).message;
      }
      throw new Error('parsed');
    };
    expect(errorOf(bomb)).toBe(
      's.yaml:1:1: aliases (*name) that expand to too many nodes (Excessive alias count indicates a resource exhaustion attack). Fix the YAML at that position.',
    );
    expect(errorOf(`name: ${'['.repeat(10_000)}`)).toBe(
      's.yaml:1:38: nested more than 32 levels deep. Fix the YAML at that position.',
    );
  });
  it('a --meta file: the same, as the error harvest prints', async () => {
    const f = join(mkdtempSync(join(tmpdir(), 'benchsite-meta-')), 'm.yaml');
    writeFileSync(f, bomb);
    await expect(readMeta(f)).rejects.toThrow(
      `${f}: not valid YAML or JSON: aliases (*name) that expand to too many nodes (Excessive alias count indicates a resource exhaustion attack) at line 1, column 1`,
    );
    writeFileSync(f, 'host:\n  ? [a, b]\n  : x\n');
    await expect(readMeta(f)).rejects.toThrow(
      /: not valid YAML or JSON: a key that is a mapping or list, or a "\?" key/,
    );
  });
});

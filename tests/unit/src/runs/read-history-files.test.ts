import { describe, expect, it } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  MAX_HISTORY_FILE_BYTES,
  parseAnnotations,
  readAnnotations,
  readConfigFamilies,
} from '../../../../src/runs/read-history-files.ts';
import { annotationsBefore, annotationsFor, familyOf } from '../../../../src/analysis/history-content.ts';

describe('content/annotations.yaml', () => {
  it('reads the committed file', async () => {
    const r = await readAnnotations('content');
    expect(r.problems).toEqual([]);
    expect(r.value.length).toBeGreaterThan(0);
  });

  it('names the entry of each problem', () => {
    const r = parseAnnotations(
      'content/annotations.yaml',
      `- { date: 2026-01-02, host: pn53, text: ok }
- { date: 2026-13-01, host: pn53, text: bad month }
- { date: 2026-02-03, host: x10, text: a, url: "javascript:alert(1)" }
- { date: 2026-02-03, text: no host }
`,
    );
    expect(r.value).toEqual([]);
    expect(r.problems.map((p) => `${p.where}: ${p.message}`)).toEqual([
      'entry 2 ("2026-13-01", "pn53"): date: Invalid ISO date',
      expect.stringMatching(/^entry 3 \("2026-02-03", "x10"\): url: /),
      'entry 4 ("2026-02-03"): host: Invalid input: expected string, received undefined',
    ]);
    expect(r.problems[0]!.text).toMatch(/^content\/annotations\.yaml: entry 2 .*Each entry is \{date: YYYY-MM-DD/);
  });

  it('no file is no annotations; a file that is not YAML says so', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'benchsite-ann-'));
    expect(await readAnnotations(dir)).toEqual({ value: [], text: '', problems: [] });
    await writeFile(join(dir, 'annotations.yaml'), '- [unclosed');
    const r = await readAnnotations(dir);
    expect(r.problems[0]!.text).toMatch(/annotations\.yaml: line 1:12: YAML syntax error: /);
  });

  it('a history page shows its host (and product); a run page those on or before its date', () => {
    const all = [
      { date: '2026-03-01', host: 'pn53', text: 'new disk' },
      { date: '2026-01-01', host: 'pn53', text: 'postgres only', product: 'postgres' },
      { date: '2026-02-01', host: 'ser7', text: 'other host' },
    ];
    expect(annotationsFor(all, 'pn53', 'mysql').map((a) => a.text)).toEqual(['new disk']);
    expect(annotationsFor(all, 'pn53', 'postgres').map((a) => a.text)).toEqual(['postgres only', 'new disk']);
    expect(annotationsBefore(all, 'pn53', '2026-03-01', 'postgres').map((a) => a.text)).toEqual([
      'postgres only',
      'new disk',
    ]);
    expect(annotationsBefore(all, 'pn53', '2026-02-28', 'postgres').map((a) => a.text)).toEqual(['postgres only']);
  });
});

describe('content/config-families.yaml', () => {
  it('reads the committed file: Postgres x10a and x10b are one family, other configs their own', async () => {
    const r = await readConfigFamilies('content');
    expect(r.problems).toEqual([]);
    expect(familyOf(r.value, 'postgres', 'x10a_c8r32')).toBe(familyOf(r.value, 'postgres', 'x10b_c8r32'));
    expect(familyOf(r.value, 'postgres', 'x10c_c24r64')).toBe('x10c_c24r64');
    expect(familyOf(r.value, 'mysql', 'x10a_c8r32')).toBe('x10a_c8r32');
  });

  it('refuses a config in two families of one product, naming both entries', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'benchsite-fam-'));
    await writeFile(
      join(dir, 'config-families.yaml'),
      `- { name: a, product: postgres, configs: [c1, c2] }
- { name: b, configs: [c2, c3] }
- { name: c, configs: [c4] }
`,
    );
    const r = await readConfigFamilies(dir);
    expect(r.problems.map((p) => `${p.where}: ${p.message}`)).toEqual([
      'entry 3 ("c"): configs: Too small: expected array to have >=2 items',
    ]);
    await writeFile(
      join(dir, 'config-families.yaml'),
      `- { name: a, product: postgres, configs: [c1, c2] }
- { name: b, configs: [c2, c3] }
`,
    );
    expect((await readConfigFamilies(dir)).problems.map((p) => `${p.where}: ${p.message}`)).toEqual([
      'entry 2 ("b"): config "c2" is also in entry 1 ("a")',
    ]);
  });
});

describe('hostile history files', () => {
  it('refuses an alias bomb, a deep nesting and a file over the bound, each with one line and its place', async () => {
    // The billion laughs: nine levels of nine aliases of the level before.
    let bomb = 'a0: &a0 [x, x, x, x, x, x, x, x, x]\n';
    for (let i = 1; i < 9; i++)
      bomb += `a${i}: &a${i} [${Array(9)
        .fill(`*a${i - 1}`)
        .join(', ')}]\n`;
    expect(parseAnnotations('a.yaml', bomb).problems.map((p) => p.text)).toEqual([
      expect.stringMatching(/^a\.yaml: line 1:1: aliases \(\*name\) that expand to too many nodes/),
    ]);
    expect(parseAnnotations('a.yaml', '['.repeat(50_000)).problems.map((p) => p.text)).toEqual([
      expect.stringMatching(/^a\.yaml: line 1:33: nested more than 32 levels deep\. Each entry is/),
    ]);
    const dir = await mkdtemp(join(tmpdir(), 'benchsite-ann-'));
    await writeFile(join(dir, 'annotations.yaml'), '# x\n'.repeat(MAX_HISTORY_FILE_BYTES / 4 + 1));
    expect((await readAnnotations(dir)).problems.map((p) => p.text)).toEqual([
      expect.stringMatching(
        new RegExp(
          `annotations\\.yaml: \\(file\\): is ${MAX_HISTORY_FILE_BYTES + 4} bytes, more than the ${MAX_HISTORY_FILE_BYTES} allowed`,
        ),
      ),
    ]);
  });
  it('reads 5,000 entries (210 KB, near the bound) in linear time', () => {
    const text = Array.from({ length: 5_000 }, (_, i) => `- {date: 2026-01-01, host: h, text: t${i}}`).join('\n');
    const t0 = performance.now();
    expect(parseAnnotations('a.yaml', text).value).toHaveLength(5_000);
    expect(performance.now() - t0).toBeLessThan(10_000);
  });
});

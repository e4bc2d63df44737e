// Bounds of a report file checked before it is parsed or rendered.
import { describe, expect, it } from 'vitest';
import { deeplyNestedLine, readReport } from '../../../../src/site/report-limits.ts';

describe('deeplyNestedLine', () => {
  it('counts the block quotes and list items a line opens', () => {
    expect(deeplyNestedLine('a\n> > - 1. b\n', 3)).toEqual({ line: 2, depth: 4 });
    expect(deeplyNestedLine('> > - 1. b\n>>>\n* 2) x', 4)).toBeUndefined();
    expect(deeplyNestedLine('-'.repeat(100) + '\n1.5 and 1.x\n***\n', 1)).toBeUndefined();
    expect(deeplyNestedLine('x\n\n' + '>'.repeat(33), 32)).toEqual({ line: 3, depth: 33 });
  });
  it('reads 1 MB of `> ` in linear time', () => {
    const t0 = performance.now();
    expect(deeplyNestedLine('> a\n'.repeat(250_000))).toBeUndefined();
    expect(deeplyNestedLine('> '.repeat(500_000))).toEqual({ line: 1, depth: 33 });
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});

describe('readReport', () => {
  it('gives the parts and frontmatter, or the problems in the file', () => {
    const r = readReport('r.md', '---\ntitle: x\n---\nBody\n');
    expect(r).toEqual({
      parts: { frontmatter: 'title: x', body: 'Body\n', lineOffset: 3 },
      frontmatter: { title: 'x' },
    });
    expect(readReport('r.md', 'no frontmatter')).toEqual({
      problems: [
        expect.objectContaining({ text: expect.stringMatching(/^r\.md: \(frontmatter\): no YAML frontmatter/) }),
      ],
    });
    const bad = readReport('r.md', '---\ntitle: [x\n---\n' + '>'.repeat(40));
    expect('problems' in bad && bad.problems.map((p) => p.text)).toEqual([
      expect.stringMatching(/^r\.md: \(frontmatter\) line 2:10: YAML syntax error: /),
      'r.md: line 4: opens more than 32 block quotes and list items on one line. Nest block quotes and lists less deeply.',
    ]);
  });
});

// Strings from runs as Markdown code spans, checked by rendering them as GitHub does (GFM).
import { describe, expect, it } from 'vitest';
import { markdownToHtml } from 'satteri';
import { mdCode } from '../../../../src/analysis/markdown-text.ts';

const render = (md: string) => markdownToHtml(md, { features: { gfm: true } }).html;
const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

describe('mdCode', () => {
  it('shows any string whole as one code span, backticks included', async () => {
    for (const s of [
      'plain',
      'a `tick` b',
      '``double``',
      '`edge`',
      '<img src=x onerror=alert(1)>',
      '@someone [x](https://e.x/)',
    ])
      expect(render(`x ${mdCode(s)} y`)).toBe(`<p>x <code>${esc(s)}</code> y</p>\n`);
  });

  it('keeps a table row whole: a pipe stays in its cell, a line break becomes a blank', async () => {
    const html = render(`| a | b |\n| - | - |\n| ${mdCode('x|y\nz', { table: true })} | 2 |\n`);
    expect(html).toContain('<td><code>x|y z</code></td>');
    expect(html).toContain('<td>2</td>');
  });

  it('cuts long strings, replaces direction overrides, and never leaves an empty span', () => {
    expect(mdCode('a'.repeat(300))).toBe(`\`${'a'.repeat(199)}…\``);
    expect(mdCode('abc\u202edef')).toBe('`abc\ufffddef`');
    expect(mdCode('   ')).toBe('(empty)');
  });
});

// The placeholder plugin of report Markdown: values land as text (escaped, never markup), the words around a
// placeholder keep the site's typography, positions are the file's lines and columns, and Markdown that is
// not plain text around a placeholder is refused rather than guessed.
import { describe, expect, it } from 'vitest';
import { renderReportMarkdown } from '../../../../src/site/markdown.ts';

const echo = (src: string) => `[${src.trim()}]`;

describe('renderReportMarkdown', () => {
  it('replaces placeholders with the text render() gives, read from the raw source', () => {
    const { html, problems } = renderReportMarkdown(
      'It is "fast" -- {{ rel("9.7.0 z13a", read-only_range=10) }} times, see {{ bp(a, b) }}.\n',
      0,
      echo,
    );
    expect(problems).toEqual([]);
    // Smart quotes and dashes around it as on any page; straight quotes inside the expression.
    expect(html).toBe('<p>It is “fast” – [rel("9.7.0 z13a", read-only_range=10)] times, see [bp(a, b)].</p>\n');
  });
  it('escapes what render() returns and keeps raw HTML as text', () => {
    const { html } = renderReportMarkdown('Text <script>x</script> {{ v }}\n', 0, () => '<img src=x onerror=alert(1)>');
    expect(html).not.toMatch(/<img|<script/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
  it('leaves code spans alone: the way to show a placeholder literally', () => {
    expect(renderReportMarkdown('Write `{{ rel(a, b) }}`.\n', 0, echo).html).toBe(
      '<p>Write <code>{{ rel(a, b) }}</code>.</p>\n',
    );
  });
  it('reports a failing render at the line and column of its {{ in the file', () => {
    const body = 'First paragraph.\n\n- item\n- Café — the value {{ nope(x) }} here\n';
    const { problems } = renderReportMarkdown(body, 7, () => {
      throw Object.assign(new Error('unknown function "nope"'), { suggestions: ['rel'] });
    });
    expect(problems).toEqual([
      { line: 11, column: 20, source: '{{ nope(x) }}', message: 'unknown function "nope"', suggestions: ['rel'] },
    ]);
  });
  it('refuses a placeholder split by Markdown', () => {
    const { problems } = renderReportMarkdown('A {{ rel(*a*, b) }} b\n', 0, echo);
    expect(problems).toEqual([
      {
        line: 1,
        column: 3,
        source: '{{ rel(',
        message: '"{{" without "}}" in the same run of text (a placeholder holds no Markdown: no *, ` or links)',
        suggestions: [],
      },
    ]);
  });
});

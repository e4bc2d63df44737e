// The placeholder plugin of report Markdown: values land as text (escaped, never markup), the words around a
// placeholder keep the site's typography, positions are the file's lines and columns, and Markdown that is
// not plain text around a placeholder is refused rather than guessed.
import { describe, expect, it } from 'vitest';
import { MAX_PLACEHOLDER_PROBLEMS, renderReportMarkdown } from '../../../../src/site/markdown.ts';
import { MAX_PLACEHOLDER_CHARS, MAX_PLACEHOLDERS } from '../../../../src/analysis/placeholder-scan.ts';

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

describe('hostile reports', () => {
  it('reads 600 KB of unclosed {{ in linear time, with one problem', () => {
    const t0 = performance.now();
    const { problems } = renderReportMarkdown('{{ '.repeat(200_000), 0, echo);
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(problems.map((p) => [p.line, p.column, p.message])).toEqual([
      [1, 1, '"{{" without "}}" in the same run of text (a placeholder holds no Markdown: no *, ` or links)'],
    ]);
  });
  it('computes at most MAX_PLACEHOLDERS placeholders and says so', () => {
    let calls = 0;
    const { problems } = renderReportMarkdown('{{ x }} '.repeat(MAX_PLACEHOLDERS + 5), 0, () => String(++calls));
    expect(calls).toBe(MAX_PLACEHOLDERS);
    expect(problems.map((p) => p.message)).toEqual([
      `the report holds more than ${MAX_PLACEHOLDERS} placeholders: this one and those after it are not computed`,
    ]);
  });
  it('stops evaluating after MAX_PLACEHOLDER_PROBLEMS problems, saying where', () => {
    let calls = 0;
    const { problems } = renderReportMarkdown('{{ x }}\n'.repeat(500), 2, () => {
      calls++;
      throw new Error('no');
    });
    expect(calls).toBe(MAX_PLACEHOLDER_PROBLEMS);
    expect(problems).toHaveLength(MAX_PLACEHOLDER_PROBLEMS + 1);
    expect(problems.at(-1)).toMatchObject({
      line: MAX_PLACEHOLDER_PROBLEMS + 3,
      message: `${MAX_PLACEHOLDER_PROBLEMS} problems already: this placeholder and those after it are not checked`,
    });
  });
  it('refuses a placeholder longer than MAX_PLACEHOLDER_CHARS without parsing it', () => {
    const long = `{{ rel(${'a'.repeat(MAX_PLACEHOLDER_CHARS)}) }}`;
    const { problems } = renderReportMarkdown(`Text ${long}\n`, 0, echo);
    expect(problems).toEqual([
      {
        line: 1,
        column: 6,
        source: long,
        message: `a placeholder of ${MAX_PLACEHOLDER_CHARS + 7} characters: at most ${MAX_PLACEHOLDER_CHARS} (is a "}}" missing?)`,
        suggestions: [],
      },
    ]);
  });
});

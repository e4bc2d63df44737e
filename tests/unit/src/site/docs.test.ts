// The docs as site pages: addresses, links written for GitHub, GitHub's heading ids, the prose rules.
import { describe, expect, it } from 'vitest';
import { docLink, docPath, docUrl, githubSlug, renderDoc } from '../../../../src/site/docs.ts';

const DOCS = new Set(['docs/README.md', 'docs/reports.md', 'docs/formats/README.md', 'docs/formats/sysbench.md']);

describe('docs pages', () => {
  it('are addressed by their path, a README by its folder', () => {
    expect(docPath('docs/README.md')).toBe('');
    expect(docPath('docs/reports.md')).toBe('reports');
    expect(docPath('docs/formats/README.md')).toBe('formats');
    expect(docUrl('docs/formats/sysbench.md')).toBe('/docs/formats/sysbench/');
    expect(docUrl('docs/README.md')).toBe('/docs/');
  });

  it('link to each other as GitHub does; a file with no page keeps its text only', () => {
    expect(docLink('docs/README.md', 'reports.md', DOCS)).toBe('/docs/reports/');
    expect(docLink('docs/README.md', 'reports.md#headings', DOCS)).toBe('/docs/reports/#headings');
    expect(docLink('docs/reports.md', 'formats/sysbench.md#22-test-names', DOCS)).toBe(
      '/docs/formats/sysbench/#22-test-names',
    );
    expect(docLink('docs/formats/sysbench.md', '../reports.md', DOCS)).toBe('/docs/reports/');
    expect(docLink('docs/formats/sysbench.md', 'README.md', DOCS)).toBe('/docs/formats/');
    expect(docLink('docs/reports.md', 'formats/', DOCS)).toBe('/docs/formats/');
    expect(docLink('docs/reports.md', '#headings', DOCS)).toBe('#headings');
    expect(docLink('docs/reports.md', 'https://example.org/x', DOCS)).toBe('https://example.org/x');
    expect(docLink('docs/reports.md', '../README.md', DOCS)).toBeUndefined();
    expect(docLink('docs/reports.md', '../src/site/docs.ts', DOCS)).toBeUndefined();
    expect(docLink('docs/reports.md', '../../../etc/passwd', DOCS)).toBeUndefined();
  });

  it("get GitHub's heading ids", () => {
    expect(githubSlug('Reports: numbers in the prose')).toBe('reports-numbers-in-the-prose');
    expect(githubSlug('2.2 Test names (testType) → Lua script and options (run.sh)')).toBe(
      '22-test-names-testtype--lua-script-and-options-runsh',
    );
    expect(githubSlug('benchsite run --lua-dir')).toBe('benchsite-run---lua-dir');
    expect(githubSlug('sb.o.<sfxn> — output')).toBe('sbosfxn--output');
  });

  it('render with the prose rules: raw HTML as text, links rewritten, ids and self-links on headings', () => {
    const md = [
      '# Writing a report',
      '',
      'See [formats](formats/sysbench.md#x), [the code](../src/site/docs.ts) and [bad](javascript:alert(1)).',
      '',
      '<script>alert(1)</script>',
      '',
      '## Headings',
      '',
      '## Headings',
      '',
      '### 2.4 `sb.met.<sfxn>`: "quoted"',
    ].join('\n');
    const { title, html } = renderDoc('docs/reports.md', md, '/pr-7/', DOCS);
    expect(title).toBe('Writing a report');
    expect(html).toContain('<a href="/pr-7/docs/formats/sysbench/#x">formats</a>');
    expect(html).toContain('<a>the code</a>');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<h1 id="writing-a-report">Writing a report</h1>');
    expect(html).toMatch(/<h2 id="headings">Headings<a class="anchor" href="#headings"/);
    expect(html).toMatch(/<h2 id="headings-1">Headings<a class="anchor" href="#headings-1"/);
    // A heading's words in its link's name, with its quotes and brackets, inside the attribute.
    expect(html).toContain(
      '<h3 id="24-sbmetsfxn-quoted">2.4 <code>sb.met.&lt;sfxn&gt;</code>: &quot;quoted&quot;<a class="anchor" href="#24-sbmetsfxn-quoted" aria-label="Link to this section: 2.4 sb.met.&lt;sfxn&gt;: &quot;quoted&quot;"></a></h3>',
    );
  });
});

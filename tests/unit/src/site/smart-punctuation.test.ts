// Report typography in one pass: the CommonMark smart punctuation rules per character, as satteri's own
// (quadratic) smart punctuation printed the committed reports; escaped characters stay as written.
import { describe, expect, it } from 'vitest';
import { escapedIn, smartPunctuation } from '../../../../src/site/smart-punctuation.ts';
import { renderReportMarkdown } from '../../../../src/site/markdown.ts';

const html = (md: string) => renderReportMarkdown(md, 0, (s) => s).html;

describe('smartPunctuation', () => {
  it('curls quotes by what is around them, apostrophes included', () => {
    expect(smartPunctuation("It is \"fast\", 'quoted' and don't (the '90s).")).toBe(
      'It is \u201cfast\u201d, \u2018quoted\u2019 and don\u2019t (the \u201990s).',
    );
    expect(smartPunctuation('a"b"')).toBe('a\u201cb\u201d');
    expect(smartPunctuation('"', ' ', '')).toBe('\u201c');
  });
  it('splits runs of hyphens into em and en dashes as CommonMark does, and makes ellipses', () => {
    expect(['-', '--', '---', '----', '-----', '------', '-------'].map((d) => smartPunctuation(`a${d}b`))).toEqual([
      'a-b',
      'a\u2013b',
      'a\u2014b',
      'a\u2013\u2013b',
      'a\u2014\u2013b',
      'a\u2014\u2014b',
      'a\u2014\u2013\u2013b',
    ]);
    expect(smartPunctuation('wait... or ....')).toBe('wait\u2026 or \u2026.');
  });
  it('leaves escaped characters as written', () => {
    const value = 'a "b" c';
    expect(smartPunctuation(value, '', '', escapedIn(value, 'a \\"b&quot; c'))).toBe('a "b" c');
    expect(escapedIn('x', 'x')).toBeUndefined();
  });
  it('takes linear time: 200,000 quotes in well under a second', () => {
    const t0 = performance.now();
    expect(smartPunctuation('x "'.repeat(200_000))).toHaveLength(600_000);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});

describe('report Markdown typography', () => {
  it('is the site pipeline: text, headings, lists and links, not code or addresses', () => {
    expect(html('# A "title"\n\n- it\'s -- "here"\n\n`"code"` and <http://a.com/a--b> and [a "link"](/x)\n')).toBe(
      '<h1>A \u201ctitle\u201d</h1>\n<ul>\n<li>it\u2019s \u2013 \u201chere\u201d</li>\n</ul>\n' +
        '<p><code>"code"</code> and <a href="http://a.com/a--b">http://a.com/a--b</a> and <a href="/x">a \u201clink\u201d</a></p>\n',
    );
  });
  it('reads quotes against the characters around them in the source (emphasis, links)', () => {
    expect(html('"**bold**" and *"emph"*\n')).toBe(
      '<p>\u201c<strong>bold</strong>\u201d and <em>\u201cemph\u201d</em></p>\n',
    );
  });
});

// Ids and self-links of a page's headings: stable (from the words), unique on the page, never replacing an
// id the page gives, and escaped.
import { describe, expect, it } from 'vitest';
import { anchorHeadings, slugOf, textOf } from '../../../../src/site/heading-anchors.ts';

const ids = (html: string) => [...html.matchAll(/<h[23] id="([^"]*)"/g)].map((m) => m[1]);

describe('anchorHeadings', () => {
  it('gives every h2, h3 and h4 an id from its text and a link to it; h1 and h5 are left alone', () => {
    const out = anchorHeadings(
      '<h1>T</h1><h2>Results: writes</h2><h3 class="x">Point queries &amp; more</h3><h4>n</h4><h5>m</h5>',
    );
    expect(out).toBe(
      '<h1>T</h1>' +
        '<h2 id="results-writes">Results: writes<a class="anchor" href="#results-writes" aria-label="Link to this section: Results: writes"></a></h2>' +
        '<h3 id="point-queries-more" class="x">Point queries &amp; more<a class="anchor" href="#point-queries-more" aria-label="Link to this section: Point queries &amp; more"></a></h3>' +
        '<h4 id="n">n<a class="anchor" href="#n" aria-label="Link to this section: n"></a></h4>' +
        '<h5>m</h5>',
    );
  });

  it('keeps an id a heading has, and makes ids unique against every id of the page', () => {
    const out = anchorHeadings(
      '<section id="writes"><h2 id="builds">Builds</h2><h2>Writes</h2><h3>Writes!</h3><h3><em>Writes</em></h3></section>',
    );
    expect(ids(out)).toEqual(['builds', 'writes-2', 'writes-3', 'writes-4']);
    expect(out).toContain('<a class="anchor" href="#builds"');
  });

  it('is idempotent: a heading with its link already is left as it is', () => {
    const once = anchorHeadings('<h2>A</h2><h3>B</h3>');
    expect(anchorHeadings(once)).toBe(once);
  });

  it('escapes what it writes into attributes, whatever the heading holds', () => {
    const out = anchorHeadings('<h2>&quot;&gt;&lt;script&gt;</h2>');
    expect(out).not.toContain('<script');
    expect(out).toContain('aria-label="Link to this section: &quot;>&lt;script>"');
  });
});

describe('slugOf and textOf', () => {
  it('read a heading as words', () => {
    expect(textOf('Results: <code>z12b</code>, z12c &#8212; &#x2192; x')).toBe('Results: z12b, z12c \u2014 \u2192 x');
    expect(slugOf('Results: z12b, z12c_sync')).toBe('results-z12b-z12c_sync');
    expect(slugOf('MariaDB 10.2 to 13.0')).toBe('mariadb-10.2-to-13.0');
    expect(slugOf('Caf\u00e9 cr\u00e8me')).toBe('cafe-creme');
    expect(slugOf('\u2014')).toBe('section');
  });
});

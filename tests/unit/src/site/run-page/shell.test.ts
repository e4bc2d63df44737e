import { describe, expect, it } from 'vitest';
import { anchorHeadings } from '../../../../../src/site/heading-anchors.ts';
import { esc, escAttr } from '../../../../../src/site/html.ts';
import { utf8Of } from '../../../../../src/site/run-page/render-page.ts';
import {
  checkShell,
  fillShell,
  fillShellPieces,
  PLACEHOLDER,
  TITLE_SHELL_ROUTE,
} from '../../../../../src/site/run-page/shell.ts';

const shell = `<html><head><title>${PLACEHOLDER.title} · benchsite</title><meta name="description" content="${PLACEHOLDER.description}"></head><body><main>${PLACEHOLDER.body}</main></body></html>`;

describe('run page shell', () => {
  it('accepts a shell with each placeholder once', () => {
    expect(() => checkShell(shell)).not.toThrow();
  });

  it('names the placeholder a shell lost or repeats', () => {
    expect(() => checkShell(shell.replace(PLACEHOLDER.body, ''))).toThrow(
      /body placeholder @@benchsite-body@@ exactly once/,
    );
    expect(() => checkShell(shell + PLACEHOLDER.title)).toThrow(/title placeholder/);
  });

  it('fills title and description escaped and the body as markup', () => {
    const page = fillShell(shell, { title: 'a<b', description: 'x "y"', body: '<h1>run</h1>' });
    expect(page).toBe(
      '<html><head><title>a&lt;b · benchsite</title><meta name="description" content="x &quot;y&quot;"></head><body><main><h1>run</h1></main></body></html>',
    );
  });

  it('gives the headings ids and links to themselves, as the middleware does to pages Astro renders', () => {
    const page = fillShell(`<header id="tests"></header>${shell}`, {
      title: 't',
      body: '<h2>Tests</h2><h4 id="x">X</h4>',
    });
    expect(page).toContain('<h2 id="tests-2">Tests<a class="anchor" href="#tests-2"');
    expect(page).toContain('<h4 id="x">X<a class="anchor" href="#x"');
  });

  it('keeps $ patterns in the text as they are (no String.replace substitutions)', () => {
    const page = fillShell(shell, { title: "$& $' $$", description: '', body: '<p>$`</p>' });
    expect(page).toContain('<title>$&amp; $&#39; $$ · benchsite</title>');
    expect(page).toContain('<main><p>$`</p></main>');
  });

  it("leaves a placeholder in a run's own text as text (the shell is filled in one pass)", () => {
    const page = fillShell(shell, {
      title: `${PLACEHOLDER.body} ${PLACEHOLDER.description}`,
      description: PLACEHOLDER.title,
      body: `<p>${PLACEHOLDER.title}</p>`,
    });
    expect(page).toBe(
      `<html><head><title>${PLACEHOLDER.body} ${PLACEHOLDER.description} · benchsite</title><meta name="description" content="${PLACEHOLDER.title}"></head><body><main><p>${PLACEHOLDER.title}</p></main></body></html>`,
    );
  });
});

describe('title-only shell', () => {
  const titleOnly = shell.replace(`<meta name="description" content="${PLACEHOLDER.description}">`, '');

  it('is checked for title and body and no description', () => {
    expect(() => checkShell(titleOnly, TITLE_SHELL_ROUTE)).not.toThrow();
    expect(() => checkShell(shell, TITLE_SHELL_ROUTE)).toThrow(
      /description placeholder @@benchsite-description@@ nowhere/,
    );
  });

  it('is filled without a description', () => {
    expect(fillShell(titleOnly, { title: 'h', body: '<p>b</p>' })).toBe(
      '<html><head><title>h · benchsite</title></head><body><main><p>b</p></main></body></html>',
    );
  });
});

describe('fillShellPieces', () => {
  // fillShell as it was before the pieces: the whole page made, then anchored in one pass. The pieces must give
  // the same bytes, or fall back to this.
  const whole = (s: string, page: { title: string; description?: string; body: string }) => {
    const fill: Record<string, string> = {
      [PLACEHOLDER.title]: esc(page.title),
      [PLACEHOLDER.description]: escAttr(page.description ?? ''),
      [PLACEHOLDER.body]: page.body,
    };
    return anchorHeadings(
      s
        .split(/(@@benchsite-(?:title|description|body)@@)/)
        .map((part) => fill[part] ?? part)
        .join(''),
    );
  };
  // Bits that meet at the seams: heading tags and ids cut anywhere, quotes left open, placeholders as text.
  const bits = [
    '<h2>',
    '</h2>',
    '<h3 class="a">',
    '</h3>',
    '<h',
    '</h',
    '2>',
    ' id="',
    'id="x"',
    ' id="tests"',
    '"',
    '>',
    '<',
    ' ',
    '\n',
    'Tests',
    'x',
    '<h4 id="y">Y</h4>',
    '<h2>Tests</h2>',
    '<p>',
    'é…',
    PLACEHOLDER.body,
  ];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  const text = (n: number) => Array.from({ length: next() % n }, () => bits[next() % bits.length]).join('');

  it('gives the page fillShell made whole, for any text at the seams', () => {
    let split = 0;
    for (let i = 0; i < 5000; i++) {
      const s = `<html><head>${text(3)}<title>${PLACEHOLDER.title}</title>${text(2)}<meta content="${PLACEHOLDER.description}">${text(3)}<main>${text(3)}${PLACEHOLDER.body}${text(3)}</main>${text(3)}</html>`;
      const page = { title: text(3), description: text(3), body: text(8) };
      const pieces = fillShellPieces(s, page);
      if (pieces.length > 1) split++;
      expect(pieces.join('')).toBe(whole(s, page));
    }
    // Most pages are made in pieces: the test reaches both paths.
    expect(split).toBeGreaterThan(500);
    expect(split).toBeLessThan(5000);
  });

  it('gives the page made whole for a stream of ids and headings cut at any two points', () => {
    const tokens = [' id="x"', '\u00a0id="x', '\rid="', '</h2>', '<h2>x</h2>', '<h3 id="x">X</h3>', '"', '>', 'x'];
    for (let i = 0; i < 3000; i++) {
      const middle = Array.from({ length: 1 + (next() % 6) }, () => tokens[next() % tokens.length]).join('');
      const stream = `<p>${middle}<h2>x</h2>${middle}</p>`;
      const a = next() % (stream.length + 1);
      const b = a + (next() % (stream.length - a + 1));
      const s = `<title>${PLACEHOLDER.title}</title>${stream.slice(0, a)}${PLACEHOLDER.body}${stream.slice(b)}`;
      const page = { title: 't', body: stream.slice(a, b) };
      expect(fillShellPieces(s, page).join('')).toBe(whole(s, page));
    }
  });

  it('makes the page whole where a heading tag or an id runs across a seam', () => {
    const around = (before: string, after: string) =>
      `<html><head><title>${PLACEHOLDER.title}</title></head><main>${before}${PLACEHOLDER.body}${after}</main></html>`;
    const cases: Array<[string, string, string]> = [
      ['', '<h2>Tests</h2><p id="tests', '">x</p>'], // an id's value runs on into the shell
      ['<p id="tests', '">x</p><h2>Tests</h2>', ''], // from the shell into the body
      ['', '<h2>Tests</h', '2>'], // a closing tag cut by the seam
      ['<', 'h2>Tests</h2>', ''], // an opening tag cut by the seam
      ['<p ', 'id="tests">x</p><h2>Tests</h2>', ''], // ` id="` cut by the seam
      ['<h2>', 'Tests</h2>', ''], // a heading in the shell
    ];
    for (const [before, body, after] of cases) {
      const s = around(before, after);
      const page = { title: 't', body };
      const pieces = fillShellPieces(s, page);
      expect(pieces).toHaveLength(1);
      expect(pieces[0]).toBe(whole(s, page));
    }
  });

  it('anchors the body in pieces when the shell around it has no headings', () => {
    const page = { title: 't', description: 'd', body: '<h2>Tests</h2><p id="tests">x</p>' };
    const pieces = fillShellPieces(shell, page);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(whole(shell, page));
    expect(pieces.join('')).toContain('<h2 id="tests-2">');
  });
});

describe('utf8Of', () => {
  it('encodes pieces as the joined string is encoded, a surrogate pair cut between two pieces too', () => {
    const cases = [
      ['<p>', 'é…', '</p>'],
      ['a\ud83d', '\ude00b'],
      ['', 'x', ''],
      ['lone \ud83d', ' high'],
      ['\ude00 lone low'],
    ];
    for (const pieces of cases) expect(Buffer.from(utf8Of(pieces))).toEqual(Buffer.from(pieces.join('')));
  });
});

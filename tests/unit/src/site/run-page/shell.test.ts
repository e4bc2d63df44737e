import { describe, expect, it } from 'vitest';
import { checkShell, fillShell, PLACEHOLDER, TITLE_SHELL_ROUTE } from '../../../../../src/site/run-page/shell.ts';

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

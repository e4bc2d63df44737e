// Every committed report as a page that reads like its post (issue 24): tables stand inside the author's prose, no
// heading repeats and each has an id to link, the noise explanation is not repeated, and every post has a page.
// And every page of the site (run, host, history, steps, docs pages...): each h2/h3/h4 has an id and a link to it,
// ids are unique on a page, and headings under one heading never share their words.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite, ROOT } from '../helpers/build-site.ts';
import { textOf } from '../../src/site/heading-anchors.ts';

const slugs = readdirSync(join(ROOT, 'content/reports'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => f.slice(0, -3));
let pages: Map<string, string>;
/** Every HTML page of the site by its path under dist/ (Pagefind's own files aside). */
let site: Map<string, string>;

beforeAll(() => {
  const dist = buildSite();
  pages = new Map(slugs.map((s) => [s, readFileSync(join(dist, 'reports', s, 'index.html'), 'utf8')]));
  site = new Map(
    readdirSync(dist, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.html') && !f.startsWith('pagefind'))
      .map((f) => [f, readFileSync(join(dist, f), 'utf8')]),
  );
}, 600_000);

const headings = (html: string) =>
  [...html.matchAll(/<h([1-6])((?:\s[^>]*)?)>([\s\S]*?)<\/h\1>/g)].map((m) => ({
    level: Number(m[1]),
    id: /\sid="([^"]*)"/.exec(m[2]!)?.[1],
    text: textOf(m[3]!),
  }));
/** The author's prose: the article, where the placed tables stand among his paragraphs (`<p>` without a class). */
const prose = (html: string) => /<article class="prose">([\s\S]*?)<\/article>/.exec(html)?.[1] ?? '';

describe('the committed report pages', () => {
  it('at least 13 reports, every one with a page', () => {
    expect(slugs.length).toBeGreaterThanOrEqual(13);
    for (const s of slugs) expect(pages.get(s), s).toContain('<h1>');
  });

  it('no heading repeats on a page of a report (its steps page too), and every h2 and h3 has an id and a link', () => {
    for (const [file, html] of [...site].filter(([f]) => f.startsWith('reports/'))) {
      const all = headings(html);
      const texts = all.map((h) => h.text);
      expect(
        texts.filter((t, i) => texts.indexOf(t) !== i),
        file,
      ).toEqual([]);
      for (const h of all.filter((x) => x.level === 2 || x.level === 3)) {
        expect(h.id, `${file}: ${h.text}`).toBeTruthy();
        expect(html, `${file}: ${h.text}`).toContain(`<a class="anchor" href="#${h.id}"`);
      }
    }
  });

  it('the noise explanation at most once a page', () => {
    for (const [slug, html] of pages) expect(html.split('batch means').length - 1, slug).toBeLessThanOrEqual(1);
  });

  it("in at least 10 reports a table stands before some of the author's own paragraphs", () => {
    const placed = [...pages].filter(([, html]) => {
      const p = prose(html);
      const table = p.indexOf('<table');
      return table >= 0 && p.indexOf('<p>', table) > table;
    });
    expect(placed.length).toBeGreaterThanOrEqual(10);
  });
});

describe('every page of the site', () => {
  it('is many pages of every kind', () => {
    const kinds = new Set([...site.keys()].map((f) => f.split('/')[0]));
    for (const k of ['runs', 'hosts', 'history', 'reports', 'docs', 'tags', 'archive', 'index.html'])
      expect(kinds, k).toContain(k);
    expect([...site.keys()].some((f) => /^reports\/[^/]+\/[^/]+\/index\.html$/.test(f))).toBe(true);
  });

  it('gives every h2, h3 and h4 an id and a link to it, and no id twice', () => {
    for (const [file, html] of site) {
      for (const h of headings(html).filter((x) => x.level >= 2 && x.level <= 4)) {
        expect(h.id, `${file}: h${h.level} ${h.text}`).toBeTruthy();
        expect(html, `${file}: ${h.text}`).toContain(`<a class="anchor" href="#${h.id}"`);
      }
      const ids = [...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]);
      expect(
        ids.filter((x, i) => ids.indexOf(x) !== i),
        file,
      ).toEqual([]);
    }
  });

  it('never repeats the words of an h2, h3 or h4 among the headings of one section', () => {
    for (const [file, html] of site) {
      // The section a heading stands in: the headings above it of a higher rank, from the h1 down.
      const above: string[] = [];
      const seen = new Set<string>();
      for (const h of headings(html)) {
        above.length = Math.min(above.length, h.level - 1);
        const key = JSON.stringify([...above, h.level, h.text]);
        if (h.level >= 2 && h.level <= 4) expect(seen.has(key), `${file}: h${h.level} ${h.text}`).toBe(false);
        seen.add(key);
        while (above.length < h.level - 1) above.push('');
        above.push(h.text);
      }
    }
  });
});

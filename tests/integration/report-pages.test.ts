// Every committed report as a page that reads like its post (issue 24): tables stand inside the author's prose, no
// heading repeats and each has an id to link, the noise explanation is not repeated, and every post has a page.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite, ROOT } from '../helpers/build-site.ts';
import { textOf } from '../../src/site/heading-anchors.ts';

const slugs = readdirSync(join(ROOT, 'content/reports'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => f.slice(0, -3));
let pages: Map<string, string>;

beforeAll(() => {
  const dist = buildSite();
  pages = new Map(slugs.map((s) => [s, readFileSync(join(dist, 'reports', s, 'index.html'), 'utf8')]));
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

  it('no heading repeats on a page, and every h2 and h3 has an id and a link to it', () => {
    for (const [slug, html] of pages) {
      const all = headings(html);
      const texts = all.map((h) => h.text);
      expect(
        texts.filter((t, i) => texts.indexOf(t) !== i),
        slug,
      ).toEqual([]);
      for (const h of all.filter((x) => x.level === 2 || x.level === 3)) {
        expect(h.id, `${slug}: ${h.text}`).toBeTruthy();
        expect(html, `${slug}: ${h.text}`).toContain(`<a class="anchor" href="#${h.id}"`);
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

// The documentation (docs/**/*.md) as pages of the site: docs/README.md is /docs/, docs/<path>.md is
// /docs/<path>/ (a folder's README.md is the folder's page). The files link to each other as GitHub reads them
// (relative paths to .md files, with #anchors); here those links become the pages' addresses, and headings get
// the ids GitHub gives them, so one file reads right in both places. A link to any other file of the repository
// (source code, the top README) has no page here and is kept as its text. Rendered with the rules of a report's
// prose (src/site/markdown.ts): raw HTML as text, links and images through the allow-list. Pure.
import { markdownToHtml, type HastPluginDefinition } from 'satteri';
import { markdownPlugins, rootPathsUnder } from './markdown.ts';
import { textOf } from './heading-anchors.ts';

/** `docs/reports.md` -> `reports`, `docs/formats/README.md` -> `formats`, `docs/README.md` -> `` (the index). */
export function docPath(file: string): string {
  return file
    .replace(/^docs\//, '')
    .replace(/(^|\/)README\.md$/, '')
    .replace(/\.md$/, '');
}

/** The page of a doc file, from the site's root: `/docs/`, `/docs/formats/sysbench/`. */
export const docUrl = (file: string): string => `/docs/${docPath(file) ? `${docPath(file)}/` : ''}`;

/** `a/b/../c.md` -> `a/c.md`; undefined when it climbs above the repository. */
function normalise(path: string): string | undefined {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (!out.length) return undefined;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

/**
 * Where a link of doc `from` goes on the site: a relative link to another doc file becomes its page (with its
 * anchor); `#anchor` and absolute URLs stay; undefined for a relative link to anything else (no page here).
 */
export function docLink(from: string, href: string, docs: ReadonlySet<string>): string | undefined {
  if (href.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('/')) return href;
  const hash = href.indexOf('#');
  const target = hash < 0 ? href : href.slice(0, hash);
  const anchor = hash < 0 ? '' : href.slice(hash);
  const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : '';
  let file = normalise(target === '' ? from : `${dir}/${target}`);
  if (file !== undefined && !file.endsWith('.md') && docs.has(`${file}/README.md`)) file = `${file}/README.md`;
  return file !== undefined && docs.has(file) ? `${docUrl(file)}${anchor}` : undefined;
}

/** The relative links of one doc, through docLink; a link with no page keeps its text and loses its address. */
function docLinks(from: string, docs: ReadonlySet<string>): HastPluginDefinition {
  return {
    name: 'benchsite-doc-links',
    element: {
      filter: ['a'],
      visit(node, ctx) {
        const href = node.properties.href;
        if (typeof href === 'string') ctx.setProperty(node, 'href', docLink(from, href, docs));
      },
    },
  };
}

/**
 * A heading's id as GitHub makes it (github-slugger): lower case, characters other than letters, digits, marks,
 * `_`, `-` and blanks removed, blanks made `-`.
 */
export function githubSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

const HEADING = /<h([1-4])((?:\s[^>]*)?)>([\s\S]*?)<\/h\1>/g;
const escAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Every h1 to h4 with GitHub's id (a repeated one gets -1, -2 ...), h2 and h3 with a link to themselves. */
function githubHeadingIds(html: string): string {
  const seen = new Map<string, number>();
  return html.replace(HEADING, (_, level: string, attrs: string, inner: string) => {
    const text = textOf(inner);
    const slug = githubSlug(text);
    const n = seen.get(slug);
    seen.set(slug, (n ?? -1) + 1);
    const id = n === undefined ? slug : `${slug}-${n + 1}`;
    const link =
      level === '2' || level === '3'
        ? `<a class="anchor" href="#${escAttr(id)}" aria-label="${escAttr(`Link to this section: ${text}`)}"></a>`
        : '';
    return `<h${level} id="${escAttr(id)}"${attrs}>${inner}${link}</h${level}>`;
  });
}

/** One doc file as a page: its title (its first heading) and its HTML. `docs` lists every doc file. */
export function renderDoc(
  file: string,
  markdown: string,
  base: string,
  docs: ReadonlySet<string>,
): { title: string; html: string } {
  // HTML comments are notes for the files' editors (raw HTML would be shown as text).
  const source = markdown.replace(/^<!--[\s\S]*?-->[ \t]*$/gm, '');
  const out = markdownToHtml(source, {
    mdastPlugins: markdownPlugins.mdastPlugins,
    hastPlugins: [
      docLinks(file, docs),
      ...markdownPlugins.hastPlugins,
      ...(base === '/' ? [] : [rootPathsUnder(base)]),
    ],
    features: { gfm: true, smartPunctuation: false },
  });
  if (out instanceof Promise) throw new Error('the docs Markdown plugins must be synchronous');
  const title = /^#{1,6}[ \t]+(.+)$/m.exec(source)?.[1]?.replace(/[`*_]/g, '').trim() ?? docPath(file);
  // A wide table scrolls in its box, as the site's tables do (src/scripts/scrollable-tables.ts).
  // Quotes in text are written as references: the format notes quote HTML (`<img src="...">`), which is text.
  const html = githubHeadingIds(out.html)
    .replace(/<table>[\s\S]*?<\/table>/g, (t) => `<div class="table-wrap">${t}</div>`)
    .replace(/(<(?:[^>"']|"[^"]*"|'[^']*')*>)|"/g, (_, tag: string | undefined) => tag ?? '&quot;');
  return { title, html };
}

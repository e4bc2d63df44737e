// Every link of a built site, checked against the files of dist/: each href/src/action of every HTML page and
// each url() of every stylesheet must stay under the site's base path and name a file that exists (a
// directory counts when it holds index.html). What a link may point at outside the site is an http(s) URL.
import { existsSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

interface BrokenLink {
  page: string;
  link: string;
  why: string;
}

export interface Crawl {
  pages: number;
  links: number;
  /** Each distinct in-site target (path under the base, e.g. `runs/x/raw.tar.gz`) with the pages linking it. */
  targets: Map<string, string[]>;
  broken: BrokenLink[];
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };
const decodeAttr = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
      : (ENTITIES[e.toLowerCase()] ?? m),
  );

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(p)));
    else out.push(p);
  }
  return out;
}

/** The site path of a file of dist/ under `base` (`/pr-7/runs/x/` for runs/x/index.html). */
function pageUrl(dist: string, file: string, base: string): string {
  const rel = relative(dist, file).split(sep).join('/');
  return base + (rel === 'index.html' ? '' : rel.endsWith('/index.html') ? rel.slice(0, -'index.html'.length) : rel);
}

/** Links of an HTML page (attributes) or a stylesheet (url()). */
function linksOf(file: string, text: string): string[] {
  if (file.endsWith('.css')) return [...text.matchAll(/url\(\s*['"]?([^'")]+)['"]?\s*\)/g)].map((m) => m[1]!);
  const links: string[] = [];
  // Script bodies are code: the compare view's fetch and links are checked in a browser instead.
  text = text.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
  for (const m of text.matchAll(/\s(?:href|src|action|poster|xlink:href)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi))
    links.push(decodeAttr(m[1] ?? m[2] ?? ''));
  for (const m of text.matchAll(/\ssrcset\s*=\s*"([^"]*)"/gi))
    for (const part of decodeAttr(m[1]!).split(',')) links.push(part.trim().split(/\s+/)[0]!);
  return links;
}

export async function crawlSite(dist: string, base: string): Promise<Crawl> {
  const origin = 'http://site.invalid';
  const result: Crawl = { pages: 0, links: 0, targets: new Map(), broken: [] };
  for (const file of await filesUnder(dist)) {
    if (!file.endsWith('.html') && !file.endsWith('.css')) continue;
    result.pages++;
    const page = pageUrl(dist, file, base);
    for (const link of linksOf(file, await readFile(file, 'utf8'))) {
      result.links++;
      const broken = (why: string) => result.broken.push({ page, link, why });
      if (link.startsWith('#')) continue;
      if (/^https?:\/\//i.test(link)) continue;
      let url: URL;
      try {
        url = new URL(link, origin + page);
      } catch {
        broken('not a URL');
        continue;
      }
      if (url.origin !== origin) {
        broken(`leaves the site (${url.protocol})`);
        continue;
      }
      if (!url.pathname.startsWith(base)) {
        broken(`leaves the base ${base}`);
        continue;
      }
      const path = decodeURIComponent(url.pathname.slice(base.length));
      let target = join(dist, path);
      if (path === '' || path.endsWith('/') || (existsSync(target) && statSync(target).isDirectory()))
        target = join(target, 'index.html');
      if (!existsSync(target)) {
        broken(`no file ${relative(dist, target)}`);
        continue;
      }
      const key = relative(dist, target).split(sep).join('/');
      result.targets.set(key, [...(result.targets.get(key) ?? []), page]);
    }
  }
  return result;
}

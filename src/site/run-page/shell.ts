// The page shell of run pages: Astro builds one page with the site's layout (header, navigation, CSS) and
// these placeholders, and each run page is that page with them filled in.
import { addIds, anchorHeadings, anchorPieces } from '../heading-anchors.ts';
import { esc, escAttr } from '../html.ts';

// Their routes sort before every other page's (`_` before letters), so Astro builds them first, and the run pages
// rendered while it builds the others are made in the shell at once (noteShell).
export const SHELL_ROUTE = '_run-page-shell';
/** The same shell without the description <meta>, for pages that have none (history pages). */
export const TITLE_SHELL_ROUTE = '_run-page-shell-title-only';
export const PLACEHOLDER = {
  title: '@@benchsite-title@@',
  description: '@@benchsite-description@@',
  body: '@@benchsite-body@@',
} as const;

/** Fail early (at build time) when the layout lost a placeholder, instead of pages without a title or body. */
export function checkShell(shell: string, route = SHELL_ROUTE): void {
  for (const [what, token] of Object.entries(PLACEHOLDER)) {
    const want = what === 'description' && route === TITLE_SHELL_ROUTE ? 1 : 2;
    if (shell.split(token).length !== want)
      throw new Error(
        `the page shell (/${route}/) must hold the ${what} placeholder ${token} ${want === 2 ? 'exactly once' : 'nowhere'}`,
      );
  }
}

/** The shell filled in, its headings given ids and links to themselves as the middleware gives Astro's pages. */
export function fillShell(shell: string, page: ShellFill): string {
  return fillShellPieces(shell, page).join('');
}

export interface ShellFill {
  title: string;
  description?: string;
  body: string;
}

/**
 * fillShell's page as pieces, to be written one after the other: the headings of the body are anchored on their
 * own, so no string of the whole page is made (two of them a page, each a few hundred KB of memory V8 maps
 * afresh: the 1,000-run build's page faults fell by a sixth without them). That is the same page whenever the
 * text around the body holds no heading and nothing the anchoring reads crosses from one piece into the next
 * (separable); else the page is made whole, as before.
 */
export function fillShellPieces(shell: string, page: ShellFill): string[] {
  // One pass over the shell only: a run's text may contain a placeholder (`@@benchsite-body@@` as a label),
  // which must stay text, and `$&` and the like (so no String.replace templates).
  const fill: Record<string, string> = {
    [PLACEHOLDER.title]: esc(page.title),
    // as Astro escapes the text of <title> and the value of an attribute
    [PLACEHOLDER.description]: escAttr(page.description ?? ''),
    [PLACEHOLDER.body]: page.body,
  };
  const parts = shell.split(/(@@benchsite-(?:title|description|body)@@)/);
  const at = parts.indexOf(PLACEHOLDER.body);
  const filled = (from: number, to?: number) =>
    parts
      .slice(from, to)
      .map((part) => fill[part] ?? part)
      .join('');
  if (at < 0) return [anchorHeadings(filled(0))];
  const before = filled(0, at);
  const after = filled(at + 1);
  const body = page.body;
  if (!separable(before, body, after)) return [anchorHeadings(filled(0))];
  const out = [before];
  anchorPieces(body, addIds(after, addIds(body, addIds(before, new Set()))), out);
  out.push(after);
  return out;
}

/**
 * Whether anchoring the body alone gives what anchoring the whole page gives: no heading tag in the text around
 * it, no heading tag or ` id="` cut by a seam, and no ` id="` whose value would run on past one.
 */
function separable(before: string, body: string, after: string): boolean {
  if (/<\/?h[234]/.test(before) || /<\/?h[234]/.test(after)) return false;
  for (const [a, b] of [
    [before, body],
    [body, after],
  ] as const) {
    const seam = a.slice(-5) + b.slice(0, 5);
    const cut = Math.min(5, a.length);
    for (const m of seam.matchAll(/<\/h[234]>|<\/?h[234]|\sid="/g))
      if (m.index < cut && m.index + m[0].length > cut) return false;
    const quote = a.lastIndexOf('"');
    if (quote >= 4 && a.slice(quote - 3, quote) === 'id=' && /\s/.test(a[quote - 4]!)) return false;
  }
  return true;
}

const EARLY = Symbol.for('benchsite.page-shell');

/**
 * The middleware's note of the run page shell as Astro built it (src/middleware.ts), for the run pages a build
 * renders while Astro builds its other pages (run-pages.ts). Through globalThis: the middleware runs in the
 * pages' module instance, the integration in the config's.
 */
export function noteShell(pathname: string, html: string): void {
  if (pathname.endsWith(`/${SHELL_ROUTE}/`) || pathname.endsWith(`/${SHELL_ROUTE}/index.html`))
    (globalThis as Record<symbol, unknown>)[EARLY] = html;
}

/** The shell noted by the middleware in this process, if Astro built it yet. */
export const notedShell = (): string | undefined =>
  (globalThis as Record<symbol, unknown>)[EARLY] as string | undefined;

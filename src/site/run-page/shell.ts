// The page shell of run pages: Astro builds one page with the site's layout (header, navigation, CSS) and
// these placeholders, and each run page is that page with them filled in.
import { anchorHeadings } from '../heading-anchors.ts';
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
export function fillShell(shell: string, page: { title: string; description?: string; body: string }): string {
  // One pass over the shell only: a run's text may contain a placeholder (`@@benchsite-body@@` as a label),
  // which must stay text, and `$&` and the like (so no String.replace templates).
  const fill: Record<string, string> = {
    [PLACEHOLDER.title]: esc(page.title),
    // as Astro escapes the text of <title> and the value of an attribute
    [PLACEHOLDER.description]: escAttr(page.description ?? ''),
    [PLACEHOLDER.body]: page.body,
  };
  return anchorHeadings(
    shell
      .split(/(@@benchsite-(?:title|description|body)@@)/)
      .map((part) => fill[part] ?? part)
      .join(''),
  );
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

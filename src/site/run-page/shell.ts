// The page shell of run pages: Astro builds one page with the site's layout (header, navigation, CSS) and
// these placeholders, and each run page is that page with them filled in.
import { esc } from '../html.ts';

export const SHELL_ROUTE = 'run-page-shell';
export const PLACEHOLDER = {
  title: '@@benchsite-title@@',
  description: '@@benchsite-description@@',
  body: '@@benchsite-body@@',
} as const;

/** Fail early (at build time) when the layout lost a placeholder, instead of pages without a title or body. */
export function checkShell(shell: string): void {
  for (const [what, token] of Object.entries(PLACEHOLDER)) {
    if (shell.split(token).length !== 2)
      throw new Error(`the run page shell (/${SHELL_ROUTE}/) must hold the ${what} placeholder ${token} exactly once`);
  }
}

export function fillShell(shell: string, page: { title: string; description: string; body: string }): string {
  // Split and join, not String.replace: a page's text may contain `$&` and the like.
  return shell
    .split(PLACEHOLDER.title)
    .join(esc(page.title))
    .split(PLACEHOLDER.description)
    .join(esc(page.description))
    .split(PLACEHOLDER.body)
    .join(page.body);
}

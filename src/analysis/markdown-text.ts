// Strings from runs in GitHub Markdown (the pull-request comment of `benchsite diff`). A run may come from
// anyone's pull request, so its strings must show as text: no mention (`@someone`), no link or autolink, no
// image, no HTML, no issue or commit reference. GitHub applies none of those inside a code span, and a code
// span shows `<`, `&`, `*` and `[` as themselves, so every string from a run goes into one, fenced by more
// backticks than it holds. Pure.

/** Line breaks and other control characters (one line keeps a table row or heading whole), and the
 * direction overrides that could show a string reversed. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A string from a run as a Markdown code span. In a table cell `|` is written `\|` (GFM splits cells before it
 * reads code spans, and shows `\|` inside one as `|`). Strings longer than `max` are cut with an ellipsis.
 */
export function mdCode(s: string, opts: { table?: boolean; max?: number } = {}): string {
  const max = opts.max ?? 200;
  let text = s.replace(CONTROL, ' ').replace(BIDI, '\ufffd');
  if ([...text].length > max) text = `${[...text].slice(0, max - 1).join('')}…`;
  if (opts.table) text = text.replaceAll('|', '\\|');
  if (text.trim() === '') return '(empty)';
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  // A space on each side when the text touches a backtick or starts and ends with one (CommonMark strips one).
  const pad = longest > 0 || (text.startsWith(' ') && text.endsWith(' ')) ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A link from our own site's address to a page of it, its text a code span (the run id or report name). */
export function mdLink(text: string, href: string | undefined, opts: { table?: boolean } = {}): string {
  const code = mdCode(text, opts);
  return href ? `[${code}](${href})` : code;
}

/** The path of a site page for a run id or report slug, each segment percent-encoded. */
export const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

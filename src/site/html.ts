// HTML from template literals for pages rendered outside Astro (run pages at 10,000 runs): every
// interpolated value is escaped unless it is already `Html`, arrays are joined, and false/null/undefined
// print nothing, the same rules as Astro's own expressions.

/** Markup that is already safe: the result of `html` or trusted `raw` markup (pre-drawn charts). */
export class Html {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  toString(): string {
    return this.text;
  }
}

export type HtmlValue = Html | string | number | boolean | null | undefined | HtmlValue[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const SPECIAL = /[&<>"']/;

// Most strings of a run need no escaping: testing first spares the replace and its callback (a run page
// escapes thousands of strings, 10,000 pages per build).
export const esc = (s: string): string => (SPECIAL.test(s) ? s.replace(/[&<>"']/g, (c) => ESCAPES[c]!) : s);

/**
 * An attribute value as Astro writes one (`&` and `"` only): the page shell's description is filled with it, so
 * that a page filled outside Astro is the same bytes as the page Astro renders (fast-build/).
 */
export const escAttr = (s: string): string =>
  s.includes('&') || s.includes('"') ? s.replace(/&/g, '&amp;').replace(/"/g, '&quot;') : s;

function print(v: HtmlValue): string {
  if (v instanceof Html) return v.text;
  if (Array.isArray(v)) return v.map(print).join('');
  if (v === null || v === undefined || v === false || v === true) return '';
  return esc(String(v));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += print(values[i]!) + strings[i + 1]!;
  return new Html(out);
}

/** Trusted markup, inserted as it is. */
export const raw = (text: string): Html => new Html(text);

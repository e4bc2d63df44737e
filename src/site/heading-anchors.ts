// Every h2, h3 and h4 of a page gets a stable id and a visible link to itself, so a reader can link "the write
// results". Done once over the page's whole HTML (src/middleware.ts for Astro's pages, fillShell for the pages
// made without Astro), after the author's prose and the tables generated around it are put together: one pass
// sees every heading and every id, so ids never collide. A heading's id is
// its text as a slug (`Results: writes` -> `results-writes`), stable as long as its words are; an id the page
// has already (a heading's own, or any element's) is kept, and a slug another element holds gets -2, -3 ...

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of an HTML fragment: tags dropped, character references decoded. */
export function textOf(fragment: string): string {
  return fragment
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, ref: string) => {
      if (ref[0] === '#') {
        const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
      }
      return ENTITIES[ref.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** A heading's text as an id: lower case letters, digits, `.` and `_`, words joined by `-`. */
export function slugOf(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return slug || 'section';
}

const escAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const HEADING = /<h([234])((?:\s[^>]*)?)>([\s\S]*?)<\/h\1>/g;
const ID = /\sid="([^"]*)"/;
const IDS = /\sid="([^"]*)"/g;

/** The ids `html` gives any element, added to `into`. */
export function addIds(html: string, into: Set<string>): Set<string> {
  for (const m of html.matchAll(IDS)) into.add(m[1]!);
  return into;
}

/**
 * anchorHeadings' work as pieces pushed onto `out` (`html`'s own text between the headings, as slices), with the
 * ids the page has already in `taken` (the new ones are added): a page's pieces can be written without a string
 * of the whole page being made, twice, for each run page.
 */
export function anchorPieces(html: string, taken: Set<string>, out: string[]): void {
  let at = 0;
  for (const m of html.matchAll(HEADING)) {
    const [whole, level, attrs0, inner] = m as unknown as [string, string, string, string];
    out.push(html.slice(at, m.index), anchored(whole, level, attrs0, inner, taken));
    at = m.index + whole.length;
  }
  out.push(at ? html.slice(at) : html);
}

function anchored(whole: string, level: string, attrs: string, inner: string, taken: Set<string>): string {
  if (/<a class="anchor"/.test(inner)) return whole;
  const text = textOf(inner);
  let id = ID.exec(attrs)?.[1];
  if (id === undefined) {
    const slug = slugOf(text);
    id = slug;
    for (let n = 2; taken.has(id); n++) id = `${slug}-${n}`;
    taken.add(id);
    attrs = ` id="${escAttr(id)}"${attrs}`;
  }
  // The link's "#" is drawn by CSS (a.anchor::before): the heading's text stays its words.
  const link = `<a class="anchor" href="#${escAttr(id)}" aria-label="${escAttr(`Link to this section: ${text}`)}"></a>`;
  return `<h${level}${attrs}>${inner}${link}</h${level}>`;
}

/** `html` with an id on every h2, h3 and h4 and, inside each, a link to it (`<a class="anchor" href="#id">`). */
export function anchorHeadings(html: string): string {
  const out: string[] = [];
  anchorPieces(html, addIds(html, new Set()), out);
  return out.join('');
}

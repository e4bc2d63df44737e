// The tables of a page the site built, read without a browser: each <table> with its attributes, the header cells
// of its <thead> and the rows of its <tbody>, each cell with its tag, attributes and text. For the site's own
// markup (well-formed, no nested tables).
interface HtmlCell {
  tag: 'td' | 'th';
  attrs: Record<string, string>;
  /** The text, tags removed and entities decoded. */
  text: string;
  /** The markup inside the cell. */
  inner: string;
}

export interface HtmlTable {
  attrs: Record<string, string>;
  head: HtmlCell[];
  rows: Array<{ attrs: Record<string, string>; cells: HtmlCell[] }>;
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', dagger: '\u2020' };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
      : (ENTITIES[e.toLowerCase()] ?? m),
  );

function attrsOf(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:="([^"]*)")?/g)) out[m[1]!] = decode(m[2] ?? '');
  return out;
}

function cellsOf(rowHtml: string): HtmlCell[] {
  return [...rowHtml.matchAll(/<(td|th)(\s[^>]*)?>([\s\S]*?)<\/\1>/g)].map((m) => ({
    tag: m[1] as 'td' | 'th',
    attrs: attrsOf(m[2] ?? ''),
    inner: m[3]!,
    text: decode(m[3]!.replace(/<[^>]+>/g, '')).trim(),
  }));
}

export function htmlTables(html: string): HtmlTable[] {
  return [...html.matchAll(/<table(\s[^>]*)?>([\s\S]*?)<\/table>/g)].map((m) => {
    const body = m[2]!;
    const thead = /<thead>([\s\S]*?)<\/thead>/.exec(body)?.[1] ?? '';
    const tbody = /<tbody>([\s\S]*?)<\/tbody>/.exec(body)?.[1] ?? body;
    return {
      attrs: attrsOf(m[1] ?? ''),
      head: cellsOf(thead),
      rows: [...tbody.matchAll(/<tr(\s[^>]*)?>([\s\S]*?)<\/tr>/g)].map((r) => ({
        attrs: attrsOf(r[1] ?? ''),
        cells: cellsOf(r[2]!),
      })),
    };
  });
}

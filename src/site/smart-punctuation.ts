// Typographic quotes, dashes and ellipses of report prose, in one pass over each run of text. The Markdown
// renderer's own smart punctuation (satteri, native) paired quotes in quadratic time and memory: 25,000 `"` took
// 1 GB, and 148 KB of `x "` aborted the process. This follows the CommonMark smart punctuation rules for each
// character alone: a quote that can open a quotation (left-flanking and not right-flanking) opens, one that can
// close closes, and one that can do neither is “ or ’, as CommonMark leaves an unpaired quote; a single quote that
// opens and is not closed in the same run of text is an apostrophe ('90s). Pairing with a stack keeps it linear. Runs of hyphens become en and em dashes as CommonMark splits them; `...` becomes an ellipsis.

const WHITESPACE = /\s/;
const PUNCTUATION = /[\p{P}\p{S}]/u;

type Around = 'space' | 'punct' | 'other';
const kind = (ch: string): Around =>
  ch === '' || WHITESPACE.test(ch) ? 'space' : PUNCTUATION.test(ch) ? 'punct' : 'other';

/** Whether the character between `prev` and `next` ('' at the edge of a block) is left- and right-flanking. */
function flanking(prev: string, next: string): { left: boolean; right: boolean } {
  const b = kind(prev);
  const a = kind(next);
  return {
    left: a !== 'space' && (a !== 'punct' || b !== 'other'),
    right: b !== 'space' && (b !== 'punct' || a !== 'other'),
  };
}

/** A run of n >= 2 hyphens as CommonMark's smart punctuation splits it: em dashes first, then en dashes. */
function dashes(n: number): string {
  const [em, en] =
    n % 3 === 0 ? [n / 3, 0] : n % 2 === 0 ? [0, n / 2] : n % 3 === 2 ? [(n - 2) / 3, 1] : [(n - 4) / 3, 2];
  return '\u2014'.repeat(em) + '\u2013'.repeat(en);
}

/**
 * `text` with typographic punctuation. `before` and `after` are the characters around it in the source ('' at
 * the edge of a block); `literal[i]` set means the character at i was written escaped (`\"`) and stays as it is.
 */
export function smartPunctuation(text: string, before = '', after = '', literal?: Uint8Array): string {
  const out: string[] = [];
  // Single quotes that opened and are not closed yet (indexes into out): an apostrophe unless one closes them.
  const open: number[] = [];
  let doubles = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch !== '"' && ch !== "'" && ch !== '-' && ch !== '.') continue;
    if (literal?.[i]) continue;
    let end = i + 1;
    let by: string;
    if (ch === '-') {
      while (end < text.length && text[end] === '-' && !literal?.[end]) end++;
      if (end - i < 2) continue;
      by = dashes(end - i);
    } else if (ch === '.') {
      if (text[i + 1] !== '.' || text[i + 2] !== '.' || literal?.[i + 1] || literal?.[i + 2]) continue;
      end = i + 3;
      by = '\u2026';
    } else {
      const f = flanking(i > 0 ? text[i - 1]! : before, i + 1 < text.length ? text[i + 1]! : after);
      if (ch === '"') {
        // Between two words (both flanking) it opens unless a quotation is open, as the renderer paired them.
        if (f.right && (doubles > 0 || !f.left)) {
          by = '\u201d';
          doubles = Math.max(0, doubles - 1);
        } else {
          by = '\u201c';
          if (f.left) doubles++;
        }
      } else if (f.left && !f.right) {
        by = '\u2018';
        open.push(out.length + 1);
      } else {
        by = '\u2019';
        if (f.right) open.pop();
      }
    }
    out.push(text.slice(from, i), by);
    from = end;
    i = end - 1;
  }
  if (from === 0) return text;
  for (const k of open) out[k] = '\u2019';
  out.push(text.slice(from));
  return out.join('');
}

/**
 * Which characters of a text node's value were written escaped in its source (`\"`, `&quot;`): a walk of both
 * side by side, in one pass. Undefined when the source is the value itself.
 */
export function escapedIn(value: string, raw: string): Uint8Array | undefined {
  if (raw === value) return undefined;
  const literal = new Uint8Array(value.length);
  let j = 0;
  for (let i = 0; i < value.length && j < raw.length; i++) {
    const c = value[i]!;
    // Source that the value does not show (indentation of a continuation line) is skipped.
    while (j < raw.length && raw[j] !== c && raw[j] !== '\\' && raw[j] !== '&') j++;
    if (raw[j] === '\\' && j + 1 < raw.length && /[!-/:-@[-`{-~]/.test(raw[j + 1]!)) {
      literal[i] = 1;
      j += 2;
    } else if (raw[j] === '&' && c !== '&') {
      ENTITY.lastIndex = j;
      const m = ENTITY.exec(raw);
      literal[i] = 1;
      j += m ? m[0].length : 1;
      // An entity may stand for two UTF-16 units (an astral character).
      if (m && i + 1 < value.length && c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) < 0xdc00) literal[++i] = 1;
    } else {
      if (raw[j] === '&') {
        ENTITY.lastIndex = j;
        const m = ENTITY.exec(raw);
        // `&amp;` is the value's `&`; a lone `&` is itself.
        if (m && m[0] !== '&') {
          literal[i] = 1;
          j += m[0].length;
          continue;
        }
      }
      j++;
    }
  }
  return literal;
}

const ENTITY = /&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/y;

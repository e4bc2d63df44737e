// The syntax of `{{ expression }}` and `{{ assert expression <comparison> number }}` in a report's prose: tokens
// and the expression tree. The grammar is in docs/placeholders.md; placeholder-values.ts evaluates a tree.

interface NameArg {
  type: 'name';
  text: string;
  /** Offset of the name in the expression. */
  at: number;
}

export interface CallExpr {
  type: 'call';
  name: string;
  args: Expr[];
  /** `key=value` arguments (`section=2`, `metric=cpu_per_query`). */
  options: Record<string, NameArg>;
  at: number;
}

export type Expr = CallExpr | NameArg;

const COMPARISONS = ['>=', '<=', '>', '<', '=', '!=', '\u2248'] as const;
export type Comparison = (typeof COMPARISONS)[number];

export interface Placeholder {
  expr: Expr;
  /**
   * A claim. `≈` (also `~=`) takes a tolerance, `≈ 33 ± 5` (`+-` too) or relative `≈ 4 ± 10%`, so a sentence can
   * keep the author's rounded words; `said` is the number as the author wrote it.
   */
  assert?: { op: Comparison; number: number; said: string; tolerance?: { value: number; relative: boolean } };
}

/** A placeholder that cannot be parsed or does not resolve: what, and the names that would. */
export class PlaceholderError extends Error {
  readonly suggestions: string[];
  constructor(message: string, suggestions: string[] = []) {
    super(message);
    this.suggestions = suggestions;
  }
}

type Token = { kind: 'word' | 'quoted' | 'punct' | 'op'; text: string; at: number };

// Maps, not objects: every name in a placeholder is the report's text, and an object answers `constructor`.
const QUOTES = new Map([
  ['"', '"'],
  ["'", "'"],
  ['\u201c', '\u201d'],
  ['\u2018', '\u2019'],
]);
const OPS = new Map<string, Comparison>([
  ['>=', '>='],
  ['\u2265', '>='],
  ['<=', '<='],
  ['\u2264', '<='],
  ['>', '>'],
  ['<', '<'],
  ['=', '='],
  ['==', '='],
  ['!=', '!='],
  ['\u2260', '!='],
  ['\u2248', '\u2248'],
  ['~=', '\u2248'],
]);
const WORD = /[^\s(),<>"'\u201c\u201d\u2018\u2019\u2264\u2265\u2260\u2248\u00b1]+/y;

export function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '(' || ch === ')' || ch === ',') {
      out.push({ kind: 'punct', text: ch, at: i++ });
    } else if (ch === '\u00b1') {
      out.push({ kind: 'word', text: ch, at: i++ });
    } else if (QUOTES.has(ch)) {
      const end = src.indexOf(QUOTES.get(ch)!, i + 1);
      if (end < 0) throw new PlaceholderError(`a quote opened at character ${i + 1} is not closed`);
      out.push({ kind: 'quoted', text: src.slice(i + 1, end), at: i });
      i = end + 1;
    } else if (
      /[<>!\u2264\u2265\u2260\u2248]/.test(ch) ||
      (ch === '~' && src[i + 1] === '=') ||
      (ch === '=' && (src[i + 1] === '=' || /\s/.test(src[i + 1] ?? ' ')))
    ) {
      const two = src.slice(i, i + 2);
      const op = OPS.has(two) ? two : ch;
      if (!OPS.has(op))
        throw new PlaceholderError(`"${ch}" at character ${i + 1} is not a comparison`, [...OPS.keys()]);
      out.push({ kind: 'op', text: op, at: i });
      i += op.length;
    } else {
      // A name: run ids, labels, test names (`read-only_range=10`, `qr100.L1`), numbers.
      WORD.lastIndex = i;
      const m = WORD.exec(src)!;
      out.push({ kind: 'word', text: m[0], at: i });
      i += m[0].length;
    }
  }
  return out;
}

export const FUNCTIONS = [
  'rel',
  'value',
  'ratio',
  'bp',
  'median',
  'min',
  'max',
  'argmin',
  'argmax',
  'count',
  'magnitude',
] as const;
const OPTION_KEYS = ['section', 'metric'];

/** Parse the text between `{{` and `}}`. */
export function parsePlaceholder(src: string): Placeholder {
  const tokens = tokenize(src);
  let p = 0;
  let assert = false;
  if (tokens[0]?.kind === 'word' && tokens[0].text === 'assert') {
    assert = true;
    p = 1;
  }
  const peek = () => tokens[p];
  const expect = (text: string) => {
    const t = tokens[p];
    if (!t || t.text !== text || t.kind !== 'punct') {
      // Two names in a row: most likely one name with a blank (`ma cy1`), which is written in quotes.
      const before = tokens[p - 1];
      const blank =
        t?.kind === 'word' && before?.kind === 'word'
          ? `; a name with a blank is written in quotes: "${before.text} ${t.text}"`
          : '';
      throw new PlaceholderError(t ? `expected "${text}" before "${t.text}"${blank}` : `expected "${text}" at the end`);
    }
    p++;
  };
  const parseExpr = (): Expr => {
    const t = tokens[p];
    if (!t || t.kind === 'punct' || t.kind === 'op')
      throw new PlaceholderError(t ? `expected a name or a function before "${t.text}"` : 'expected an expression');
    p++;
    if (t.kind === 'word' && peek()?.text === '(' && peek()?.kind === 'punct') {
      p++;
      const call: CallExpr = { type: 'call', name: t.text, args: [], options: {}, at: t.at };
      if (peek()?.text !== ')') {
        for (;;) {
          const a = tokens[p];
          const kv = a?.kind === 'word' ? /^([a-z]+)=(.+)$/.exec(a.text) : null;
          if (kv && OPTION_KEYS.includes(kv[1]!)) {
            call.options[kv[1]!] = { type: 'name', text: kv[2]!, at: a!.at + kv[1]!.length + 1 };
            p++;
          } else call.args.push(parseExpr());
          if (peek()?.text === ',' && peek()?.kind === 'punct') p++;
          else break;
        }
      }
      expect(')');
      return call;
    }
    return { type: 'name', text: t.text, at: t.at };
  };
  const expr = parseExpr();
  if (!assert) {
    if (p < tokens.length)
      throw new PlaceholderError(
        tokens[p]!.kind === 'op'
          ? `a comparison needs "assert" first: {{ assert ${src.trim()} }}`
          : `unexpected "${tokens[p]!.text}" after the expression`,
      );
    return { expr };
  }
  const op = tokens[p];
  if (!op || op.kind !== 'op')
    throw new PlaceholderError(
      `an assert needs a comparison (${COMPARISONS.join(' ')}) and a number after its expression`,
    );
  p++;
  const number = () => {
    const t = tokens[p];
    const x = t && t.kind === 'word' ? Number(t.text.replace('\u2212', '-').replace(/[xX%]$/, '')) : NaN;
    if (!t || !Number.isFinite(x))
      throw new PlaceholderError(`an assert compares with a number, not ${t ? `"${t.text}"` : 'nothing'}`);
    p++;
    return { x, text: t.text.replace(/[xX]$/, '') };
  };
  const comparison = OPS.get(op.text)!;
  const n = number();
  const assertion: NonNullable<Placeholder['assert']> = { op: comparison, number: n.x, said: n.text };
  if (comparison === '\u2248') {
    const pm = tokens[p];
    if (!pm || (pm.text !== '\u00b1' && pm.text !== '+-'))
      throw new PlaceholderError(
        `"\u2248" takes a tolerance: {{ assert ... \u2248 ${n.text} \u00b1 2 }}, or relative: \u00b1 10%`,
        ['\u00b1', '+-'],
      );
    p++;
    const tol = tokens[p];
    const t = number();
    if (t.x < 0) throw new PlaceholderError('a tolerance is not negative');
    assertion.tolerance = { value: t.x, relative: tol!.text.endsWith('%') };
  }
  if (p < tokens.length) throw new PlaceholderError(`unexpected "${tokens[p]!.text}" after the number`);
  return { expr, assert: assertion };
}

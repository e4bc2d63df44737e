// The mutations of content: the shapes of issue 27 (a report of 50,000 `"`, 148 KB of `x "`, 588 KB of `{{ `,
// nested block quotes, YAML alias bombs, deep and wide YAML, `? ` keys, names with U+2028, placeholders that name
// built-in properties) and the damage of hand edits (cut files, swapped lines, stray bytes). A case is fully
// determined by (seed, case number): `npm run fuzz -- --content --seed 1 --case 12` makes the same text again.
import { caseRandom, type Random } from '../mutate.ts';
import type { ContentSeed } from './corpus.ts';

/** Runs of a unit that cost some parser more than linear time, or that no author writes. */
const UNITS = [
  '"',
  'x "',
  "'",
  "x '",
  '{{ ',
  '}}',
  '{{ x }} ',
  '>',
  '> ',
  '1. ',
  '- ',
  '* ',
  '*',
  '_',
  '[',
  '](',
  '![',
  '`',
  '\\',
  '&amp;',
  '&#',
  '<',
  '<a ',
  '|',
  '#',
  '---\n',
  '--',
  '...',
  ': ',
  '? ',
  '- [',
  '{',
  '&a ',
  '*a ',
  '!!str ',
  '\u2028',
  '\u2029',
  '\u202e',
  '\u0000',
  '\t',
  '%',
  '\n',
  '\r',
  '\ufeff',
  'é',
  '😀',
  ' ',
];

/** Placeholders that must be refused with a line, never crash, hang or print a built-in property. */
const PLACEHOLDERS = [
  '{{ value(constructor, point-query, metric=constructor) }}',
  '{{ value(8.4.8, point-query, metric=__proto__) }}',
  '{{ ratio(a, b, toString, metric=hasOwnProperty) }}',
  '{{ rel(__proto__, constructor) }}',
  '{{ median(bp(z12c, constructor)) }}',
  '{{ assert rel(a, b) >= 1e400 }}',
  '{{ assert count(rel(a, all)) = NaN }}',
  '{{ argmax(rel(a, "unclosed)) }}',
  '{{ min() }}',
  '{{ \u201crel\u201d(x, y) }}',
  `{{ ${'median('.repeat(3000)}x${')'.repeat(3000)} }}`,
  `{{ rel(${'a'.repeat(5000)}, b) }}`,
  '{{ table(relative) }}',
  '{{ chart(nope, section=99) }}',
];

/** Names no name may hold, for the places where names go. */
const BAD_NAMES = ['point\u2028query', 'x\u202ey', 'a\u0000b', 'tab\there', '__proto__', 'constructor', '', ' '];

const pos = (r: Random, text: string) => r.int(text.length + 1);
const insert = (text: string, at: number, what: string) => text.slice(0, at) + what + text.slice(at);
/** Sizes from tiny to large, most of them small: a large one costs seconds in a slow parser. */
const size = (r: Random) => r.pick([1, 2, 3, 10, 100, 1000, 5000, 20_000, 50_000]);

/** The billion laughs, indented to sit in a mapping (a report's frontmatter, or a file at its top). */
function aliasBomb(indent: string): string {
  let s = `${indent}bomb0: &b0 [x, x, x, x, x, x, x, x, x]\n`;
  for (let i = 1; i < 9; i++)
    s += `${indent}bomb${i}: &b${i} [${Array(9)
      .fill(`*b${i - 1}`)
      .join(', ')}]\n`;
  return s;
}

type Mutation = (text: string, r: Random, seed: ContentSeed) => string;

/** Where YAML goes in this seed: after the frontmatter's first line for a report, else at the top. */
const yamlSpot = (text: string, seed: ContentSeed) =>
  seed.kind === 'report' ? Math.max(0, text.indexOf('\n') + 1) : 0;

/** The exact inputs issue 27 reported, at their sizes: a report body, or YAML for the other files. */
const ISSUE_BODIES = [
  '"'.repeat(50_000),
  '"'.repeat(25_000),
  'x "'.repeat(50_000),
  '{{ '.repeat(80_000),
  '>'.repeat(100_000),
  '1. '.repeat(30_000),
  `{{ value(a, b, metric=constructor) }} ${'word '.repeat(10)}`,
  `A test named point\u2028query: {{ rel(x, point\u2028query) }}`,
];
const ISSUE_YAML = [
  aliasBomb(''),
  `k: ${'['.repeat(40_000)}`,
  `k: ${'? '.repeat(2_000)}`,
  Array.from({ length: 8_000 }, (_, i) => `- {date: 2026-01-01, host: h${i}, text: t}`).join('\n'),
  Array.from({ length: 8_000 }, (_, i) => `k${i}: ${i}`).join('\n'),
  '- {date: 2026-01-01, host: "a\u2028b", text: t}',
];

export const CONTENT_MUTATIONS: Record<string, Mutation> = {
  'a shape of issue 27': (t, r, s) => {
    if (s.kind !== 'report') return r.pick(ISSUE_YAML);
    const end = t.indexOf('\n---', 4);
    return `${end < 0 ? t : t.slice(0, end + 5)}\n${r.pick(ISSUE_BODIES)}\n`;
  },
  'a long run of one unit': (t, r) => insert(t, pos(r, t), r.pick(UNITS).repeat(size(r))),
  'the body replaced by a long run': (t, r, s) => {
    const unit = r.pick(UNITS).repeat(size(r));
    if (s.kind !== 'report') return unit;
    const end = t.indexOf('\n---', 4);
    return end < 0 ? unit : `${t.slice(0, end + 5)}\n${unit}\n`;
  },
  'an alias bomb': (t, _r, s) => insert(t, yamlSpot(t, s), aliasBomb('')),
  'deep flow nesting': (t, r, s) => insert(t, yamlSpot(t, s), `deep: ${'['.repeat(size(r))}\n`),
  'deep block nesting': (t, r, s) => {
    const n = Math.min(size(r), 2000);
    return insert(t, yamlSpot(t, s), Array.from({ length: n }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n') + ' 1\n');
  },
  'many keys': (t, r, s) =>
    insert(t, yamlSpot(t, s), `many:\n${Array.from({ length: size(r) }, (_, i) => `  k${i % 97}: ${i}`).join('\n')}\n`),
  'question keys': (t, r, s) => insert(t, yamlSpot(t, s), `q: ${'? '.repeat(size(r))}\n`),
  'a name no name may hold': (t, r) => {
    // A word of the text (a test name, label, host, title) replaced in every place it occurs.
    const words = [...new Set(t.match(/[A-Za-z][\w.=-]{2,40}/g) ?? [])];
    return words.length ? t.split(r.pick(words)).join(r.pick(BAD_NAMES)) : t;
  },
  'a hostile placeholder': (t, r) => {
    const end = t.indexOf('\n---', 4);
    return insert(
      t,
      end < 0 ? pos(r, t) : end + 5 + r.int(Math.max(1, t.length - end - 5)),
      ` ${r.pick(PLACEHOLDERS)} `,
    );
  },
  'cut short': (t, r) => t.slice(0, pos(r, t)),
  'lines swapped': (t, r) => {
    const l = t.split('\n');
    const i = r.int(l.length);
    const j = r.int(l.length);
    [l[i], l[j]] = [l[j]!, l[i]!];
    return l.join('\n');
  },
  'a line deleted': (t, r) => {
    const l = t.split('\n');
    l.splice(r.int(l.length), 1);
    return l.join('\n');
  },
  'stray characters': (t, r) => {
    let out = t;
    for (let k = 0, n = 1 + r.int(20); k < n; k++) {
      const at = pos(r, out);
      out = out.slice(0, at) + r.pick(UNITS) + out.slice(at + r.int(2));
    }
    return out;
  },
  'one huge line': (t, r) => insert(t, pos(r, t), 'w'.repeat(r.pick([70_000, 300_000]))),
  'CRLF and a BOM': (t) => `\ufeff${t.replace(/\n/g, '\r\n')}`,
  'a lone surrogate': (t, r) => insert(t, pos(r, t), '\ud800'),
};

export interface ContentCase {
  seed: ContentSeed;
  mutations: string[];
  text: string;
}

/** Case `n` of fuzzer seed `seed`: a seed file and one to three mutations of it. */
export function makeContentCase(seeds: ContentSeed[], seed: number, n: number): ContentCase {
  const r = caseRandom(seed, n);
  // Each kind of file as often as the others (there are many more meta files than annotation files).
  const kinds = [...new Set(seeds.map((x) => x.kind))];
  const kind = kinds[n % kinds.length];
  const s = r.pick(seeds.filter((x) => x.kind === kind));
  const names = Object.keys(CONTENT_MUTATIONS);
  const mutations: string[] = [];
  let text = s.text;
  for (let k = 0, count = 1 + r.int(3); k < count; k++) {
    // A third of the mutations are the issue's own shapes: each of them alone is rare among the rest.
    const name = r.chance(0.3) ? 'a shape of issue 27' : r.pick(names);
    mutations.push(name);
    text = CONTENT_MUTATIONS[name]!(text, r, s);
  }
  return { seed: s, mutations, text };
}

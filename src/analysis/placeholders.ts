// `{{ expression }}` and `{{ assert expression <comparison> number }}` in a report's prose: parsed and evaluated
// against the report model (src/analysis/report-model.ts), the same numbers the tables show, formatted as the
// tables format them. Pure: no file is read, nothing is rendered; src/site/markdown.ts finds the placeholders
// in the Markdown and puts the text in their place. The grammar is in docs/placeholders.md.
import {
  formatBp,
  formatGeneral,
  formatRelative,
  formatValue as printValue,
  metricOf,
  printedBasisPoints,
} from '../engine/index.ts';
import type { ModelSection, ReportModel } from './report-model.ts';

interface NameArg {
  type: 'name';
  text: string;
  /** Offset of the name in the expression. */
  at: number;
}

interface CallExpr {
  type: 'call';
  name: string;
  args: Expr[];
  /** `key=value` arguments (`section=2`, `metric=cpu_per_query`). */
  options: Record<string, NameArg>;
  at: number;
}

type Expr = CallExpr | NameArg;

const COMPARISONS = ['>=', '<=', '>', '<', '=', '!=', '\u2248'] as const;
type Comparison = (typeof COMPARISONS)[number];

export interface Placeholder {
  expr: Expr;
  /**
   * A claim. `≈` (also `~=`) takes a tolerance, `≈ 33 ± 5` (`+-` too) or relative `≈ 4 ± 10%`, so a sentence can
   * keep the author's rounded words; `said` is the number as the author wrote it.
   */
  assert?: { op: Comparison; number: number; said: string; tolerance?: { value: number; relative: boolean } };
}

/** A placeholder's text, and the note a claim adds when the value differs from what the author wrote. */
export interface Rendered {
  text: string;
  note?: string;
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
/** A test's metric value, read only from the record's own keys (a report may name `constructor`). */
const own = <T>(rec: Record<string, T> | undefined, key: string): T | undefined =>
  rec && Object.hasOwn(rec, key) ? rec[key] : undefined;

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

const FUNCTIONS = [
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
    if (!t || t.text !== text || t.kind !== 'punct')
      throw new PlaceholderError(t ? `expected "${text}" before "${t.text}"` : `expected "${text}" at the end`);
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

/** Kinds of values, which decide how a value is printed. */
type Kind = 'relative' | 'ratio' | 'bp' | 'value' | 'count' | 'test';

// `text`: the value as its table prints it (the engine's cell), which the sentence then prints too.
interface Scalar {
  kind: Kind;
  value: number | string;
  text?: string;
}
interface Item {
  test: string;
  value: number;
  text?: string;
}
interface List {
  kind: Kind;
  items: Item[];
}
type Value = Scalar | List;

const isList = (v: Value): v is List => 'items' in v;

/** Names longer than this are compared by length only: a report or run may hold a huge one, and the edit
 * distance costs the product of the lengths. */
const MAX_COMPARED = 200;

function distance(a: string, b: string): number {
  if (a.length > MAX_COMPARED || b.length > MAX_COMPARED) return Math.max(a.length, b.length);
  const d = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0]!;
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = d[j]!;
      d[j] = Math.min(d[j]! + 1, d[j - 1]! + 1, prev + (a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1));
      prev = tmp;
    }
  }
  return d[b.length]!;
}

/** Candidates sorted by closeness to `name` (closest first), each once. */
export function closest(name: string, candidates: string[]): string[] {
  return [...new Set(candidates)]
    .map((c, i) => ({ c, i, d: c.includes(name) || name.includes(c) ? 0.5 : distance(name, c) }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .map((x) => x.c);
}

/** `z12c, z12b_sync, ...` for messages: the closest few and how many more. */
function suggestionList(names: string[], max = 8): string {
  if (!names.length) return '(none)';
  const shown = names.slice(0, max).join(', ');
  return names.length > max ? `${shown} and ${names.length - max} more` : shown;
}

function fail(what: string, name: string, candidates: string[]): never {
  const sorted = closest(name, candidates);
  throw new PlaceholderError(`${what}; names that would resolve: ${suggestionList(sorted)}`, sorted);
}

const sectionLabel = (s: ModelSection) => `section ${s.number}${s.title ? ` "${s.title}"` : ''} (base ${s.base.label})`;

function columnIn(s: ModelSection, name: string) {
  return s.columns.find((c) => c.id === name) ?? s.columns.find((c) => c.label === name);
}

function columnNames(s: ModelSection): string[] {
  return s.columns.flatMap((c) => (c.label === c.id ? [c.id] : [c.label, c.id]));
}

/** The section a call reads: `section=N`, the only one, or the one section that has its first column. */
function sectionOf(model: ReportModel, call: CallExpr, column: string | undefined): ModelSection {
  const opt = call.options.section;
  if (opt) {
    const n = Number(opt.text);
    const s = model.sections.find((x) => x.number === n || x.title === opt.text);
    if (!s)
      fail(
        `no section "${opt.text}"`,
        opt.text,
        model.sections.map((x) => String(x.number)),
      );
    return s;
  }
  if (model.sections.length === 1 || column === undefined) return model.sections[0]!;
  const having = model.sections.filter((s) => columnIn(s, column));
  if (having.length === 1) return having[0]!;
  if (having.length === 0)
    fail(`unknown column "${column}" in every section`, column, model.sections.flatMap(columnNames));
  throw new PlaceholderError(
    `column "${column}" is in ${having.length} sections: say which with section=N (${having.map(sectionLabel).join('; ')})`,
    having.map((s) => `section=${s.number}`),
  );
}

function nameOf(e: Expr, what: string): string {
  if (e.type !== 'name') throw new PlaceholderError(`${what} is a name, not the function ${e.name}()`);
  return e.text;
}

/** The tests a name stands for in a section: one test, or a group. */
function testsOf(s: ModelSection, name: string): { tests: string[]; group: boolean } {
  if (s.rows.some((r) => r.test === name)) return { tests: [name], group: false };
  const group = own(s.groups, name);
  if (group) return { tests: group, group: true };
  fail(`unknown test or group "${name}" in ${sectionLabel(s)}`, name, [
    ...s.rows.map((r) => r.test),
    ...Object.keys(s.groups),
  ]);
}

function arity(call: CallExpr, n: number, usage: string) {
  if (call.args.length !== n)
    throw new PlaceholderError(`${call.name}() takes ${n} argument${n === 1 ? '' : 's'}: ${usage}`);
}

function cellsFor(model: ReportModel, call: CallExpr, usage: string) {
  arity(call, 2, usage);
  const colName = nameOf(call.args[0]!, 'the column');
  const s = sectionOf(model, call, colName);
  const col = columnIn(s, colName);
  if (!col) fail(`unknown column "${colName}" in ${sectionLabel(s)}`, colName, columnNames(s));
  const { tests, group } = testsOf(s, nameOf(call.args[1]!, 'the test'));
  const j = s.columns.indexOf(col);
  const cell = (t: string) => s.rows.find((r) => r.test === t)!.cells[j]!;
  return { s, col, tests, group, cell };
}

function listOrOne(
  kind: Kind,
  group: boolean,
  items: Array<{ test: string; value: number | undefined; text?: string }>,
  missing: string,
): Value {
  const known = items.filter((i): i is Item => i.value !== undefined);
  if (!group) {
    if (!known.length) throw new PlaceholderError(missing);
    const { value, text } = known[0]!;
    return { kind, value, ...(text !== undefined && { text }) };
  }
  if (!known.length) throw new PlaceholderError(`${missing} (no test of the group has one)`);
  return { kind, items: known };
}

/** A column's value relative to the section's base: along a ladder, the product of the steps. */
function toRoot(s: ModelSection, cells: Array<{ relative?: number }>, j: number): number | undefined {
  const col = s.columns[j]!;
  if (col.isBase) return 1;
  const r = cells[j]!.relative;
  const up = toRoot(
    s,
    cells,
    s.columns.findIndex((c) => c.id === col.base),
  );
  return r === undefined || up === undefined ? undefined : r * up;
}

function evaluate(model: ReportModel, e: Expr): Value {
  if (e.type === 'name') {
    const n = Number(e.text.replace('\u2212', '-'));
    if (Number.isFinite(n)) return { kind: 'value', value: n };
    throw new PlaceholderError(`"${e.text}" alone is not a value: use a function, e.g. rel(${e.text}, <test>)`, [
      ...FUNCTIONS,
    ]);
  }
  switch (e.name) {
    case 'rel':
    case 'bp': {
      const usage = `${e.name}(<column>, <test or group>)`;
      const { col, tests, group, cell, s } = cellsFor(model, e, usage);
      if (col.isBase && e.name === 'rel' && !group && cell(tests[0]!).relative === undefined)
        throw new PlaceholderError(`${col.label} is the base of ${sectionLabel(s)} and has no value for ${tests[0]}`);
      // As the table prints the cell, and basis points of that printed value (the engine's cell).
      const items = tests.map((t) => {
        const c = cell(t);
        if (c.relative === undefined) return { test: t, value: undefined };
        return e.name === 'rel'
          ? { test: t, value: c.relative, text: c.text }
          : { test: t, value: printedBasisPoints(c.text) };
      });
      return listOrOne(
        e.name === 'rel' ? 'relative' : 'bp',
        group,
        items,
        `${col.label} has no relative value for ${tests.join(', ')} in ${sectionLabel(s)}`,
      );
    }
    case 'value': {
      const { col, tests, group, s } = cellsFor(model, e, 'value(<column>, <test or group>[, metric=<name>])');
      const metric = e.options.metric?.text;
      const perTest = own(model.results, col.id) ?? {};
      if (metric) {
        const known = [...new Set(Object.values(perTest).flatMap((m) => Object.keys(m)))];
        if (!known.includes(metric)) fail(`${col.label} has no metric "${metric}"`, metric, known);
      }
      const items = tests.map((t) => {
        const row = s.rows.find((r) => r.test === t)!;
        const m = metric ?? row.metric;
        const v = m ? own(own(perTest, t), m) : undefined;
        // Printed as the metric prints it, as the tables do.
        return { test: t, value: v, text: v === undefined ? undefined : printValue(v, metricOf(model.descriptor, m!)) };
      });
      return listOrOne(
        'value',
        group,
        items,
        col.source === 'published-relative'
          ? `${col.label} is published relative: the post gives no absolute value, only rel()`
          : `${col.label} has no ${metric ?? 'value'} for ${tests.join(', ')}`,
      );
    }
    case 'ratio': {
      const usage = 'ratio(<column>, <other column>, <test or group>[, metric=<name>])';
      arity(e, 3, usage);
      const aName = nameOf(e.args[0]!, 'the column');
      const bName = nameOf(e.args[1]!, 'the other column');
      const s = sectionOf(model, e, aName);
      const a = columnIn(s, aName);
      if (!a) fail(`unknown column "${aName}" in ${sectionLabel(s)}`, aName, columnNames(s));
      const b = columnIn(s, bName);
      if (!b) fail(`unknown column "${bName}" in ${sectionLabel(s)}`, bName, columnNames(s));
      const { tests, group } = testsOf(s, nameOf(e.args[2]!, 'the test'));
      const ja = s.columns.indexOf(a);
      const jb = s.columns.indexOf(b);
      const metric = e.options.metric?.text;
      const has = (id: string, m: string) =>
        Object.values(own(model.results, id) ?? {}).some((x) => own(x, m) !== undefined);
      if (metric && !(has(a.id, metric) && has(b.id, metric)))
        fail(`${a.label} or ${b.label} has no metric "${metric}"`, metric, [
          ...new Set(
            [a, b].flatMap((c) => Object.values(own(model.results, c.id) ?? {}).flatMap((x) => Object.keys(x))),
          ),
        ]);
      const items = tests.map((t) => {
        const row = s.rows.find((r) => r.test === t)!;
        if (metric) {
          const va = own(own(own(model.results, a.id), t), metric);
          const vb = own(own(own(model.results, b.id), t), metric);
          return { test: t, value: va !== undefined && vb ? va / vb : undefined };
        }
        const ca = row.cells[ja]!;
        const cb = row.cells[jb]!;
        // Absolute values when both have them; otherwise each relative to the section's base (a ladder's
        // columns multiplied along it), whose ratio is the same.
        if (ca.value !== undefined && cb.value !== undefined && cb.value !== 0)
          return { test: t, value: ca.value / cb.value };
        const ra = toRoot(s, row.cells, ja);
        const rb = toRoot(s, row.cells, jb);
        return { test: t, value: ra !== undefined && rb ? ra / rb : undefined };
      });
      return listOrOne(
        'ratio',
        group,
        items,
        `no values of ${a.label} and ${b.label} to divide for ${tests.join(', ')}`,
      );
    }
    case 'median':
    case 'min':
    case 'max':
    case 'argmin':
    case 'argmax':
    case 'count': {
      arity(e, 1, `${e.name}(<expression over a group>), e.g. ${e.name}(bp(<column>, writes))`);
      const v = evaluate(model, e.args[0]!);
      if (!isList(v))
        throw new PlaceholderError(`${e.name}() needs values over a group of tests (a group name where the test goes)`);
      const xs = v.items;
      if (e.name === 'count') return { kind: 'count', value: xs.length };
      if (e.name === 'median') {
        // The middle cell as its table prints it; between two cells, their mean printed alike.
        const sorted = [...xs].sort((p, q) => p.value - q.value);
        const m = sorted.length >> 1;
        return sorted.length % 2
          ? { kind: v.kind, value: sorted[m]!.value, text: sorted[m]!.text }
          : { kind: v.kind, value: (sorted[m - 1]!.value + sorted[m]!.value) / 2 };
      }
      const pick = xs.reduce((p, q) => ((e.name.endsWith('min') ? q.value < p.value : q.value > p.value) ? q : p));
      return e.name.startsWith('arg')
        ? { kind: 'test', value: pick.test }
        : { kind: v.kind, value: pick.value, text: pick.text };
    }
    case 'magnitude': {
      arity(e, 1, 'magnitude(<expression>), e.g. magnitude(bp(<column>, <test>)) for "a drop of 38 basis points"');
      const v = evaluate(model, e.args[0]!);
      // A value that is its own magnitude keeps its printed text.
      const abs = (x: { value: number; text?: string }) =>
        x.value >= 0 ? { value: x.value, text: x.text } : { value: -x.value };
      if (isList(v)) return { kind: v.kind, items: v.items.map((x) => ({ test: x.test, ...abs(x) })) };
      if (typeof v.value !== 'number') throw new PlaceholderError('magnitude() needs a number, not a test name');
      return { kind: v.kind === 'bp' ? 'count' : v.kind, ...abs({ value: v.value, text: v.text }) };
    }
    default:
      fail(`unknown function "${e.name}"`, e.name, [...FUNCTIONS]);
  }
}

/**
 * A value as the tables print it (its cell's text when it is one cell's), else with the engine's formats:
 * relative values and ratios to the report's decimals, basis points signed.
 */
function formatValue(v: { kind: Kind; value: number | string; text?: string }, digits = 2): string {
  if (typeof v.value === 'string') return v.value;
  if (v.text !== undefined && v.kind !== 'bp' && v.kind !== 'count') return v.text;
  switch (v.kind) {
    case 'relative':
      return formatRelative(v.value, digits);
    case 'ratio':
      return formatRelative(v.value, 2);
    case 'bp':
      return formatBp(v.value);
    case 'count':
      return String(Math.round(v.value));
    default:
      return formatGeneral(v.value);
  }
}

const compare = (a: number, op: Comparison, b: number) =>
  op === '\u2248'
    ? false
    : op === '>='
      ? a >= b
      : op === '<='
        ? a <= b
        : op === '>'
          ? a > b
          : op === '<'
            ? a < b
            : op === '='
              ? a === b
              : a !== b;

/**
 * The text of a placeholder (the source between `{{` and `}}`): its value as printed, or for a claim the
 * value after checking it. A claim compares the value as printed (what the sentence shows) with its number.
 * Throws PlaceholderError when it does not parse, does not resolve, or the claim is false.
 */
export function renderPlaceholder(model: ReportModel, source: string): string {
  return renderClaim(model, source).text;
}

/** The values of published tables are "its table"; anything else was computed from the runs' own numbers. */
const fromWhat = (model: ReportModel) =>
  model.sections.every((s) => s.columns.every((c) => c.source.startsWith('published')))
    ? 'computed from its table'
    : 'computed from the runs';

/**
 * renderPlaceholder, and for a claim with a tolerance (`≈ 33 ± 5`) whose value prints otherwise than the author's
 * number, a note saying both ("the post said ~33; computed from its table: 37").
 */
export function renderClaim(model: ReportModel, source: string): Rendered {
  const p = parsePlaceholder(source);
  const v = evaluate(model, p.expr);
  if (isList(v))
    throw new PlaceholderError(
      `${source.trim()} is ${v.items.length} values (one per test of the group): wrap it in median(), min(), max(), argmin(), argmax() or count()`,
      ['median', 'min', 'max', 'argmin', 'argmax', 'count'],
    );
  const text = formatValue(v, model.digits);
  if (p.assert) {
    if (typeof v.value === 'string') throw new PlaceholderError('an assert compares a number, not a test name');
    const printed = Number(text.replace('\u2212', '-'));
    const { op, number: n, tolerance: tol } = p.assert;
    if (op === '\u2248') {
      const allowed = tol!.relative ? (Math.abs(n) * tol!.value) / 100 : tol!.value;
      // A hair of slack for binary fractions: 3.63 - 3.6 is 0.0300000000000002.
      if (Math.abs(printed - n) > allowed + 1e-9)
        throw new PlaceholderError(
          `claim not supported by the data: the value is ${text}, not within ${tol!.value}${tol!.relative ? '%' : ''} of ${p.assert.said}`,
        );
      if (printed !== n) return { text, note: `the post said ~${p.assert.said}; ${fromWhat(model)}: ${text}` };
    } else if (!compare(printed, op, n))
      throw new PlaceholderError(
        `claim not supported by the data: the value is ${text}, and ${text} ${op} ${n} is false`,
      );
  }
  return { text };
}

// The value of a placeholder's expression against the report model (src/analysis/report-model.ts): the same
// numbers the tables show, printed as the tables print them.
import {
  formatBp,
  formatGeneral,
  formatRelative,
  formatValue as printValue,
  metricOf,
  printedBasisPoints,
} from '../engine/index.ts';
import { closest, suggestionList } from './closest-names.ts';
import { FUNCTIONS, PlaceholderError, type CallExpr, type Expr } from './placeholder-syntax.ts';
import type { ModelSection, ReportModel } from './report-model.ts';

/** A test's metric value, read only from the record's own keys (a report may name `constructor`). */
const own = <T>(rec: Record<string, T> | undefined, key: string): T | undefined =>
  rec && Object.hasOwn(rec, key) ? rec[key] : undefined;

/** Kinds of values, which decide how a value is printed. */
export type Kind = 'relative' | 'ratio' | 'bp' | 'value' | 'count' | 'test';

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
export type Value = Scalar | List;

export const isList = (v: Value): v is List => 'items' in v;

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

export function evaluate(model: ReportModel, e: Expr): Value {
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
export function formatValue(v: { kind: Kind; value: number | string; text?: string }, digits = 2): string {
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

// `{{ expression }}` and `{{ assert expression <comparison> number }}` in a report's prose: parsed and evaluated
// against the report model (src/analysis/report-model.ts), the same numbers the tables show, formatted as the
// tables format them. Pure: no file is read, nothing is rendered; src/site/markdown.ts finds the placeholders
// in the Markdown and puts the text in their place. The grammar is in docs/placeholders.md.
import { PlaceholderError, parsePlaceholder, type Comparison } from './placeholder-syntax.ts';
import { evaluate, formatValue, isList } from './placeholder-values.ts';
import type { ReportModel } from './report-model.ts';

/** A placeholder's text, and the note a claim adds when the value differs from what the author wrote. */
export interface Rendered {
  text: string;
  note?: string;
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

// How a history page says where a chained value comes from (src/analysis/history-chain.ts): per cell, the
// printed values it is the product of and the range their rounding allows; per column, the runs the chain goes
// through, once for every test that takes that way. Plain text; the page escapes it.
import { isPrecise, type Chain } from '../../analysis/history-chain.ts';
import { formatRelative } from '../../engine/index.ts';

/** `run` by its column's title in the ladder (`18.4`, `12.3.0 (z12b_c8r32)`). */
export type TitleOf = (run: string) => string;

const factor = (s: Chain['steps'][number], titleOf: TitleOf) => `(${titleOf(s.run)} vs ${titleOf(s.base)})`;

/** `1.00 (19beta1 vs 17.10) ÷ 1.01 (18.4 vs 17.10)`: the printed values as the posts print them. */
function chainFormula(chain: Chain, titleOf: TitleOf, digits: number, withValues = true): string {
  return chain.steps
    .map((s, k) => {
      const term = withValues ? `${formatRelative(s.value, digits)} ${factor(s, titleOf)}` : factor(s, titleOf);
      return k === 0 ? (s.inverted ? `1 ÷ ${term}` : term) : `${s.inverted ? '÷' : '×'} ${term}`;
    })
    .join(' ');
}

/** A chained cell's title: its formula, and the range the rounding of its factors allows. */
export function chainTitle(chain: Chain, titleOf: TitleOf, digits: number): string {
  const formula = chainFormula(chain, titleOf, digits);
  if (chain.low === undefined || chain.high === undefined)
    return `no table prints it, and no value follows from ${formula}: a factor printed as ${formatRelative(0, digits)} could be any value that rounds to it`;
  const range = `with each printed value rounded to ${digits} decimals, between ${chain.low.toFixed(digits + 1)} and ${chain.high.toFixed(digits + 1)}`;
  return isPrecise(chain)
    ? `chained, no table prints it: ${formula}; ${range}`
    : `chained, no table prints it: ${formula} = ${formatRelative(chain.value, digits)} as printed, but ${range}, too wide a range to print one value`;
}

/**
 * The ways the chained values of each column were obtained: `19beta1 against 18.4 = (19beta1 vs 17.10) ÷ (18.4
 * vs 17.10)`, one line per column and way (tests may take different ways when a table lacks one of them); one
 * line for all when every column takes the same way (`each run against the column before = (the run vs 12.22) ÷
 * (the column before vs 12.22)`).
 */
export function chainWays(
  chains: Array<Array<Chain | undefined>>,
  columns: Array<{ run: string; against: string }>,
  titleOf: TitleOf,
  words: { run: string; against: string },
): string[] {
  const lines: string[] = [];
  const shapes = new Set<string>();
  columns.forEach((col, j) => {
    const ways = new Set<string>();
    for (const row of chains) {
      const c = row[j];
      if (!c) continue;
      ways.add(chainFormula(c, titleOf, 0, false));
      // The same way with the column's own runs named by their role.
      const role = (id: string) => (id === col.run ? words.run : id === col.against ? words.against : titleOf(id));
      shapes.add(chainFormula(c, role, 0, false));
    }
    for (const way of ways) lines.push(`${titleOf(col.run)} against ${titleOf(col.against)} = ${way}`);
  });
  return shapes.size === 1 && lines.length > 1
    ? [`each ${words.run} against ${words.against} = ${[...shapes][0]}`]
    : lines;
}

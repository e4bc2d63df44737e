// How every page prints an engine cell (src/engine/cell.ts) of a relative table: its classes (the verdict's
// colour, muted within noise), its tooltip and the marker that says the verdict without colour (▲ / ▼ hidden
// from screen readers, which read the word instead). Only rendering: the cell says what it is.
import { formatInterval, verdictMark, type Cell, type Verdict } from '../engine/index.ts';
import { html, type Html } from './html.ts';

/** `num improvement within-noise`: the verdict's class (`neutral` too where `neutral` is given), noise muted. */
export function cellClass(cell: Pick<Cell, 'verdict' | 'withinNoise'>, opts: { neutral?: boolean } = {}): string {
  const verdict = cell.verdict === 'neutral' && !opts.neutral ? '' : ` ${cell.verdict}`;
  return `num${verdict}${cell.withinNoise ? ' within-noise' : ''}`;
}

/** The interval of a cell for its tooltip: `95 % interval 0.951 to 1.012, within noise`. */
export function intervalText(cell: Pick<Cell, 'interval' | 'withinNoise'>): string | undefined {
  return cell.interval
    ? `95 % interval ${formatInterval(cell.interval)}${cell.withinNoise ? ', within noise' : ''}`
    : undefined;
}

/** The marker after a coloured cell's number: `▲` for the eye, `improvement` for a screen reader. */
export function verdictMarkHtml(verdict: Verdict): Html {
  const mark = verdictMark(verdict);
  return mark
    ? html`<span class="mark" aria-hidden="true">${mark.symbol}</span><span class="visually-hidden"> ${mark.words}</span>`
    : html``;
}

/**
 * Cells coloured for what they are rather than a verdict, with the marker that says it without colour: the
 * Insert Benchmark's throughput tables colour a column's top and bottom quarter (as the mytools report does) and
 * grey a value the DBMS's missed insert-rate SLA voids; its background-inserts table reds a rate below target.
 */
const CLASS_MARKS: Record<string, { symbol: string; words: string }> = {
  'q-top': { symbol: '▲', words: 'top quarter of the column' },
  'q-bottom': { symbol: '▼', words: 'bottom quarter of the column' },
  'sla-failed': { symbol: '✕', words: 'missed the background insert rate (SLA): can be ignored' },
  'sla-miss': { symbol: '✕', words: 'below the target rate' },
};

/** The marker of a cell of class `cls` (`q-top`, `q-bottom`, `sla-failed`, `sla-miss`); none for another. */
export function classMarkHtml(cls: string): Html {
  const mark = CLASS_MARKS[cls];
  return mark
    ? html`<span class="mark" aria-hidden="true">${mark.symbol}</span><span class="visually-hidden"> ${mark.words}</span>`
    : html``;
}

// The compare view's chart (src/scripts/compare.ts): each test's relative value per run as horizontal bars, with
// a value axis (ticks, grid lines and their numbers, top and bottom) and a dashed line at 1, the base, in dark ink
// on the white ground every chart has (site.css). Each test's name is on its own line above its bars, so the
// chart keeps its width on a 400-pixel screen. Inline SVG text, no library: the browser bundle stays small.
import { SERIES_COLOURS } from './series-colours.ts';

export interface BarRow {
  test: string;
  /** One per series, in the series' order: the relative value (absent: no bar) and its printed text. */
  cells: Array<{ relative?: number; text: string; withinNoise?: boolean }>;
}

/** Text and attribute values of the SVG (names come from runs). */
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const WIDTH = 400;
const LEFT = 6;
const RIGHT = WIDTH - 14;
const BAR = 9;
/** Bars beyond this are cut (and said so). */
const CUT = 3;

/** Ticks of a value axis from 0 to about `max`: 3 to 7 round steps. */
export function axisTicks(max: number): number[] {
  const step = [0.1, 0.2, 0.25, 0.5, 1].find((s) => max / s <= 7) ?? 1;
  const top = Math.ceil(max / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let k = 0; k * step <= top + 1e-9; k++) ticks.push(Number((k * step).toFixed(2)));
  return ticks;
}

const fmt = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(x * 10 === Math.round(x * 10) ? 1 : 2));

/** The chart as an SVG string, or '' when no cell has a value. */
export function compareBarsSvg(rows: BarRow[], series: string[], baseLabel: string): string {
  const values = rows.flatMap((r) => r.cells.flatMap((c) => (c.relative === undefined ? [] : [c.relative])));
  if (!values.length) return '';
  const ticks = axisTicks(Math.max(1.2, ...values.map((v) => Math.min(v, CUT))));
  const max = ticks.at(-1)!;
  const x = (v: number) => LEFT + (Math.min(v, max) / max) * (RIGHT - LEFT);
  const rowH = 16 + series.length * (BAR + 1) + 4;
  const top = 18;
  const plotH = rows.length * rowH;
  const h = top + plotH + 40;
  const parts: string[] = [];
  for (const t of ticks) {
    parts.push(
      `<line x1="${x(t)}" x2="${x(t)}" y1="${top - 4}" y2="${top + plotH}" stroke="#000" stroke-opacity="0.12"/>`,
      `<text x="${x(t)}" y="${top - 7}" text-anchor="middle" font-size="10">${fmt(t)}</text>`,
      `<text x="${x(t)}" y="${top + plotH + 13}" text-anchor="middle" font-size="10">${fmt(t)}</text>`,
    );
  }
  rows.forEach((row, n) => {
    const y0 = top + n * rowH;
    parts.push(`<text x="${LEFT}" y="${y0 + 12}" font-size="11">${esc(row.test)}</text>`);
    row.cells.forEach((c, k) => {
      if (c.relative === undefined) return;
      const width = Math.max(0.5, x(c.relative) - LEFT);
      const cut = c.relative > max ? ` (cut at ${fmt(max)})` : '';
      parts.push(
        `<rect x="${LEFT}" y="${y0 + 16 + k * (BAR + 1)}" width="${width.toFixed(1)}" height="${BAR}" fill="${SERIES_COLOURS[k % SERIES_COLOURS.length]}"${c.withinNoise ? ' fill-opacity="0.4"' : ''}><title>${esc(series[k]!)}: ${esc(c.text)}${cut}</title></rect>`,
      );
    });
  });
  parts.push(
    `<line x1="${x(1)}" x2="${x(1)}" y1="${top - 4}" y2="${top + plotH}" stroke="#333" stroke-dasharray="4 3"/>`,
    `<text x="${(LEFT + RIGHT) / 2}" y="${top + plotH + 30}" text-anchor="middle" font-size="11">relative to ${esc(baseLabel)} (1 = the base)</text>`,
  );
  const low = Math.min(...values);
  const high = Math.max(...values);
  const label = `Bar chart of values relative to ${baseLabel} by test (${rows.length}), one bar per run: ${series.join(', ')}; lowest ${fmt2(low)}, highest ${fmt2(high)}; a dashed line marks 1, the base`;
  return `<svg role="img" aria-label="${esc(label)}" viewBox="0 0 ${WIDTH} ${h}" fill="#222" style="max-width:100%;height:auto">${parts.join('')}</svg>`;
}

const fmt2 = (x: number) => x.toFixed(2);

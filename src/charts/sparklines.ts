// Small-multiple line charts of per-interval series for run pages, as plain SVG built here. A run page has
// one panel per test (40 for a sysbench run) and a site may have 10,000 run pages: vega-lite took ~350 ms and
// ~150 KB of SVG per such chart, this takes well under a millisecond and ~600 bytes a panel. Reports and
// history pages keep their vega-lite charts.
import { SERIES_COLOURS } from './series-colours.ts';

export interface SparkPanel {
  title: string;
  /** [x, y] points in order; x in seconds from the start. */
  points: Array<[number, number]>;
}

const W = 170;
const H = 64;
const PAD = { left: 4, right: 4, top: 16, bottom: 12 };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/**
 * `v.toFixed(1)` for a coordinate, at a fraction of its cost: the build draws the charts of every run page,
 * thousands of points each.
 */
function fixed1(v: number): string {
  const tenths = Math.round(v * 10);
  if (tenths >= 0) {
    // Two small integers: V8 turns those into strings from a cache, a fraction through a slower algorithm.
    const whole = Math.floor(tenths / 10);
    return `${whole}.${tenths - whole * 10}`;
  }
  return tenths % 10 === 0 ? `${tenths / 10}.0` : `${tenths / 10}`;
}

/** Short labels: 12345 -> 12.3k. */
function short(v: number): string {
  const a = Math.abs(v);
  if (a >= 1e6) return `${(v / 1e6).toFixed(1)}M`;
  if (a >= 1e4) return `${(v / 1e3).toFixed(0)}k`;
  if (a >= 1e3) return `${(v / 1e3).toFixed(1)}k`;
  if (a >= 10) return v.toFixed(0);
  return v.toPrecision(2);
}

/** A grid of panels, `columns` wide, each with its own y scale from 0 to its maximum. */
export function sparklinesSvg(panels: SparkPanel[], opts: { title: string; unit: string; columns?: number }): string {
  const cols = Math.min(opts.columns ?? 4, Math.max(1, panels.length));
  const rows = Math.ceil(panels.length / cols);
  const width = cols * W;
  const height = 22 + rows * H;
  const parts: string[] = [];
  panels.forEach((p, i) => {
    const x0 = (i % cols) * W;
    const y0 = 22 + Math.floor(i / cols) * H;
    const xs = p.points.map((q) => q[0]);
    const ys = p.points.map((q) => q[1]);
    const xMax = Math.max(1, ...xs);
    const yMax = Math.max(...ys, 0) || 1;
    const pw = W - PAD.left - PAD.right;
    const ph = H - PAD.top - PAD.bottom;
    let pts = '';
    for (const [x, y] of p.points) {
      if (pts) pts += ' ';
      pts += `${fixed1(x0 + PAD.left + (x / xMax) * pw)},${fixed1(y0 + PAD.top + ph - (Math.max(0, y) / yMax) * ph)}`;
    }
    const mean = ys.length ? ys.reduce((a, b) => a + b, 0) / ys.length : 0;
    parts.push(
      `<g><title>${esc(p.title)}: mean ${short(mean)}, max ${short(yMax)} ${esc(opts.unit)} over ${Math.round(xMax)} s</title>` +
        `<text x="${x0 + PAD.left}" y="${y0 + 11}" font-size="10">${esc(p.title)}</text>` +
        `<text x="${x0 + W - PAD.right}" y="${y0 + 11}" font-size="9" text-anchor="end" fill="#4a5259">max ${short(yMax)}</text>` +
        `<line x1="${x0 + PAD.left}" y1="${y0 + PAD.top + ph}" x2="${x0 + W - PAD.right}" y2="${y0 + PAD.top + ph}" stroke="#ccc"/>` +
        `<polyline points="${pts}" fill="none" stroke="${SERIES_COLOURS[0]}" stroke-width="1.2"/>` +
        `<text x="${x0 + PAD.left}" y="${y0 + H - 2}" font-size="8" fill="#4a5259">0</text>` +
        `<text x="${x0 + W - PAD.right}" y="${y0 + H - 2}" font-size="8" fill="#4a5259" text-anchor="end">${Math.round(xMax)} s</text></g>`,
    );
  });
  // What the panels show, in words (the accessible name): which tests, and the largest value of them all.
  const peak = panels
    .map((p) => ({ title: p.title, max: Math.max(...p.points.map((q) => q[1])) }))
    .sort((a, b) => b.max - a.max)[0];
  const names = panels.map((p) => p.title);
  const label =
    `${opts.title}. Line charts of ${opts.unit} over seconds from the start, one per test (${panels.length}: ` +
    `${names.slice(0, 6).join(', ')}${names.length > 6 ? ` and ${names.length - 6} more` : ''}), each from 0 to its own maximum` +
    `${peak ? `; the highest value is ${short(peak.max)} ${opts.unit} (${peak.title})` : ''}.`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${esc(label)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" style="max-width:100%;height:auto" font-family="system-ui, sans-serif">` +
    `<text x="0" y="14" font-size="12" font-weight="600">${esc(opts.title)}</text>${parts.join('')}</svg>`
  );
}

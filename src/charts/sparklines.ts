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

/**
 * A polyline's points written as bytes, each coordinate as fixed1 writes it: thousands of small strings joined
 * a piece at a time cost more than the rest of the chart. One buffer for all: a line is written and taken
 * (text) before the next is begun.
 */
class PointsText {
  private static buf = Buffer.alloc(4096);
  private n = 0;

  char(c: number): void {
    if (this.n + 32 > PointsText.buf.length) {
      const grown = Buffer.alloc(PointsText.buf.length * 2);
      PointsText.buf.copy(grown, 0, 0, this.n);
      PointsText.buf = grown;
    }
    PointsText.buf[this.n++] = c;
  }

  /** fixed1(v): digits of a small non-negative coordinate written directly, any other through fixed1. */
  fixed1(v: number): void {
    const tenths = Math.round(v * 10);
    if (tenths >= 0 && tenths < 1e9) {
      const whole = Math.floor(tenths / 10);
      this.digits(whole);
      this.char(46);
      this.char(48 + tenths - whole * 10);
    } else for (const c of fixed1(v)) this.char(c.charCodeAt(0));
  }

  private digits(v: number): void {
    if (v >= 10) this.digits(Math.floor(v / 10));
    this.char(48 + (v % 10));
  }

  text(): string {
    return PointsText.buf.toString('latin1', 0, this.n);
  }
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
  const pw = W - PAD.left - PAD.right;
  const ph = H - PAD.top - PAD.bottom;
  const unit = esc(opts.unit);
  // Each panel's largest value, for the label below.
  const peaks: number[] = [];
  for (let i = 0; i < panels.length; i++) {
    const p = panels[i]!;
    const points = p.points;
    const x0 = (i % cols) * W;
    const y0 = 22 + Math.floor(i / cols) * H;
    // One pass for what Math.max over the coordinates and a sum of the values gave (NaN and -0 alike).
    let xMax = 1;
    let peak = -Infinity;
    let sum = 0;
    for (let k = 0; k < points.length; k++) {
      const q = points[k]!;
      xMax = Math.max(xMax, q[0]);
      peak = Math.max(peak, q[1]);
      sum += q[1];
    }
    peaks.push(peak);
    const yMax = Math.max(peak, 0) || 1;
    const left = x0 + PAD.left;
    const bottom = y0 + PAD.top + ph;
    const line = new PointsText();
    for (let k = 0; k < points.length; k++) {
      const q = points[k]!;
      if (k) line.char(32);
      line.fixed1(left + (q[0] / xMax) * pw);
      line.char(44);
      line.fixed1(bottom - (Math.max(0, q[1]) / yMax) * ph);
    }
    const pts = line.text();
    const mean = points.length ? sum / points.length : 0;
    const title = esc(p.title);
    const xEnd = Math.round(xMax);
    parts.push(
      `<g><title>${title}: mean ${short(mean)}, max ${short(yMax)} ${unit} over ${xEnd} s</title>` +
        `<text x="${left}" y="${y0 + 11}" font-size="10">${title}</text>` +
        `<text x="${x0 + W - PAD.right}" y="${y0 + 11}" font-size="9" text-anchor="end" fill="#4a5259">max ${short(yMax)}</text>` +
        `<line x1="${left}" y1="${bottom}" x2="${x0 + W - PAD.right}" y2="${bottom}" stroke="#ccc"/>` +
        `<polyline points="${pts}" fill="none" stroke="${SERIES_COLOURS[0]}" stroke-width="1.2"/>` +
        `<text x="${left}" y="${y0 + H - 2}" font-size="8" fill="#4a5259">0</text>` +
        `<text x="${x0 + W - PAD.right}" y="${y0 + H - 2}" font-size="8" fill="#4a5259" text-anchor="end">${xEnd} s</text></g>`,
    );
  }
  // What the panels show, in words (the accessible name): which tests, and the largest value of them all.
  const peak = panels.map((p, i) => ({ title: p.title, max: peaks[i]! })).sort((a, b) => b.max - a.max)[0];
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

// Chart series never take a verdict's colour: each series colour is far in hue from every colour the tables
// mark regressions and improvements with (site.css, light scheme), or grey; and the series differ from each other.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { SERIES_COLOURS } from '../../../../src/charts/series-colours.ts';

function hsl(hex: string): { h: number; s: number; l: number } {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { h: (h * 60 + 360) % 360, s, l };
}
const hueDistance = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

const css = readFileSync(new URL('../../../../src/styles/site.css', import.meta.url), 'utf8');
const root = css.slice(css.indexOf(':root {'), css.indexOf('}', css.indexOf(':root {')));
const verdicts = [
  ...root.matchAll(
    /--(improvement|regression|rg-regression|rg-improvement|yb-regression|yb-improvement):\s*(#[0-9a-f]{6})/g,
  ),
].map((m) => ({ name: m[1]!, hex: m[2]! }));

describe('series colours', () => {
  it('are 25 degrees of hue or more from every verdict colour (or grey)', () => {
    expect(verdicts.map((v) => v.name).sort()).toEqual([
      'improvement',
      'regression',
      'rg-improvement',
      'rg-regression',
      'yb-improvement',
      'yb-regression',
    ]);
    for (const c of SERIES_COLOURS) {
      const s = hsl(c);
      if (s.s < 0.15 || s.l < 0.15) continue; // grey or near black: no hue to mistake
      for (const v of verdicts)
        expect(hueDistance(s.h, hsl(v.hex).h), `${c} vs ${v.name} ${v.hex}`).toBeGreaterThanOrEqual(25);
    }
  });

  it('are all different, and the compare view and charts use them', () => {
    expect(new Set(SERIES_COLOURS).size).toBe(SERIES_COLOURS.length);
    const compare = readFileSync(new URL('../../../../src/scripts/compare.ts', import.meta.url), 'utf8');
    expect(compare).toContain('SERIES_COLOURS');
    expect(compare).not.toMatch(/#e45756|#54a24b/);
  });
});

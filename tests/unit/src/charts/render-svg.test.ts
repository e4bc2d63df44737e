import { describe, expect, it } from 'vitest';
import type { TopLevelSpec } from 'vega-lite';
import { compact, drawChart, ownIds, renderSvg, roundAttributes, vegaSafe } from '../../../../src/charts/render-svg.ts';
import { relativeBarsSpec } from '../../../../src/charts/relative-bars.ts';

describe('compact', () => {
  it('drops interaction attributes, defaults and empty paths, rounds coordinates (not labels), and sets the commonest font once', () => {
    const svg =
      '<svg class="marks" width="100" height="50"><g fill="none" transform="translate(0,0)"><path d="" display="none"/>' +
      '<text font-family="system-ui" font-size="9px" fill="#000" opacity="1" transform="translate(12.3456,7)">a</text>' +
      '<text font-family="system-ui" font-size="9px" fill="#000" opacity="1">0.95</text>' +
      '<text font-family="serif" font-size="11px" fill="#000" opacity="0.5">c</text>' +
      '<path role="graphics-symbol" aria-roledescription="line mark" d="M1.23456,2L3,4.5"/></g></svg>';
    expect(compact(svg)).toBe(
      '<svg font-size="9px" font-family="system-ui" width="100" height="50"><g fill="none">' +
        '<text fill="#000" transform="translate(12.3,7)">a</text>' +
        '<text fill="#000">0.95</text>' +
        '<text font-family="serif" font-size="11px" fill="#000" opacity="0.5">c</text>' +
        '<path d="M1.2,2L3,4.5"/></g></svg>',
    );
  });

  it("drops the marks' and axes' own labels (presentational inside role=img), values and all", () => {
    const svg =
      '<svg><g aria-label="X-axis titled relative throughput"><path aria-label="relative throughput: 0.97992125; ' +
      'test: l.i0" d="M0,77.56h463.29v10h-463.29Z"/></g></svg>';
    expect(compact(svg)).toBe('<svg><g><path d="M0,77.5h463.2v10h-463.2Z"/></g></svg>');
  });

  it('leaves an SVG without text as it is apart from the drops', () => {
    expect(compact('<svg width="1"><path d="M0,0h0v0h0Z"/><rect width="1" opacity="1"/></svg>')).toBe(
      '<svg width="1"><rect width="1"/></svg>',
    );
  });
});

describe('roundAttributes', () => {
  // What it replaced: one regex with a callback, kept here as the definition.
  const byRegex = (s: string) => s.replace(/="([^"]*)"/g, (_, v: string) => `="${v.replace(/(\d+\.\d)\d+/g, '$1')}"`);
  it('cuts decimals in attribute values exactly as the regex did, wherever `="` appears', () => {
    for (const svg of [
      '<svg a="1.234" b="x"><text>0.9512 a="0.123" "</text><g c="1.05 2.777,3.1"/>="0.555',
      '<path d="M0.123,4.5678L9.87654,3.2"/><text x="1.25">2.3456</text>',
      '="" ="1.111"="2.222"',
      '<svg x="1.25"',
      'no attributes 1.2345',
      '',
    ])
      expect(roundAttributes(svg)).toBe(byRegex(svg));
  });
  it('returns the same string when nothing is cut', () => {
    const svg = '<g x="1.2" y="3"><text>4.567</text></g>';
    expect(roundAttributes(svg)).toBe(svg);
  });
});

describe('renderSvg', () => {
  it('renders a vega-lite chart to compact SVG with its accessible name', async () => {
    const svg = await renderSvg(
      {
        data: {
          values: [
            { test: 'point-query', r: 1.02 },
            { test: 'scan', r: 0.93 },
          ],
        },
        mark: 'bar',
        encoding: { y: { field: 'test', type: 'nominal' }, x: { field: 'r', type: 'quantitative' } },
      },
      'relative QPS of 2 tests',
    );
    expect(svg).toMatch(
      /^<svg role="img" aria-label="relative QPS of 2 tests\. Bar chart of r by test \(2: point-query, scan\)\. Lowest 0\.93 \(scan\), highest 1\.02 \(point-query\)\." style="max-width:100%;height:auto" font-size="[^"]+" font-family="[^"]+" /,
    );
    expect(svg).toContain('>point-query</text>');
    // (the accessible name says the values as the tables print them; the drawing's numbers are rounded)
    expect(svg.replace(/aria-label="[^"]*"/, '')).not.toMatch(
      / opacity="1"| class="|<path d="" display="none"\/>|\d\.\d\d/,
    );
    // One accessible name, the chart's own: vega's labels of marks and axes are gone.
    expect(svg.match(/aria-label=/g)).toHaveLength(1);
  });
});

describe('chart ids', () => {
  const clipped = (title: string): TopLevelSpec => ({
    data: { values: [{ test: title, r: 1.2 }] },
    mark: { type: 'bar', clip: true },
    encoding: {
      y: { field: 'test', type: 'nominal' },
      x: { field: 'r', type: 'quantitative', scale: { domain: [0, 1] } },
    },
  });

  it("are the chart's own, whatever the process drew before it (vega counts clip paths per process)", async () => {
    const first = await drawChart(clipped('a'), 'cA-');
    await drawChart(clipped('b'), 'cB-');
    const again = await drawChart(clipped('a'), 'cA-');
    expect(first).toMatch(/<clipPath id="cA-1">/);
    expect(first).toContain('clip-path="url(#cA-1)"');
    expect(again).toBe(first);
  });

  it('renames every id and the references to it, in order of appearance', () => {
    expect(
      ownIds('<svg><clipPath id="clip7"/><g clip-path="url(#clip7)"/><use href="#clip9"/><x id="clip9"/></svg>', 'p'),
    ).toBe('<svg><clipPath id="p1"/><g clip-path="url(#p1)"/><use href="#p2"/><x id="p2"/></svg>');
    expect(ownIds('<svg><path d="M0"/></svg>', 'p')).toBe('<svg><path d="M0"/></svg>');
  });
});

describe('names are data in charts', () => {
  const bars = (names: string[]) =>
    relativeBarsSpec(
      names.map((test) => ({ test, run: test, relative: 1.1 })),
      { title: 'relative', baseLabel: 'base', thresholds: { regression: 0.9, improvement: 1.1 } },
    );
  it('draws tests and runs named after built-in properties, and names with line separators', async () => {
    // vega threw "Operator not defined: undefined" on constructor, toString, valueOf ... and failed on U+2028.
    const names = [...Object.getOwnPropertyNames(Object.prototype), 'call', 'apply', 'bind', 'length', 'a\u2028b'];
    const svg = await drawChart(bars(names), 'n');
    for (const n of names.filter((x) => !x.includes('\u2028'))) expect(svg).toContain(`>${n}\u200b<`);
    expect(svg).toContain('>a b<');
  });
  it('leaves every other string as it is', () => {
    expect(vegaSafe({ a: ['point-query', 'x\u2029y', 'toString'], b: 1, c: null })).toEqual({
      a: ['point-query', 'x y', 'toString\u200b'],
      b: 1,
      c: null,
    });
  });
});

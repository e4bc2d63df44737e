import { describe, expect, it } from 'vitest';
import { compact, renderSvg, roundLabelNumbers } from '../../../../src/charts/render-svg.ts';

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

  it("rounds the data values in a mark's aria-label instead of cutting them, and leaves names and versions", () => {
    const svg =
      '<svg><path aria-label="relative throughput: 0.97992125; test: l.i0; run: mysql 8.0.44 qr100.L1" ' +
      'd="M0,77.56h463.29v10h-463.29Z"/></svg>';
    expect(compact(svg)).toBe(
      '<svg><path aria-label="relative throughput: 0.98; test: l.i0; run: mysql 8.0.44 qr100.L1" ' +
        'd="M0,77.5h463.2v10h-463.2Z"/></svg>',
    );
  });

  it('leaves an SVG without text as it is apart from the drops', () => {
    expect(compact('<svg width="1"><path d="M0,0h0v0h0Z"/><rect width="1" opacity="1"/></svg>')).toBe(
      '<svg width="1"><rect width="1"/></svg>',
    );
  });
});

describe('roundLabelNumbers', () => {
  it.each([
    ['r: 0.97992125', 'r: 0.98'],
    ['r: 1.0412', 'r: 1.04'],
    ['qps: 12345.678', 'qps: 12346'],
    ['cpu/query: 0.0012345', 'cpu/query: 0.00123'],
    ['r: 0.5; r: 1', 'r: 0.5; r: 1'],
    ['r: -0.0449', 'r: -0.0449'],
    ['r: 0.000', 'r: 0'],
    ['mysql 8.0.44, pg17.6, qr100.L1, v1.2.3', 'mysql 8.0.44, pg17.6, qr100.L1, v1.2.3'],
  ])('%s -> %s', (text, want) => expect(roundLabelNumbers(text)).toBe(want));
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
      /^<svg role="img" aria-label="relative QPS of 2 tests" style="max-width:100%;height:auto" font-size="[^"]+" font-family="[^"]+" /,
    );
    expect(svg).toContain('>point-query</text>');
    expect(svg).not.toMatch(/ opacity="1"| class="|<path d="" display="none"\/>/);
    // Coordinates carry one decimal; the bars' accessible labels carry the data's values.
    expect(svg.replace(/ aria-label="[^"]*"/g, '')).not.toMatch(/\d\.\d\d/);
    expect(svg).toMatch(/aria-label="r: 1\.02; test: point-query"/);
  });
});

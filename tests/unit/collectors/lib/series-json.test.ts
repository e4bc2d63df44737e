import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seriesJsonBytes } from '../../../../collectors/lib/series-json.ts';
import type { SeriesFile } from '../../../../src/schemas/index.ts';
import { harvestFixture } from '../../../helpers/harvest-fixture.ts';

/** series.json as it was written before the bytes were written from the numbers: JSON.stringify's text. */
function reference(series: SeriesFile): string {
  const tests = Object.entries(series.tests).map(([test, list]) => {
    const items = list.map((s) => {
      const { rows, ...head } = s;
      const all = JSON.stringify(rows);
      const body = rows.length ? `      ${all.slice(1, -1).replaceAll('],[', '],\n      [')}` : '';
      return `    ${JSON.stringify(head).slice(0, -1)},"rows":[\n${body}\n    ]}`;
    });
    return `  ${JSON.stringify(test)}: [\n${items.join(',\n')}\n  ]`;
  });
  return `{"schemaVersion": 1, "tests": {\n${tests.join(',\n')}\n}}\n`;
}

const text = (s: SeriesFile) => Buffer.from(seriesJsonBytes(s)).toString('utf8');
const one = (rows: unknown[][], extra: object = {}): SeriesFile =>
  ({
    schemaVersion: 1,
    tests: { t: [{ name: 's', intervalSeconds: 1, columns: [{ name: 'x', unit: 'µs' }], rows, ...extra }] },
  }) as SeriesFile;

/** Numbers of every kind: as tools print them (a few places), computed ones, and the edges of the fast path. */
function numbers(seed: number, n: number): number[] {
  let x = seed;
  const rnd = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const edges = [
    0,
    -0,
    1,
    -1,
    0.1,
    0.2,
    0.1 + 0.2,
    0.3,
    1e-6,
    1e-7,
    9.99e-7,
    0.000001,
    0.0000015,
    1e15,
    1e15 - 1,
    -(1e15 - 1),
    1e15 + 0.5,
    999999999999999.9,
    123456789012345.6,
    12345678901234.56,
    2 ** 31,
    2 ** 31 - 1,
    2 ** 53,
    2 ** 53 + 2,
    1e21,
    1e22,
    5e-324,
    Number.MAX_VALUE,
    0.285,
    1.005,
    2.675,
    1.45,
    8.675,
    100.01,
    0.07,
    0.999999,
    9.9999995,
    4.35,
    4.345,
    1234.5678,
    99.95,
    0.5,
    0.25,
    0.125,
    0.0625,
    1 / 3,
    2 / 3,
    Math.PI,
    Math.E,
  ];
  const out = [...edges, ...edges.map((v) => -v)];
  for (let i = 0; i < n; i++) {
    const places = Math.floor(rnd() * 9);
    const scale = 10 ** Math.floor(rnd() * 16);
    const v = [
      Math.round(rnd() * scale) / 10 ** places,
      rnd() * scale,
      Math.round(rnd() * 1e6) / 100,
      (Math.round(rnd() * 1e9) / 1e3) * (rnd() < 0.5 ? -1 : 1),
      rnd() / scale,
    ][i % 5]!;
    out.push(v);
  }
  return out;
}

describe('seriesJsonBytes', () => {
  it('writes the bytes of JSON.stringify for numbers of every kind, each in a series of its own', () => {
    // A series with a value the loop of digits does not write is written from JSON.stringify's text: one value
    // per series, so that every other value is written by the loop.
    const vals = numbers(7, 200_000);
    const s = {
      schemaVersion: 1,
      tests: { t: vals.map((v) => ({ name: 's', intervalSeconds: 1, columns: [], rows: [[v]] })) },
    } as SeriesFile;
    expect(text(s)).toBe(reference(s));
  });

  it('writes rows of numbers and nulls, and a series with NaN or Infinity as JSON.stringify did', () => {
    const vals = numbers(11, 70_000).filter((v) => Math.abs(v) < 1e9 && Math.round(v * 1e4) / 1e4 === v);
    const rows: unknown[][] = [];
    for (let i = 0; i < vals.length; i += 7) rows.push(vals.slice(i, i + 7));
    rows.push([null, 1, null], [], [null]);
    expect(text(one(rows))).toBe(reference(one(rows)));
    const odd = one([...rows, [NaN, Infinity, -Infinity, 2.5]]);
    expect(text(odd)).toBe(reference(odd));
  });

  it('writes rows that are not plain numbers as JSON.stringify did (nested arrays, strings, undefined)', () => {
    for (const rows of [
      [[1, [2, 3]]],
      [['a', 'é', 1]],
      [[undefined, 1]],
      [null as never, [1]],
      [{ a: 1 }],
    ] as unknown[][][]) {
      const s = one(rows);
      expect(text(s)).toBe(reference(s));
    }
  });

  it('writes empty series and files as before, names and units in UTF-8', () => {
    for (const s of [
      { schemaVersion: 1, tests: {} },
      { schemaVersion: 1, tests: { a: [] } },
      one([]),
      one([[1]], { device: 'nvme0n1' }),
    ] as SeriesFile[])
      expect(text(s)).toBe(reference(s));
  });

  it('writes the series of the real runs as before', async () => {
    for (const fixture of ['realruns/sysbench.tar.gz', 'realruns/ibench.tar.gz']) {
      const { runs } = await harvestFixture(fixture);
      for (const h of runs) expect(text(h.series)).toBe(reference(h.series));
    }
  });

  it('writes the committed series.json files byte for byte', () => {
    const root = join(import.meta.dirname, '../../../../content/runs');
    const files = readdirSync(root, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('series.json'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const bytes = readFileSync(join(root, f));
      expect(Buffer.from(seriesJsonBytes(JSON.parse(bytes.toString('utf8')))).equals(bytes)).toBe(true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { SeriesFileSchema } from '../../../../src/schemas/index.ts';
import { parseSeriesFile } from '../../../../src/runs/parse-series-file.ts';

const series = (rows: unknown, extra: Record<string, unknown> = {}) => ({
  name: 'vmstat',
  intervalSeconds: 1,
  columns: [
    { name: 'cs', unit: '1/s' },
    { name: 'us', unit: '%' },
  ],
  rows,
  ...extra,
});
const file = (...list: unknown[]) => ({ schemaVersion: 1, tests: { 'point-query': list } });

// Every case: the fast check must say what zod says, with zod's issues when it fails.
const cases: Array<[string, unknown]> = [
  [
    'valid',
    file(
      series([
        [1, 2],
        [3, null],
        [-0, 1e300],
      ]),
    ),
  ],
  ['valid, no rows', file(series([]))],
  ['valid, no tests', { schemaVersion: 1, tests: {} }],
  [
    'NaN in a row',
    file(
      series([
        [1, 2],
        [Number.NaN, 1],
      ]),
    ),
  ],
  ['Infinity in a row', file(series([[1, Number.POSITIVE_INFINITY]]))],
  ['a string in a row', file(series([[1, '2']]))],
  ['undefined in a row', file(series([[1, undefined]]))],
  ['a row that is not an array', file(series([[1, 2], 3]))],
  ['rows not an array', file(series({ 0: [1, 2] }))],
  ['rows missing', file({ name: 'vmstat', columns: [{ name: 'cs', unit: '1/s' }] })],
  ['an unknown key beside valid rows', file(series([[1, 2]], { colour: 'red' }))],
  ['no columns', file(series([[1, 2]], { columns: [] }))],
  ['a bad row in the second series', file(series([[1, 2]]), series([[1, 'x']]))],
  ['a series that is not an object', file('vmstat')],
  ['a test that is not a list', { schemaVersion: 1, tests: { 'point-query': series([]) } }],
  ['tests missing', { schemaVersion: 1 }],
  ['wrong schema version', { schemaVersion: 2, tests: {} }],
  ['not an object', [1, 2]],
  ['null', null],
];

describe('parseSeriesFile agrees with SeriesFileSchema', () => {
  it.each(cases)('%s', (_, data) => {
    const zod = SeriesFileSchema.safeParse(data);
    const fast = parseSeriesFile(data);
    expect(fast.success).toBe(zod.success);
    if (zod.success) expect(fast.data).toEqual(zod.data);
    else expect(fast.error?.issues).toEqual(zod.error.issues);
  });

  it('has cases of both outcomes', () => {
    const outcomes = new Set(cases.map(([, d]) => SeriesFileSchema.safeParse(d).success));
    expect(outcomes).toEqual(new Set([true, false]));
  });
});

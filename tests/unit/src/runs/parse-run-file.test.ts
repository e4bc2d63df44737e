import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RunSchema } from '../../../../src/schemas/index.ts';
import { parseRunFile } from '../../../../src/runs/parse-run-file.ts';
import { findRunFiles } from '../../../../src/runs/read-runs.ts';

type Row = Record<string, unknown>;
type RunData = Record<string, unknown> & { results: Row[]; provenance: { source: string } };

// A committed run with results (and a published-relative one when there is), changed in each way the fast check must notice.
const files = await findRunFiles('content/runs');
const runs = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as RunData);
const base = runs.find((r) => r.results.length > 2 && r.provenance.source !== 'published-relative')!;
const relative = runs.find((r) => r.provenance.source === 'published-relative');
const withRows = (f: (rows: Row[]) => unknown[] | void) => {
  const run: Record<string, unknown> = structuredClone(base);
  const results = structuredClone(base.results);
  run.results = f(results) ?? results;
  return run;
};

const file = { path: 'sb.o.x', bytes: 12, sha256: 'a'.repeat(64) };
const withFiles = (files: unknown[]) => ({
  ...base,
  provenance: { ...base.provenance, rawFiles: files },
});

const cases: Array<[string, unknown]> = [
  ['valid', base],
  ['valid, no results', { ...base, results: [] }],
  [
    'valid, a row with its fields in another order',
    withRows((rows) => [{ ...rows[0]!, test: rows[0]!.test }, ...rows.slice(1)]),
  ],
  ['a row with an unknown field', withRows((rows) => void (rows[1]!.colour = 'red'))],
  ['a row without its unit', withRows((rows) => void delete rows[1]!.unit)],
  ['a row with an empty unit', withRows((rows) => void (rows[1]!.unit = ''))],
  ['a value that is a string', withRows((rows) => void (rows[0]!.value = '1'))],
  ['a value that is NaN', withRows((rows) => void (rows[0]!.value = Number.NaN))],
  ['a value that is infinite', withRows((rows) => void (rows[0]!.value = Number.POSITIVE_INFINITY))],
  ['a metric not in snake case', withRows((rows) => void (rows[0]!.metric = 'Qps'))],
  ['a test name with a control character', withRows((rows) => void (rows[0]!.test = 'a\u2028b'))],
  ['an empty test name', withRows((rows) => void (rows[0]!.test = ''))],
  ['a test no test has', withRows((rows) => void (rows[0]!.test = 'nowhere'))],
  ['a metric twice', withRows((rows) => [...rows, rows[0]!])],
  ['a row that is not an object', withRows((rows) => [...rows, 5])],
  ['a row that is a list', withRows((rows) => [...rows, []])],
  [
    'a row with a __proto__ field',
    withRows((rows) => [JSON.parse(`{"__proto__":1,${JSON.stringify(rows[0]!).slice(1)}`)]),
  ],
  ['valid, raw files', withFiles([file, { sha256: 'b'.repeat(64), bytes: 0, path: 'a/b.txt' }])],
  // -0 is left to zod (whichever way it goes, the same result).
  ['valid, a raw file of -0 bytes', withFiles([{ ...file, bytes: -0 }])],
  ['a raw file of more than 2^53 bytes', withFiles([{ ...file, bytes: 2 ** 60 }])],
  ['a raw file with an absolute path', withFiles([file, { ...file, path: '/etc/passwd' }])],
  ['a raw file with a .. part', withFiles([{ ...file, path: 'a/../../b' }])],
  ['a raw file with an empty path', withFiles([{ ...file, path: '' }])],
  ['a raw file of a fraction of a byte', withFiles([{ ...file, bytes: 1.5 }])],
  ['a raw file of -1 bytes', withFiles([{ ...file, bytes: -1 }])],
  ['a raw file with an upper-case sha256', withFiles([{ ...file, sha256: 'A'.repeat(64) }])],
  ['a raw file with a short sha256', withFiles([{ ...file, sha256: 'a'.repeat(63) }])],
  ['a raw file with an unknown field', withFiles([{ ...file, colour: 'red' }])],
  ['a raw file without its sha256', withFiles([{ path: 'x', bytes: 1 }])],
  ['a raw file that is not an object', withFiles([file, 'x'])],
  ['raw files not a list', withFiles({} as unknown as unknown[])],
  ['results not a list', { ...base, results: {} }],
  ['results missing', (({ results: _results, ...rest }) => rest)(base)],
  ['a bad field besides valid results', { ...base, label: '' }],
  ['an unknown field besides valid results', { ...base, colour: 'red' }],
  ['a relative run with results', relative ? { ...relative, results: base.results } : { ...base, relative: [] }],
  ['not an object', [1, 2]],
  ['null', null],
];
if (relative) cases.push(['a relative run', relative]);

describe('parseRunFile agrees with RunSchema', () => {
  it.each(cases)('%s', (name, data) => {
    const zod = RunSchema.safeParse(data);
    const fast = parseRunFile(data);
    // every case but the valid ones is one zod refuses
    expect(zod.success).toBe(name.startsWith('valid') || name === 'a relative run');
    expect(fast.success).toBe(zod.success);
    if (zod.success) {
      expect(fast.data).toEqual(zod.data);
      // the same bytes where the site writes the run out (keys in the same order)
      expect(JSON.stringify(fast.data)).toBe(JSON.stringify(zod.data));
    } else expect(fast.error?.issues).toEqual(zod.error.issues);
  });

  it('agrees on every committed run', () => {
    for (const run of runs) expect(JSON.stringify(parseRunFile(run))).toBe(JSON.stringify(RunSchema.safeParse(run)));
  });

  it('has cases of both outcomes', () => {
    const outcomes = new Set(cases.map(([, d]) => RunSchema.safeParse(d).success));
    expect(outcomes).toEqual(new Set([true, false]));
  });
});

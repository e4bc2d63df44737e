// The compare view's data: every run says where its numbers come from; a published-relative run has no
// headline number, only its values against its own base run.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Run } from '../../../../src/schemas/index.ts';
import { compareIndex } from '../../../../src/analysis/compare-index.ts';
import { summarizeRun } from '../../../../src/runs/run-summary.ts';

const read = (id: string) =>
  JSON.parse(readFileSync(new URL(`../../../../content/runs/${id}/run.json`, import.meta.url), 'utf8')) as Run;
const IDS = [
  'sysbench/pn53/20260410-my8408.z12a_c8r32',
  'sysbench/pn53/20260410-my9700.z13b_c8r32',
  'sysbench/pn53/20260301-x.my8408_rel_o2nofp.z12a_c8r32.pk1',
];

describe('compareIndex', () => {
  const index = compareIndex(
    'sysbench',
    IDS.map((id) => ({ id, summary: summarizeRun(read(id)) })),
  );
  const run = (id: string) => index.runs.find((r) => r.id === id)!;

  it('carries each run’s provenance', () => {
    expect(index.runs.map((r) => r.source)).toEqual(['published-relative', 'published-relative', 'harness-summary']);
  });

  it('gives a published-relative run no headline values, and its printed values against its base run', () => {
    const z13b = run(IDS[1]!);
    expect(z13b.values.every((v) => v === null)).toBe(true);
    expect(z13b.relative).toHaveLength(1);
    expect(z13b.relative![0]).toMatchObject({ base: '8.4.8', baseRun: IDS[0] });
    const pq = index.tests.indexOf('point-query');
    expect(z13b.relative![0]!.values[pq]).toBe(0.93);
    expect(run(IDS[0]!).relative).toEqual([]);
  });

  it('keeps the archive run’s numbers as headline values', () => {
    const archived = run(IDS[2]!);
    expect(archived.values[index.tests.indexOf('point-query')]).toBe(16457);
    expect(archived.relative).toBeUndefined();
  });
});

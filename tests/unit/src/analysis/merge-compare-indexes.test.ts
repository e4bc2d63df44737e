// The compare view's data of several hosts, merged in the browser: the same values by test as one index of all
// the runs.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import type { Run } from '../../../../src/schemas/index.ts';
import { compareIndex, type CompareIndex } from '../../../../src/analysis/compare-index.ts';
import { mergeCompareIndexes } from '../../../../src/analysis/merge-compare-indexes.ts';
import { summarizeRun } from '../../../../src/runs/run-summary.ts';

const read = (id: string) =>
  JSON.parse(readFileSync(new URL(`../../../../content/runs/${id}/run.json`, import.meta.url), 'utf8')) as Run;

describe('mergeCompareIndexes', () => {
  // Every committed sysbench run, by host: the compare view loads one file per host and merges those it shows.
  const root = new URL('../../../../content/runs/sysbench/', import.meta.url);
  const hosts = readdirSync(root).sort();
  const runsOf = (host: string) =>
    readdirSync(new URL(`${host}/`, root))
      .sort()
      .map((name) => `sysbench/${host}/${name}`)
      .map((id) => ({ id, summary: summarizeRun(read(id)) }));
  /** A run's values, intervals and printed relative values by test name: what the view reads of it. */
  const byTest = (index: CompareIndex) =>
    index.runs.map((r) => ({
      id: r.id,
      label: r.label,
      values: Object.fromEntries(index.tests.flatMap((t, i) => (r.values[i] === null ? [] : [[t, r.values[i]]]))),
      noise: Object.fromEntries(index.tests.flatMap((t, i) => (r.noise[i] === null ? [] : [[t, r.noise[i]]]))),
      relative: r.relative?.map((x) => ({
        base: x.base,
        values: Object.fromEntries(index.tests.flatMap((t, i) => (x.values[i] === null ? [] : [[t, x.values[i]]]))),
      })),
    }));

  it('gives each run the same values by test as one index of all the runs', () => {
    expect(hosts.length).toBeGreaterThan(2);
    const whole = compareIndex('sysbench', hosts.flatMap(runsOf));
    const merged = mergeCompareIndexes(hosts.map((h) => compareIndex('sysbench', runsOf(h))));
    expect(byTest(merged)).toEqual(byTest(whole));
    expect([...merged.tests].sort()).toEqual([...whole.tests].sort());
    // Each test keeps its metric, group and warm-up flag.
    const facts = (x: CompareIndex) =>
      Object.fromEntries(x.tests.map((t, i) => [t, [x.metrics[i], x.descriptor.group[i], x.descriptor.warmup[i]]]));
    expect(facts(merged)).toEqual(facts(whole));
  });

  it('returns a single index as it is', () => {
    const one = compareIndex('sysbench', runsOf(hosts[0]!));
    expect(mergeCompareIndexes([one])).toBe(one);
  });
});

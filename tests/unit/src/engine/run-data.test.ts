// A run, its summary and its row of the compare index answer the engine alike, so a report page, history and the
// compare view print the same cell for the same numbers.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareIndex } from '../../../../src/analysis/compare-index.ts';
import { compareCell } from '../../../../src/engine/cell.ts';
import { metricOf } from '../../../../src/engine/descriptor.ts';
import { descriptorOf } from '../../../../benchmarks/index.ts';
import { compareIndexData, runData, summaryData } from '../../../../src/engine/run-data.ts';
import { THRESHOLDS } from '../../../../src/engine/verdict.ts';
import { summarizeRun } from '../../../../src/runs/run-summary.ts';
import { RunSchema } from '../../../../src/schemas/index.ts';

const ids = ['sysbench/vm/20261122-x.pg1518.cy2.pk1', 'sysbench/vm/20261122-x.ma101119.cy2.pk1'];
const runs = ids.map((id) => ({
  id,
  run: RunSchema.parse(JSON.parse(readFileSync(`content/runs/${id}/run.json`, 'utf8'))),
}));

describe('run data', () => {
  it('whole run, summary and compare index give the same cells, intervals included', () => {
    const summaries = runs.map((r) => ({ id: r.id, summary: summarizeRun(r.run) }));
    const index = compareIndex('sysbench', summaries);
    const views = [
      runs.map((r) => runData(r.id, r.run)),
      summaries.map((s) => summaryData(s.id, s.summary)),
      index.runs.map((r) => compareIndexData(index, r)),
    ];
    const d = descriptorOf('sysbench');
    let withInterval = 0;
    for (const t of runs[0]!.run.tests) {
      const cells = views.map(([a, b]) => {
        const metric = d.headline(t.name, (m) => b!.value(t.name, m) !== undefined);
        return metric
          ? compareCell(a!, t.name, b!, { metric: metricOf(d, metric), thresholds: THRESHOLDS })
          : undefined;
      });
      expect(cells[1]).toEqual(cells[0]);
      expect(cells[2]).toEqual(cells[0]);
      if (cells[0]?.interval) withInterval++;
    }
    expect(withInterval).toBeGreaterThan(0);
  });
  it('failed tests and published relative values', () => {
    const failed = runs[0]!.run.tests.find((t) => t.status === 'failed');
    const d = runData(runs[0]!.id, runs[0]!.run);
    if (failed) expect(d.failure(failed.name)).toBeTruthy();
    expect(d.failure(runs[0]!.run.tests.find((t) => t.status === 'ok')!.name)).toBeUndefined();
    expect(d.hasTest('no-such-test')).toBe(false);
  });
});

// A run's test and metric names are data: a test named __proto__ is one more key of the model's results, never a
// write into Object.prototype (which every object of the process would then answer).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildReportModel } from '../../../../src/analysis/report-model.ts';
import { RunSchema } from '../../../../src/schemas/index.ts';

describe('buildReportModel with hostile test names', () => {
  it('keeps a test named __proto__ as its own key', () => {
    const id = 'sysbench/pn53/20260301-x.my8045_rel_o2nofp.z12a_c8r32.pk1';
    const run = RunSchema.parse(JSON.parse(readFileSync(`content/runs/${id}/run.json`, 'utf8')));
    run.results = [...run.results, { ...run.results[0]!, test: '__proto__', metric: 'polluted' }];
    const model = buildReportModel({ benchmark: 'sysbench', runs: [{ id, run }], sections: [{ base: id, runs: [] }] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(model.results[id]!, '__proto__')).toBe(true);
    expect(model.results[id]!['__proto__']!.polluted).toBe(run.results[0]!.value);
  });
});

import { describe, expect, it } from 'vitest';
import { firstRunId, parseRunId, runId, safeLabel } from '../../../../src/runs/run-id.ts';
import { RunId } from '../../../../src/schemas/common.ts';

const run = { benchmark: 'sysbench' as const, host: { name: 'pn53' }, date: '2026-04-10', label: 'x.my8408_rel.z12a' };

describe('run ids and repeat ids', () => {
  it('a first run has no suffix; the n-th repeat ends in ~n', () => {
    expect(runId(run)).toBe('sysbench/pn53/20260410-x.my8408_rel.z12a');
    expect(runId({ ...run, repeat: 2 })).toBe('sysbench/pn53/20260410-x.my8408_rel.z12a~2');
    expect(RunId.safeParse(runId({ ...run, repeat: 12 })).success).toBe(true);
  });

  it('reads back the parts, the repeat apart from the label, and the first run of a repeat', () => {
    expect(parseRunId('sysbench/pn53/20260410-x.my8408_rel.z12a~3')).toEqual({
      benchmark: 'sysbench',
      host: 'pn53',
      date: '2026-04-10',
      label: 'x.my8408_rel.z12a',
      repeat: 3,
    });
    expect(parseRunId(runId(run))).toEqual({ ...parseRunId(runId(run)), label: 'x.my8408_rel.z12a' });
    expect(parseRunId(runId(run))!.repeat).toBeUndefined();
    expect(firstRunId('sysbench/pn53/20260410-x~3')).toBe('sysbench/pn53/20260410-x');
    expect(firstRunId('sysbench/pn53/20260410-x')).toBe('sysbench/pn53/20260410-x');
  });

  it('a label never holds the repeat separator', () => {
    expect(safeLabel('a~2')).toBe('a_2');
    expect(runId({ ...run, label: 'a~2' })).toBe('sysbench/pn53/20260410-a_2');
  });
});

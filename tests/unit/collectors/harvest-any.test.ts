import { describe, expect, it } from 'vitest';
import { harvestAny } from '../../../collectors/harvest-any.ts';
import { archiveFiles } from '../../helpers/fixtures.ts';

const tree = (archive: string) => ({
  name: 'x',
  entries: [...archiveFiles(archive)].map(([path, data]) => ({ path, data })),
});

describe('harvestAny', () => {
  it('harvests every benchmark in one tree and skips the rest with the most telling reason', () => {
    const sysbench = tree('realruns/sysbench.tar.gz');
    const ibench = tree('realruns/ibench.tar.gz');
    const r = harvestAny({ name: 'mixed', entries: [...sysbench.entries, ...ibench.entries] });
    expect(new Set(r.runs.map((h) => h.run.benchmark))).toEqual(new Set(['sysbench', 'insert-benchmark']));
    const reason = (path: string) => r.skipped.find((s) => s.path === path)?.reason;
    // Said by the sysbench harvester, though HammerDB's, the last to see it, could only say what it is not.
    expect(reason('sysbench/summary/qps.rel.all.tsv')).toBe(
      'a summary table, not a run (benchsite computes these from the runs)',
    );
    expect(r.skipped.every((s) => s.reason.length > 0)).toBe(true);
  });
});

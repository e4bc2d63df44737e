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

  it('says a file no harvester recognised is not recognised by any, not that it is "not HammerDB output"', () => {
    const sysbench = tree('realruns/sysbench.tar.gz');
    const r = harvestAny({ name: 'x', entries: sysbench.entries });
    expect(r.skipped.find((s) => s.path === 'sysbench/PROVENANCE.md')?.reason).toBe(
      'not recognised by any harvester (hammerdb-tprocc, insert-benchmark, pgbench, sysbench)',
    );
  });
});

describe('files harnesses keep beside their output', () => {
  it('are skipped saying what they are, not "not HammerDB output"', async () => {
    const { readFileSync } = await import('node:fs');
    const { FIXTURES } = await import('../../helpers/fixtures.ts');
    const sysbench = tree('realruns/sysbench.tar.gz');
    const svg = readFileSync(
      `${FIXTURES}mytools/bench/arc/mar26.sp.pn53.vu1.w100/sp0/o.pg.pg182_o2nofp.x10b_c8r32.perf.all.svg.gz`,
    );
    const text = (s: string) => new TextEncoder().encode(s);
    const r = harvestAny({
      name: 'mixed',
      entries: [
        ...sysbench.entries,
        { path: 'sysbench/r.sh', data: text('#!/bin/bash\nfor t in $tests; do ./run.sh $t; done\n') },
        { path: 'sysbench/o.pg.pg182_o2nofp.x10b_c8r32.perf.all.svg.gz', data: svg },
        { path: 'sysbench/sb.pmp.scan.range100.pk1.dop1', data: text('   12 pthread_cond_wait,os_event_wait\n') },
      ],
    });
    const reason = (path: string) => r.skipped.find((s) => s.path === path)?.reason;
    expect(reason('sysbench/r.sh')).toBe('a script (of the harness), not benchmark output');
    expect(reason('sysbench/o.pg.pg182_o2nofp.x10b_c8r32.perf.all.svg.gz')).toBe(
      'an image or page (a flame graph, a chart), not benchmark output',
    );
    expect(reason('sysbench/sb.pmp.scan.range100.pk1.dop1')).toBe(
      "stack samples of the poor man's profiler (pmp), not benchmark results",
    );
  });
});

describe('a --meta device the iostat files do not have', () => {
  const notFound = 'device nvme0n1 (from --meta) is not in the iostat files; devices seen: vda';
  for (const [archive, via] of [
    ['realruns/sysbench.tar.gz', 'reproduces sb.met'],
    ['realruns/ibench.tar.gz', "the harness's dname in o.res"],
  ] as const) {
    it(`is said once per run and the IO metrics come from the device found (${archive})`, () => {
      const r = harvestAny(tree(archive), { meta: { device: 'nvme0n1' } });
      expect(r.runs.length).toBeGreaterThan(0);
      for (const { run } of r.runs) {
        const notes = run.provenance.notes ?? [];
        expect(notes.filter((n) => n.includes('nvme0n1'))).toEqual([`${notFound}; using vda (${via}) instead`]);
        expect(notes.filter((n) => n.includes('the raw vmstat/iostat files give none'))).toEqual([]);
        const devices = new Set(run.tests.map((t) => t.system?.harness.iostat?.device).filter((d) => d));
        expect([...devices]).toEqual(['vda']);
      }
    });
  }
});

import { describe, expect, it } from 'vitest';
import { binaryWhereTextExpected } from '../../../../collectors/lib/binary-data.ts';
import { harvestAny } from '../../../../collectors/harvest-any.ts';
import { archiveFiles, fixtureText } from '../../../helpers/fixtures.ts';

const enc = new TextEncoder();

describe('binary data where a text output is expected', () => {
  it('is a NUL byte or many control bytes in a file named as text output; real outputs are text', () => {
    const noise = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256);
    expect(binaryWhereTextExpected('sysbench.log', noise)).toBe(true);
    expect(binaryWhereTextExpected('sb.o.scan.range100.pk1.dop1', enc.encode('queries:\u0000'))).toBe(true);
    // A name that does not say text (an image, a database file) is not judged.
    expect(binaryWhereTextExpected('hammer.DB', noise)).toBe(false);
    expect(binaryWhereTextExpected('x.png', noise)).toBe(false);
    for (const f of ['sysbench-logs/sweep-pgsql-point-select-prompt.log', 'sysbench-1.0.20/fatal-no-database.txt'])
      expect(binaryWhereTextExpected(f, enc.encode(fixtureText(f)))).toBe(false);
    for (const [path, data] of archiveFiles('realruns/sysbench.tar.gz'))
      expect(binaryWhereTextExpected(path.split('/').pop()!, data), path).toBe(false);
  });

  it('an sb.o of binary data is refused and the rest of its directory harvested', () => {
    const entries = [...archiveFiles('realruns/sysbench.tar.gz')]
      .filter(([p]) => p.startsWith('sysbench/x.pg1518.cy1.pk1/'))
      .map(([path, data]) => ({ path, data, origin: path }));
    const bad = entries.find((e) => e.path.endsWith('/sb.o.scan.range100.pk1.dop1'))!;
    bad.data = Uint8Array.from({ length: 2048 }, (_, i) => (i * 31) % 256);
    const r = harvestAny({ name: 'sysbench', entries });
    expect(r.refused.map((x) => x.path)).toEqual(['sysbench/x.pg1518.cy1.pk1/sb.o.scan.range100.pk1.dop1']);
    expect(r.refused[0]!.reason).toMatch(/: binary data where sysbench's text output is expected: it cannot be read\./);
    const tests = r.runs[0]!.run.tests.map((t) => t.name);
    expect(tests).not.toContain('scan');
    expect(tests).toContain('point-query');
  });
});

import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isWarningNote, readMeta } from '../../../../collectors/lib/meta.ts';
import { harvestFixture } from '../../../helpers/harvest-fixture.ts';

describe('--meta date against the date of the raw files', () => {
  it('the raw files win, and the disagreement is a warning naming both dates', async () => {
    const plain = await harvestFixture('realruns/sysbench.tar.gz');
    const h = await harvestFixture('realruns/sysbench.tar.gz', { date: '2026-03-01' });
    for (const r of h.runs) {
      const before = plain.byLabel.get(r.run.label)!.run;
      expect(before.dateSource).toBe('raw-files');
      expect(r.run.date).toBe(before.date);
      expect(r.run.dateSource).toBe('raw-files');
      const warnings = (r.run.provenance.notes ?? []).filter(isWarningNote);
      expect(warnings).toEqual([
        `the raw files date the run ${before.date} but --meta the meta file says date: 2026-03-01; the raw files' date ${before.date} is kept (remove date from the meta file, it is only for raw files without one)`,
      ]);
    }
  });

  it('the same date says nothing; without a date in the raw files the meta date is used', async () => {
    const plain = await harvestFixture('realruns/sysbench.tar.gz');
    const date = plain.runs[0]!.run.date;
    const same = await harvestFixture('realruns/sysbench.tar.gz', { date });
    expect(same.runs.flatMap((r) => (r.run.provenance.notes ?? []).filter(isWarningNote))).toEqual([]);
    const stock = await harvestFixture('sysbench-1.0.20/pgsql-point-select-report-interval.txt', {
      date: '2026-03-01',
    });
    expect(stock.runs[0]!.run.date).toBe('2026-03-01');
    expect(stock.runs[0]!.run.dateSource).toBe('meta');
  });
});

describe('a meta file that is wrong', () => {
  const file = (text: string) => {
    const f = join(mkdtempSync(join(tmpdir(), 'benchsite-meta-')), 'meta.yaml');
    writeFileSync(f, text);
    return f;
  };

  it('names the form a field must take, not "the format regex"', async () => {
    const f = file('host:\n  name: "my host"\n');
    await expect(readMeta(f)).rejects.toThrow(
      `${f}: host.name: expected letters, digits, dot, dash or underscore. Write it in that form.`,
    );
  });

  it("says where the YAML is broken without the colon that introduced the parser's excerpt", async () => {
    const f = file('host:\n name: x\n  bad: [\n');
    await expect(readMeta(f)).rejects.toThrow(
      new RegExp(`^${f.replace(/[.]/g, '\\.')}: not valid YAML or JSON: .* at line 2, column \\d+$`),
    );
  });
});

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

describe('--meta config', () => {
  it('is the config name alone, or its facts as a mapping: the same run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchsite-meta-'));
    writeFileSync(join(dir, 'short.yaml'), 'dbms: { product: mariadb }\nconfig: z12a\n');
    writeFileSync(join(dir, 'long.yaml'), 'dbms: { product: mariadb }\nconfig: { name: z12a }\n');
    const short = await readMeta(join(dir, 'short.yaml'));
    expect(short.config).toEqual({ name: 'z12a' });
    expect(short).toEqual(await readMeta(join(dir, 'long.yaml')));
    const h = await harvestFixture('sysbench-1.0.20/pgsql-point-select-report-interval.txt', short);
    expect(h.runs[0]!.run.config).toEqual({ name: 'z12a' });
    expect(h.runs[0]!.run.dbms.product).toBe('mariadb');
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

  it('says which type a mapping or a name-or-mapping field takes, with an example of the mapping', async () => {
    const f = file('host: pn53\nconfig: 5\n');
    await expect(readMeta(f)).rejects.toThrow(
      [
        `${f}: host: expected object, received string. Write it as an object (mapping) such as \`host: { name: pn53 }\`.`,
        `${f}: config: expected string or object, received number. Write it as a string, or as an object (mapping) such as \`config: { name: z12a }\`.`,
      ].join('\n'),
    );
  });

  it("says where the YAML is broken without the colon that introduced the parser's excerpt", async () => {
    const f = file('host:\n name: x\n  bad: [\n');
    await expect(readMeta(f)).rejects.toThrow(
      new RegExp(`^${f.replace(/[.]/g, '\\.')}: not valid YAML or JSON: .* at line 2, column \\d+$`),
    );
  });
});

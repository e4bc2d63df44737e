import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { capText, MAX_TEXT_CHARS, publishableRun, redactRawFiles } from '../../../../collectors/lib/publishable.ts';
import { writeHarvestedRun } from '../../../../collectors/lib/write-run.ts';
import { readTar } from '../../../../collectors/lib/tar.ts';
import { sha256Hex } from '../../../../collectors/lib/provenance.ts';
import { harvestFixture } from '../../../helpers/harvest-fixture.ts';

describe('what a run may publish', async () => {
  const fixture = (await harvestFixture('realruns/sysbench.tar.gz')).byLabel.get('x.pg1518.cy2.pk1')!;
  const fresh = () => structuredClone(fixture);

  it('cuts a string longer than the limit, and says so at the cut', () => {
    expect(capText('short')).toBe('short');
    const cut = capText('x'.repeat(MAX_TEXT_CHARS + 5));
    expect(cut.startsWith('x'.repeat(MAX_TEXT_CHARS))).toBe(true);
    expect(cut.slice(MAX_TEXT_CHARS)).toBe('… [cut by benchsite: 5 more characters are in the raw files]');
  });

  it('a 20 MB token on a command line makes a run.json of normal size, not a 60 MB one', async () => {
    const h = fresh();
    h.run.provenance.commands = [`sysbench --mysql-host=${'A'.repeat(20e6)} run`];
    h.run.notes = 'n'.repeat(5e6);
    const w = await writeHarvestedRun(h, mkdtempSync(join(tmpdir(), 'runs-')));
    expect(statSync(join(w.dir, 'run.json')).size).toBeLessThan(1e6);
    const run = JSON.parse(readFileSync(join(w.dir, 'run.json'), 'utf8'));
    expect(run.provenance.commands[0]).toMatch(
      /… \[cut by benchsite: 19934\d{3} more characters are in the raw files\]$/,
    );
  });

  it('redacts passwords in commands, test commands, settings and config text', () => {
    const h = fresh();
    h.run.provenance.commands = [`PGPASSWORD='s3 cr;et' psql -c 'select 1'`];
    h.run.tests[0]!.command = `sysbench '--pgsql-password=s3 cr;et' run`;
    h.run.config.settings = { primary_conninfo: "host=h password='s3 cr;et'", ssl_passphrase_command: 'echo s3' };
    h.run.config.text = "primary_conninfo = 'host=h password=s3cret'\nmax_connections = 100";
    const text = JSON.stringify(publishableRun(h.run));
    expect(text).not.toMatch(/s3 ?cr/);
    expect(text).not.toContain('echo s3');
    expect(text).toContain('max_connections = 100');
  });

  it('redacts passwords in the raw files before they are archived, and the manifest describes the archived bytes', async () => {
    const h = fresh();
    const sbo = h.raw.find((e) => e.path.includes('sb.o.'))!;
    sbo.data = Buffer.from(
      `sysbench --pgsql-password=hunter2 run\n${Buffer.from(sbo.data).toString('latin1')}`,
      'latin1',
    );
    expect(redactRawFiles(h)).toContain(sbo.path);
    const w = await writeHarvestedRun(h, mkdtempSync(join(tmpdir(), 'runs-')));
    const run = JSON.parse(readFileSync(join(w.dir, 'run.json'), 'utf8'));
    const members = readTar(gunzipSync(readFileSync(join(w.dir, 'raw.tar.gz'))));
    for (const m of members) expect(Buffer.from(m.data).includes('hunter2')).toBe(false);
    for (const f of run.provenance.rawFiles)
      expect(sha256Hex(members.find((m) => m.path === f.path)!.data)).toBe(f.sha256);
  });
});

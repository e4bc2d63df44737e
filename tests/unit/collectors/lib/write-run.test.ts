import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  ARCHIVE_CHUNK,
  archiveLevelFor,
  FAST_ARCHIVE_BYTES,
  rawArchive,
  writeHarvestedRun,
  writeHarvestedRuns,
} from '../../../../collectors/lib/write-run.ts';
import type { HarvestedRun } from '../../../../collectors/lib/harvested.ts';
import { readTar } from '../../../../collectors/lib/tar.ts';
import { sha256Hex } from '../../../../collectors/lib/provenance.ts';
import { harvestFixture } from '../../../helpers/harvest-fixture.ts';

describe('writeHarvestedRun', async () => {
  const h = (await harvestFixture('realruns/sysbench.tar.gz')).byLabel.get('x.pg1518.cy2.pk1')!;

  it('writes run.json, series.json and raw.tar.gz at the run id, with no temp files left', async () => {
    const out = mkdtempSync(join(tmpdir(), 'runs-'));
    const w = await writeHarvestedRun(h, out);
    expect(w.id).toBe('sysbench/vm/20261122-x.pg1518.cy2.pk1');
    expect(w.status).toBe('written');
    expect(readdirSync(w.dir).sort()).toEqual(['raw.tar.gz', 'run.json', 'series.json']);
    const run = JSON.parse(readFileSync(join(w.dir, 'run.json'), 'utf8'));
    const archive = readFileSync(join(w.dir, 'raw.tar.gz'));
    expect(run.provenance.rawArchive).toEqual({
      location: 'raw.tar.gz',
      bytes: archive.length,
      sha256: sha256Hex(archive),
    });
    // Every raw file is in the archive, byte for byte, with the checksum the manifest names.
    const files = new Map(readTar(gunzipSync(archive)).map((e) => [e.path, sha256Hex(e.data)]));
    expect(files.size).toBe(run.provenance.rawFiles.length);
    for (const f of run.provenance.rawFiles) expect(files.get(f.path)).toBe(f.sha256);
  });

  it('removes the charts.html an older harvest drew (validate refuses it; the site draws charts from series.json)', async () => {
    const out = mkdtempSync(join(tmpdir(), 'runs-'));
    const w = await writeHarvestedRun(h, out);
    writeFileSync(join(w.dir, 'charts.html'), '<!-- benchsite run charts v1 series-bytes=1 --><figure></figure>');
    await writeHarvestedRun(h, out);
    expect(readdirSync(w.dir).sort()).toEqual(['raw.tar.gz', 'run.json', 'series.json']);
  });

  it('is idempotent: the second write changes nothing', async () => {
    const out = mkdtempSync(join(tmpdir(), 'runs-'));
    const first = await writeHarvestedRun(h, out);
    const mtime = statSync(join(first.dir, 'run.json')).mtimeMs;
    const second = await writeHarvestedRun(h, out);
    expect(second.status).toBe('unchanged');
    expect(statSync(join(first.dir, 'run.json')).mtimeMs).toBe(mtime);
  });

  it('refuses an invalid run and writes nothing', async () => {
    const out = mkdtempSync(join(tmpdir(), 'runs-'));
    const bad = structuredClone(h);
    (bad.run.results[0] as { value: unknown }).value = Number.NaN;
    await expect(writeHarvestedRun(bad, out)).rejects.toThrow(/results\[0\]\.value: expected number, received NaN/);
    expect(readdirSync(out)).toEqual([]);
  });

  it('compresses a large archive in pieces that gunzip and our tar reader read as one archive (GNU tar: tests/integration/gnu-tar.test.ts)', async () => {
    // 10 MB of vmstat-like text: three gzip members.
    const line = (i: number) =>
      ` 1  0      0 ${1000 + (i % 977)} 2000 3000    0    0     0   ${i % 50}  ${i % 300} ${i % 700}  3  1 96  0  0\n`;
    let text = '';
    for (let i = 0; text.length < 10e6; i++) text += line(i);
    const data = new TextEncoder().encode(text);
    const raw = [
      { path: 'sb.vm.b', data },
      { path: 'a.txt', data: new TextEncoder().encode('first') },
    ];
    const archive = await rawArchive({ raw } as unknown as HarvestedRun, 1);
    let members = 0;
    for (let i = 0; i + 2 < archive.length; i++)
      if (archive[i] === 0x1f && archive[i + 1] === 0x8b && archive[i + 2] === 8 && archive[i + 3] === 0) members++;
    expect(members).toBeGreaterThanOrEqual(Math.ceil(data.length / ARCHIVE_CHUNK));
    expect(readTar(gunzipSync(archive)).map((e) => [e.path, sha256Hex(e.data)])).toEqual([
      ['a.txt', sha256Hex(raw[1]!.data)],
      ['sb.vm.b', sha256Hex(data)],
    ]);
    // The same input gives the same bytes (harvest stays idempotent).
    expect(Buffer.from(await rawArchive({ raw } as unknown as HarvestedRun, 1)).equals(Buffer.from(archive))).toBe(
      true,
    );
  });

  it('writes several runs, reporting a refused one and going on with the rest', async () => {
    const out = mkdtempSync(join(tmpdir(), 'runs-'));
    const others = (await harvestFixture('realruns/sysbench.tar.gz')).byLabel;
    const good = [others.get('x.pg1518.cy1.pk1')!, others.get('x.ma101119.cy1.pk1')!];
    const bad = structuredClone(h);
    (bad.run.results[0] as { value: unknown }).value = Number.NaN;
    const heard: string[] = [];
    await writeHarvestedRuns([good[0]!, bad, good[1]!], out, (run, r) =>
      heard.push(`${run.run.label} ${'error' in r ? 'refused' : r.written.status}`),
    );
    expect(heard).toEqual(['x.pg1518.cy1.pk1 written', 'x.pg1518.cy2.pk1 refused', 'x.ma101119.cy1.pk1 written']);
    expect(readdirSync(join(out, 'sysbench/vm')).sort()).toEqual([
      '20261122-x.ma101119.cy1.pk1',
      '20261122-x.pg1518.cy1.pk1',
    ]);
  });

  it('compresses at level 6, or level 1 above 64 MiB of raw files', () => {
    const run = (bytes: number) => ({ raw: [{ path: 'a', data: new Uint8Array(bytes) }] }) as unknown as HarvestedRun;
    expect(archiveLevelFor(h)).toBe(6);
    expect(archiveLevelFor(run(FAST_ARCHIVE_BYTES))).toBe(6);
    expect(archiveLevelFor(run(FAST_ARCHIVE_BYTES + 1))).toBe(1);
  });
});

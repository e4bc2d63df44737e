import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { archiveAhead, archiveSha256, rawArchive } from '../../../../collectors/lib/raw-archive.ts';
import type { HarvestedRun } from '../../../../collectors/lib/harvested.ts';
import type { RawEntry } from '../../../../collectors/lib/raw-tree.ts';
import { sha256Hex } from '../../../../collectors/lib/provenance.ts';
import { readTar } from '../../../../collectors/lib/tar.ts';

const enc = new TextEncoder();

/** A run directory's files: a large one (several archive pieces), then small ones (one with a password) sharing one. */
function files(): RawEntry[] {
  let text = '';
  for (let i = 0; text.length < 9e6; i++)
    text += ` ${i % 7}  0      0 ${1000 + (i % 977)} 2000 3000    0   ${i % 50}\n`;
  return [
    { path: 'sb.io.a', data: enc.encode(text) },
    { path: 'sb.o.a', data: enc.encode(`sysbench --pgsql-password=hunter2 run\n${'[ 1s ] thds: 1\n'.repeat(2000)}`) },
    { path: 'sb.vm.a', data: enc.encode(' r  b   swpd\n'.repeat(500)) },
  ];
}

/** A harvested run of these files (only what archiving reads and redacts). */
function runOf(raw: RawEntry[]): HarvestedRun {
  const rawFiles = raw.map((e) => ({ path: e.path, bytes: e.data.length, sha256: sha256Hex(e.data) }));
  return { raw: raw.map((e) => ({ ...e })), run: { provenance: { rawFiles } } } as unknown as HarvestedRun;
}

describe('archiveAhead', () => {
  it('gives the run the archive rawArchive makes, with its files redacted as rawArchive redacts them', async () => {
    const ahead = files();
    const h = runOf(ahead);
    const archive = await archiveAhead(ahead).take(h)!;
    const usual = runOf(files());
    const expected = await rawArchive(usual);
    expect(Buffer.from(archive).equals(Buffer.from(expected))).toBe(true);
    expect(h.raw).toEqual(usual.raw);
    expect(h.run.provenance.rawFiles).toEqual(usual.run.provenance.rawFiles);
    expect(new TextDecoder().decode(h.raw[1]!.data)).not.toContain('hunter2');
    // Its sha256 was taken as its gzip members arrived.
    expect(archiveSha256(archive)).toBe(sha256Hex(archive));
    expect(readTar(gunzipSync(archive)).map((e) => e.path)).toEqual(['sb.io.a', 'sb.o.a', 'sb.vm.a']);
  });

  it('fails as rawArchive does for a file that cannot be checked, changing none of the run', async () => {
    const bad = () => [...files(), { path: 'x.gz', data: Uint8Array.of(0x1f, 0x8b, 7, 0, 0, 0, 0, 0, 0, 3, 9, 9, 9) }];
    const ahead = bad();
    const h = runOf(ahead);
    const before = structuredClone(h.run.provenance.rawFiles);
    const usual = await rawArchive(runOf(bad())).then(
      () => undefined,
      (e: Error) => e.message,
    );
    expect(usual).toMatch(/x\.gz.*cannot be checked/);
    await expect(archiveAhead(ahead).take(h)!).rejects.toThrow(usual);
    expect(h.run.provenance.rawFiles).toEqual(before);
    expect(h.raw.map((e) => e.data)).toEqual(ahead.map((e) => e.data));
  });

  it('is not taken by a run harvested from other files (one left out)', () => {
    const ahead = files();
    expect(archiveAhead(ahead).take(runOf(ahead.slice(1)))).toBeUndefined();
  });
});

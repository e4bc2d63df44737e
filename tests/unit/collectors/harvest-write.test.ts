import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { harvestAny } from '../../../collectors/harvest-any.ts';
import { harvestAndWrite, type RunOutcome } from '../../../collectors/harvest-write.ts';
import { readMeta } from '../../../collectors/lib/meta.ts';
import type { RawTree } from '../../../collectors/lib/raw-tree.ts';
import { archiveFiles } from '../../helpers/fixtures.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
const meta = await readMeta(join(ROOT, 'content/meta/vm.yaml'));

/** A fresh tree (its own buffers) of fixture archives' files, as loadRawInput gives them. */
function tree(...archives: string[]): RawTree {
  const entries = archives.flatMap((a) =>
    [...archiveFiles(a)].map(([path, data]) => ({ path, data: data.slice(), origin: path })),
  );
  return { name: 'mixed', entries: entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)) };
}

/** Every file under `dir`, by path, with its bytes. */
function files(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (f.isFile()) {
      const full = join(f.parentPath, f.name);
      out.set(relative(dir, full), readFileSync(full).toString('base64'));
    }
  return out;
}

async function harvest(t: RawTree, workers: number, consume = false) {
  const out = mkdtempSync(join(tmpdir(), 'harvest-write-'));
  const said: string[] = [];
  const done = (run: { label: string }, r: RunOutcome) =>
    said.push('error' in r ? `${run.label}: ${r.error.message}` : `${run.label}: ${r.written.status} ${r.written.id}`);
  const r = await harvestAndWrite(t, out, { meta, metaName: 'vm.yaml', workers, consume }, done);
  return { out, said, files: files(out), ...r };
}

describe('harvestAndWrite', () => {
  it('writes the same runs, files and lines on worker threads as on one thread', async () => {
    const archives = ['realruns/sysbench.tar.gz', 'realruns/ibench.tar.gz', 'realruns/hammerdb.tar.gz'];
    const one = await harvest(tree(...archives), 0);
    const two = await harvest(tree(...archives), 2, true);
    expect(one.runs).toBeGreaterThan(5);
    expect(one.said.filter((s) => s.includes(': written ')).length).toBe(one.runs);
    expect(two.said).toEqual(one.said);
    expect(two.skipped).toEqual(one.skipped);
    expect([...two.files.keys()]).toEqual([...one.files.keys()]);
    for (const [path, bytes] of one.files) expect(two.files.get(path), path).toBe(bytes);
  });

  it('numbers a repeat the same way: runs are placed in harvest order', async () => {
    // A run directory twice, the copy with one more file: same id, other raw files, so one of them is repeat 2.
    const t = () => {
      const base = tree('realruns/sysbench.tar.gz');
      const copy = base.entries
        .filter((e) => e.path.startsWith('sysbench/x.pg1518.cy2.pk1/'))
        .map((e) => ({ ...e, path: e.path.replace('sysbench/', 'sysbench/again/'), data: e.data.slice() }));
      copy.push({ path: 'sysbench/again/x.pg1518.cy2.pk1/notes.txt', data: new TextEncoder().encode('again\n') });
      return { ...base, entries: [...base.entries, ...copy].sort((a, b) => (a.path < b.path ? -1 : 1)) };
    };
    const one = await harvest(t(), 0);
    const two = await harvest(t(), 2);
    expect(one.said.some((s) => / repeat /.test(s))).toBe(true);
    expect(two.said).toEqual(one.said);
    expect([...two.files.keys()]).toEqual([...one.files.keys()]);
  });

  it('leaves out the bad files it is given, writes the rest, and lists them in the same order on workers', async () => {
    const broken = () => {
      const t = tree('realruns/sysbench.tar.gz');
      const bad = (dir: string) => ({
        path: `sysbench/${dir}/sb.o.scan.range100.pk1.dop1.gz`,
        data: new TextEncoder().encode('not gzip at all'),
      });
      // Two broken run directories: the later one is larger, so a worker starts on it first.
      t.entries.push(bad('x.pg1518.cy2.pk1'), bad('x.pg1518.cy3.pk1'));
      t.entries.sort((a, b) => (a.path < b.path ? -1 : 1));
      return t;
    };
    const expected = harvestAny(broken());
    const reason = (dir: string) =>
      `sysbench/${dir}/sb.o.scan.range100.pk1.dop1.gz: not gzip data, though its name says so (incorrect header check). Copy the file again from where the benchmark ran, or remove it from the input.`;
    expect(expected.refused).toEqual([
      { path: 'sysbench/x.pg1518.cy2.pk1/sb.o.scan.range100.pk1.dop1.gz', reason: reason('x.pg1518.cy2.pk1') },
      { path: 'sysbench/x.pg1518.cy3.pk1/sb.o.scan.range100.pk1.dop1.gz', reason: reason('x.pg1518.cy3.pk1') },
    ]);
    // Every run of the tree is still harvested: only the bad files are left out of theirs.
    expect(expected.runs.map((h) => h.run.label)).toEqual(
      harvestAny(tree('realruns/sysbench.tar.gz')).runs.map((h) => h.run.label),
    );
    const one = await harvest(broken(), 0);
    const two = await harvest(broken(), 2, true);
    expect(one.refused).toEqual(expected.refused);
    expect(two.refused).toEqual(expected.refused);
    expect(one.runs).toBe(4);
    expect(two.said).toEqual(one.said);
    expect([...two.files.keys()]).toEqual([...one.files.keys()]);
    for (const [path, bytes] of one.files) expect(two.files.get(path), path).toBe(bytes);
  });

  it('refuses a whole run directory when an error names none of its files, the same on workers', async () => {
    const t = () => {
      const base = tree('realruns/sysbench.tar.gz');
      // A benchsite-meta.json that is not one: the run directory's facts cannot be trusted, so all of it waits.
      base.entries.push({
        path: 'sysbench/x.pg1518.cy2.pk1/benchsite-meta.json',
        data: new TextEncoder().encode('{"not": "a meta"}'),
      });
      base.entries.sort((a, b) => (a.path < b.path ? -1 : 1));
      return base;
    };
    const one = await harvest(t(), 0);
    const two = await harvest(t(), 2);
    expect(one.runs).toBe(3);
    expect(one.refused).toEqual([
      {
        path: 'sysbench/x.pg1518.cy2.pk1/benchsite-meta.json',
        reason: expect.stringMatching(/^sysbench\/x\.pg1518\.cy2\.pk1\/benchsite-meta\.json: /),
      },
    ]);
    expect(two.refused).toEqual(one.refused);
    expect(two.said).toEqual(one.said);
  });

  it('moves only buffers that hold one whole file: views of one shared buffer are copied', async () => {
    const t = tree('realruns/sysbench.tar.gz');
    const all = new Uint8Array(t.entries.reduce((n, e) => n + e.data.length, 0));
    let at = 0;
    for (const e of t.entries) {
      all.set(e.data, at);
      e.data = all.subarray(at, (at += e.data.length));
    }
    const one = await harvest(tree('realruns/sysbench.tar.gz'), 0);
    const two = await harvest(t, 2, true);
    expect(two.said).toEqual(one.said);
    for (const [path, bytes] of one.files) expect(two.files.get(path), path).toBe(bytes);
    expect(all.byteLength).toBe(at); // still the caller's
  });

  it("leaves the caller's tree whole unless told it may consume it", async () => {
    const t = tree('realruns/sysbench.tar.gz');
    const sizes = t.entries.map((e) => e.data.length);
    await harvest(t, 2);
    expect(t.entries.map((e) => e.data.length)).toEqual(sizes);
    expect(harvestAny(t).runs.length).toBe(4);
  });
});

// Inputs no benchmark writes but a user may give (issue 13, items 3 and 5): one 100 MB line, 100,000 tiny
// files and a 1 GB file are handled in bounded time and memory or refused with one line; archive members, labels,
// symbolic links and odd names never make harvest read or write outside the input and the output folder.
import { afterAll, describe, expect, it } from 'vitest';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { harvestAny } from '../../collectors/harvest-any.ts';
import { InputError } from '../../collectors/lib/input-error.ts';
import { loadRawInput } from '../../collectors/lib/raw-input.ts';
import { entryText, MAX_TEXT_BYTES } from '../../collectors/lib/raw-tree.ts';
import { readTar } from '../../collectors/lib/tar.ts';
import { MAX_LABEL_CHARS } from '../../src/runs/run-id.ts';
import { benchsite } from '../helpers/cli.ts';
import { FIXTURES, MYTOOLS_FEB25 } from '../helpers/fixtures.ts';

const tmp = mkdtempSync(join(tmpdir(), 'benchsite-patho-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Every file below `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(dir, join(d.parentPath, d.name)));
}

describe('pathological sizes', () => {
  it('one 100 MB line (a HammerDB transcript whose newlines were lost) is read in linear time', async () => {
    const dir = join(tmp, 'line');
    mkdirSync(dir);
    const real = readFileSync(`${FIXTURES}hammerdb-manual/hdbdocs_v6.0_cli_vurun.txt`, 'utf8');
    writeFileSync(join(dir, 'run.out'), real.replace(/\n/g, ' ').padEnd(100 << 20, ' Vuser 1:'));
    const t0 = performance.now();
    const r = harvestAny(await loadRawInput(dir));
    expect(performance.now() - t0).toBeLessThan(90_000);
    // One line holds no recognisable run: said so, not a crash or a hang.
    expect(r.runs).toEqual([]);
    expect(r.skipped.map((s) => s.path)).toEqual(['run.out']);
  }, 180_000);

  it('100,000 tiny files are loaded and skipped, each with its reason', async () => {
    // On a memory file system where there is one: creating 100,000 files on a busy disk takes minutes.
    const base = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmp, 'benchsite-many-'));
    const dir = join(base, 'many');
    for (let i = 0; i < 100_000; i++) {
      if (i % 1000 === 0) mkdirSync(join(dir, `d${i / 1000}`), { recursive: true });
      writeFileSync(join(dir, `d${Math.floor(i / 1000)}`, `f${i}`), `${i}\n`);
    }
    const t0 = performance.now();
    const r = harvestAny(await loadRawInput(dir));
    expect(performance.now() - t0).toBeLessThan(90_000);
    expect(r.runs).toEqual([]);
    expect(r.skipped).toHaveLength(100_000);
    rmSync(base, { recursive: true, force: true });
  }, 300_000);

  it('a 1 GB file is refused with one line: over the bound of an input, or too long to read as text', async () => {
    const dir = join(tmp, 'gig');
    mkdirSync(dir);
    const file = join(dir, 'sb.o.scan.range100.pk1.dop1');
    writeFileSync(file, '');
    truncateSync(file, 1 << 30); // sparse: no disk used
    const env = process.env.BENCHSITE_MAX_RAW;
    process.env.BENCHSITE_MAX_RAW = '512M';
    try {
      await expect(loadRawInput(dir)).rejects.toThrow(`${dir}: the raw files unpack to more than 512 MiB`);
    } finally {
      if (env === undefined) delete process.env.BENCHSITE_MAX_RAW;
      else process.env.BENCHSITE_MAX_RAW = env;
    }
    // Under the default bound (2 GiB) it is read, and refused where it would become one string.
    const big = { path: 'sb.o.scan.range100.pk1.dop1', data: { length: 1 << 30 } as unknown as Uint8Array };
    expect(MAX_TEXT_BYTES).toBeLessThan(1 << 30);
    expect(() => entryText(big)).toThrow(InputError);
    expect(() => entryText(big)).toThrow(
      'sb.o.scan.range100.pk1.dop1: one file of 1 GiB or more; benchsite reads a raw file of up to 512 MiB as text. Split it (e.g. split -l 1000000), or leave it out of the input.',
    );
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('paths stay inside the input and the output folder', () => {
  it('a symbolic link in the input, to a file or a directory outside it, is not followed', async () => {
    const outside = join(tmp, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'secret'), 'not for the archive\n');
    const dir = join(tmp, 'links', 'x.pg1023_o2nofp.x10a_c32r128.pk1');
    cpSync(FIXTURES + MYTOOLS_FEB25, dir, { recursive: true });
    symlinkSync(join(outside, 'secret'), join(dir, 'sb.o.stolen.range100.pk1.dop40'));
    symlinkSync(outside, join(dir, 'elsewhere'));
    const tree = await loadRawInput(join(tmp, 'links'));
    expect(tree.entries.map((e) => e.path).filter((p) => /stolen|elsewhere/.test(p))).toEqual([]);
    const out = join(tmp, 'links-out');
    const r = benchsite(['harvest', join(tmp, 'links'), '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const [runJson] = filesUnder(out).filter((f) => f.endsWith('run.json'));
    const archive = readTar(gunzipSync(readFileSync(join(out, runJson!.replace('run.json', 'raw.tar.gz')))));
    expect(archive.map((e) => e.path).filter((p) => /stolen|elsewhere|secret/.test(p))).toEqual([]);
    expect(archive.some((e) => new TextDecoder().decode(e.data).includes('not for the archive'))).toBe(false);
  });

  it('a label with .. and slashes is one folder under --out', () => {
    const meta = join(tmp, 'label.yaml');
    writeFileSync(meta, 'label: "../../../escaped/x"\ndate: 2026-11-22\n');
    const out = join(tmp, 'label-out');
    const r = benchsite([
      'harvest',
      `${FIXTURES}sysbench-1.0.20/pgsql-point-select-report-interval.txt`,
      '--meta',
      meta,
      '--out',
      out,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(tmp, 'escaped'))).toBe(false);
    expect(filesUnder(out).sort()).toEqual([
      'sysbench/unknown/20261122-.._.._.._escaped_x/raw.tar.gz',
      'sysbench/unknown/20261122-.._.._.._escaped_x/run.json',
      'sysbench/unknown/20261122-.._.._.._escaped_x/series.json',
    ]);
  });

  it('an input under a path with spaces and unicode, named with 250 characters (its run folder would be 259), is harvested into one folder', () => {
    const label = `x.pg1023_o2nofp.x10a_c32r128.pk1${'_'.repeat(250 - 32)}`;
    const parent = join(tmp, 'dir with spaces ünïcödé');
    cpSync(FIXTURES + MYTOOLS_FEB25, join(parent, label), { recursive: true });
    const out = join(tmp, 'long-out');
    const r = benchsite(['harvest', parent, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const dirs = filesUnder(out).map((f) => f.split('/'));
    expect(dirs.length).toBeGreaterThan(0);
    for (const parts of dirs) {
      expect(parts).toHaveLength(4);
      expect(parts[2]!.length).toBeLessThanOrEqual(9 + MAX_LABEL_CHARS);
      expect(parts[2]!.startsWith('20250305-x.pg1023_o2nofp.x10a_c32r128.pk1___')).toBe(true);
    }
    // validate accepts what harvest wrote: the folder's name and the run's label agree.
    const v = benchsite(['validate', out]);
    expect(v.code, v.stdout + v.stderr).toBe(0);
  });
});

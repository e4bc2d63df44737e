// `benchsite import` of a campaign with a bad table: the good tables are imported and written, the bad file is
// named with its line, and the exit code is 1; runs of one id are refused with one line, not one per run.
import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchsite } from '../helpers/cli.ts';
import { ROOT } from '../helpers/build-site.ts';
import { FIXTURES } from '../helpers/fixtures.ts';

const MAR26 = `${FIXTURES}mytools/bench/arc/mar26.pn53.sb.my`;
const META = `${ROOT}content/meta/pn53-2026-03-sysbench-mysql.yaml`;
const errors = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('error: '));
const labels = (tsv: string) => [...tsv.matchAll(/^col-\d+ : (.+)$/gm)].map((m) => m[1]!);

describe('benchsite import of a campaign with one malformed table', () => {
  const dir = mkdtempSync(join(tmpdir(), 'benchsite-import-partial-'));
  cpSync(MAR26, dir, { recursive: true });
  const bad = join(dir, 'qps.abs.my80v2.tsv');
  const lines = readFileSync(bad, 'utf8').split('\n');
  lines[13] = 'garbage where a row was';
  writeFileSync(bad, lines.join('\n'));
  const out = mkdtempSync(join(tmpdir(), 'benchsite-import-partial-out-'));
  const r = benchsite(['import', dir, '--meta', META, '--out', out]);

  it('writes the runs of the good tables, names the bad file and its line, and exits 1', () => {
    expect(r.code).toBe(1);
    expect(errors(r.stderr)).toEqual([
      `error: ${dir}: qps.abs.my80v2.tsv:14: "garbage where a row was" is not a test name like point-query_range=100: is the line cut short or the file truncated?`,
    ]);
    // Every column of the good qps.abs table is a run written (its o.met too); the bad table's others are not.
    const good = labels(readFileSync(join(MAR26, 'qps.abs.latest.tsv'), 'utf8'));
    const written = [...r.stdout.matchAll(/^wrote +\S+-(x\.[^/]+)\/run\.json/gm)].map((m) => m[1]!);
    for (const label of good) expect(written).toContain(label);
    expect(r.stdout).toMatch(/run\(s\) imported.*, 1 error\(s\)$/m);
    expect(benchsite(['validate', out]).code).toBe(0);
  });
});

describe('benchsite import of two tables whose runs have one id', () => {
  it('says the clash once, not once per run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchsite-import-clash-'));
    for (const host of ['a', 'b']) {
      cpSync(join(MAR26, 'qps.abs.latest.tsv'), join(dir, host, 'qps.abs.latest.tsv'));
      cpSync(join(MAR26, 'o.met.latest'), join(dir, host, 'o.met.latest'));
    }
    // The same label in b measured other numbers: another experiment, whose run has the same id.
    const other = join(dir, 'b', 'qps.abs.latest.tsv');
    writeFileSync(
      other,
      readFileSync(other, 'utf8').replace(/^(\d+)\t/m, (_, n: string) => `${Number(n) + 1}\t`),
    );
    const r = benchsite(['import', dir, '--meta', META, '--out', mkdtempSync(join(tmpdir(), 'clash-out-'))]);
    expect(r.code).toBe(1);
    const clashes = errors(r.stderr).filter((l) => l.includes('runs of this import have this id'));
    const ids = clashes.map((l) => /^error: (\S+):/.exec(l)![1]);
    expect(clashes.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('benchsite import of a qps.abs table and its o.met given as files', () => {
  it('imports them as their folder holding only them: the same runs, o.met threads and costs included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchsite-import-files-'));
    const folder = join(dir, 'mar26.pn53.sb.my');
    for (const f of ['qps.abs.latest.tsv', 'o.met.latest']) cpSync(join(MAR26, f), join(folder, f));
    const asFiles = join(dir, 'files');
    const asFolder = join(dir, 'folder');
    const a = benchsite([
      'import',
      join(folder, 'qps.abs.latest.tsv'),
      join(folder, 'o.met.latest'),
      '--meta',
      META,
      '--out',
      asFiles,
    ]);
    const b = benchsite(['import', folder, '--meta', META, '--out', asFolder]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const written = (o: string) => [...o.matchAll(/^wrote +(\S+)\/run\.json/gm)].map((m) => m[1]!.split('/').pop());
    expect(written(a.stdout)).toEqual(written(b.stdout));
    expect(written(a.stdout)).toHaveLength(labels(readFileSync(join(MAR26, 'qps.abs.latest.tsv'), 'utf8')).length);
    for (const id of written(a.stdout)) {
      const read = (root: string) =>
        readFileSync(join(root, 'sysbench', 'pn53', id!, 'run.json'), 'utf8').replace(
          /"sha256": "[0-9a-f]+"/g,
          '"sha256": ""',
        );
      const run = JSON.parse(read(asFiles));
      expect(read(asFiles)).toBe(read(asFolder));
      expect(run.results.some((r: { metric: string }) => r.metric === 'cpu_per_query')).toBe(true);
      expect(run.workload.threads).toEqual([1]);
    }
  });
});

describe('benchsite import of 2024 campaigns (constructed files of their shape)', () => {
  const ARC24 = `${FIXTURES}sysbench-constructed/arc/`;
  const meta = join(mkdtempSync(join(tmpdir(), 'meta24-')), 'meta.yaml');
  writeFileSync(meta, 'date: 2024-02-01\nhost: { name: pn53 }\n');

  it('a scan printed in Mrows/s is exported in Krows/s, from the folder or from its files', () => {
    const folder = `${ARC24}feb24.constructed.pg`;
    for (const args of [[folder], [join(folder, 'qps.abs.pg.tsv'), join(folder, 'met.pg.txt')]]) {
      const out = mkdtempSync(join(tmpdir(), 'import24-'));
      const r = benchsite(['import', ...args, '--meta', meta, '--out', out]);
      expect(r.code, r.stderr).toBe(0);
      const e = benchsite(['export', '--runs', out, '--format', 'json']);
      const rows = JSON.parse(e.stdout) as Array<{
        run: string;
        test: string;
        metric: string;
        value: number;
        unit: string;
      }>;
      const scan = rows.filter((x) => x.test === 'scan' && x.metric === 'scan_krows_per_s');
      expect(scan.map((x) => [x.value, x.unit])).toEqual([
        [1458, 'Krows/s'],
        [1593, 'Krows/s'],
      ]);
    }
  });

  it("tables of one folder that disagree are runs of their own, each named by its tables' tag", () => {
    const out = mkdtempSync(join(tmpdir(), 'import24-'));
    const r = benchsite(['import', `${ARC24}dec24.constructed.orioledb`, '--meta', meta, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^4 run\(s\) imported, 1 warning\(s\)$/m);
    expect([...r.stdout.matchAll(/\+(pgo\.dop1\.prep[01])\/run\.json/g)].map((m) => m[1]).sort()).toEqual([
      'pgo.dop1.prep0',
      'pgo.dop1.prep0',
      'pgo.dop1.prep1',
      'pgo.dop1.prep1',
    ]);
    expect(benchsite(['validate', out]).code).toBe(0);
  });
});

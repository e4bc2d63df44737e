// `benchsite import` as a user runs it on archived campaigns and on tables from posts: runs written and
// validated, exported with their provenance, and every kind of bad input refused with one line naming the
// file and line, never a stack trace.
import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchsite } from '../helpers/cli.ts';
import { ROOT } from '../helpers/build-site.ts';
import { FIXTURES } from '../helpers/fixtures.ts';

const ARC = `${FIXTURES}mytools/bench/arc/`;
const PUB = `${FIXTURES}published/`;
const META = `${ROOT}content/meta/`;

function csvRows(csv: string) {
  const [head, ...lines] = csv.trim().split('\n');
  const cols = head!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v])));
}
/** No stack trace reached the user. */
const noStack = (text: string) => expect(text).not.toMatch(/^\s+at |\.ts:\d+:\d+/m);

describe('benchsite import of an archived campaign', () => {
  const out = mkdtempSync(join(tmpdir(), 'benchsite-import-arc-'));

  it('imports the directory, one run per column, and lists what it did not read with --verbose', () => {
    const r = benchsite([
      'import',
      `${ARC}mar26.pn53.sb.my`,
      `${ARC}apr26.sb.hetz`,
      '--meta',
      `${META}pn53-2026-03-sysbench-mysql.yaml`,
      '--out',
      out,
      '--verbose',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /wrote\s+\S*sysbench\/pn53\/20260301-x\.my9700_rel_o2nofp\.z12a_c8r32\.pk1\/run\.json {2}\(38 tests, 266 numbers\)/,
    );
    expect(r.stdout).toContain('36 run(s) imported');
    expect(r.stderr).toContain('4 file(s) were not read:');
    expect(r.stderr).toContain('  apr26.sb.hetz/qps.rel.pg.latest.tsv.edit: a hand edit of a summary table for a post');
  });

  it('again: nothing changes', () => {
    const r = benchsite([
      'import',
      `${ARC}mar26.pn53.sb.my`,
      '--meta',
      `${META}pn53-2026-03-sysbench-mysql.yaml`,
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout.match(/^unchanged /gm)).toHaveLength(13);
  });

  it('validate passes; export gives every qps.abs cell with the source harness-summary', () => {
    expect(benchsite(['validate', out]).stdout.trim()).toBe('36 run(s) valid');
    // Written to a file: the rows of 36 runs are more than a pipe buffer holds.
    const file = join(out, 'export.csv');
    expect(benchsite(['export', '--runs', out, '--format', 'csv', '--out', file]).code).toBe(0);
    const rows = csvRows(readFileSync(file, 'utf8'));
    expect(new Set(rows.map((x) => x.source))).toEqual(new Set(['harness-summary']));
    const tsv = readFileSync(`${ARC}mar26.pn53.sb.my/qps.abs.latest.tsv`, 'utf8').split('\n');
    const cols = tsv.flatMap((l) => /^col-\d+ : (.+)$/.exec(l)?.[1] ?? []);
    const line = tsv.find((l) => l.endsWith('\tpoint-query_range=100'))!.split('\t');
    cols.forEach((label, k) => {
      const hit = rows.find((x) => x.run!.endsWith(`-${label}`) && x.test === 'point-query' && x.metric === 'qps');
      expect(hit?.value, label).toBe(line[k]);
    });
  });

  it('prints a warning with file, line, column and both values when a relative table disagrees, and still imports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchsite-import-rel-'));
    cpSync(`${ARC}mar26.pn53.sb.my`, join(dir, 'mar26.pn53.sb.my'), { recursive: true });
    const rel = join(dir, 'mar26.pn53.sb.my/qps.rel.latest.tsv');
    writeFileSync(
      rel,
      readFileSync(rel, 'utf8').replace('0.87\t0.69\t0.67\t0.63\tpoint-query', '0.87\t0.69\t0.67\t0.64\tpoint-query'),
    );
    const r = benchsite([
      'import',
      join(dir, 'mar26.pn53.sb.my'),
      '--meta',
      `${META}pn53-2026-03-sysbench-mysql.yaml`,
      '--out',
      join(dir, 'out'),
    ]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      'warning: qps.rel.latest.tsv:9: point-query_range=100, column 4 (x.my9700_rel_o2nofp.z12a_c8r32.pk1): printed 0.64, benchsite computes 0.63',
    );
    expect(r.stdout).toContain('13 run(s) imported, 1 warning(s)');
  });
});

describe('benchsite import of relative tables from a post', () => {
  const out = mkdtempSync(join(tmpdir(), 'benchsite-import-relative-'));
  const tables = ['z12b', 'z12b_sync'].map((b) => `${PUB}sysbench-binlog-pn53-2026-02-16-relative-to-${b}.csv`);
  const meta = `${META}pn53-2026-02-16-sysbench-binlog.yaml`;

  it('imports both tables with a --base each; export has only relative values, marked as published relative', () => {
    const r = benchsite(['import', ...tables, '--base', 'z12b', '--base', 'z12b_sync', '--meta', meta, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /wrote\s+\S*sysbench\/pn53\/20260216-ma120300\.z12c_sync_c8r32\/run\.json {2}\(10 tests, 0 numbers, 20 relative values\)/,
    );
    const rows = csvRows(benchsite(['export', '--runs', out, '--format', 'csv']).stdout);
    expect(rows).toHaveLength(40);
    expect(rows.every((x) => x.metric === 'relative' && x.source === 'published-relative')).toBe(true);
    expect(
      rows.find(
        (x) => x.run!.endsWith('z12c_sync_c8r32') && x.test === 'update-index' && x.unit === 'ratio to z12b_sync',
      )?.value,
    ).toBe('7.64');
  });

  it('refuses to replace a run with one that would drop a table of the post', () => {
    const r = benchsite(['import', tables[0]!, '--base', 'z12b', '--meta', meta, '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'error: sysbench/pn53/20260216-ma120300.z12c_sync_c8r32: already holds values relative to z12b_sync (sysbench-binlog-pn53-2026-02-16-relative-to-z12b_sync.csv), which this import lacks; import every table of the post together',
    );
  });
});

describe('bad input: one line naming the file and line, no stack trace', () => {
  const dir = mkdtempSync(join(tmpdir(), 'benchsite-import-bad-'));
  const good = readFileSync(`${ARC}mar26.pn53.sb.my/qps.abs.latest.tsv`, 'utf8');
  const meta = `${META}pn53-2026-03-sysbench-mysql.yaml`;
  const attempt = (name: string, text: string, extra: string[] = []) => {
    const d = mkdtempSync(join(dir, 'x'));
    writeFileSync(join(d, name), text);
    const r = benchsite(['import', d, '--meta', meta, '--out', join(dir, 'out'), ...extra]);
    noStack(r.stderr);
    return { ...r, dir: d };
  };

  it.each([
    [
      'a truncated tsv',
      good.slice(0, good.indexOf('24734') + 14),
      'qps.abs.latest.tsv:9: "17" is not a test name like point-query_range=100: is the line cut short or the file truncated?',
    ],
    [
      'a header whose column count does not match',
      good.replace('col-1\tcol-2\tcol-3\tcol-4\tcol-5', 'col-1\tcol-2\tcol-3\tcol-4'),
      'qps.abs.latest.tsv:7: the header line has 4 columns, the col-N lines name 5',
    ],
    [
      'a row with a cell too many',
      good.replace('24734\t', '24734\t1\t'),
      'qps.abs.latest.tsv:9: 6 values for point-query_range=100, the table has 5 columns: is the line cut short or the file truncated?',
    ],
    [
      'a non-numeric cell',
      good.replace('21609', '2l609'),
      'qps.abs.latest.tsv:9: column 2 of point-query_range=100: "2l609" is not a number',
    ],
  ])('%s', (_what, text, message) => {
    const r = attempt('qps.abs.latest.tsv', text);
    expect(r.code).toBe(1);
    // The file is left out (the rest of the input would be imported) and named with the input it is in.
    expect(r.stderr.trim()).toBe(`error: ${r.dir}: ${message}`);
  });

  it('an unknown --base', () => {
    const r = benchsite([
      'import',
      `${PUB}sysbench-binlog-pn53-2026-02-16-relative-to-z12b.csv`,
      '--base',
      'z12x',
      '--meta',
      `${META}pn53-2026-02-16-sysbench-binlog.yaml`,
      '--out',
      join(dir, 'out'),
    ]);
    noStack(r.stderr);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(
      'benchsite import: sysbench-binlog-pn53-2026-02-16-relative-to-z12b.csv:1: --base "z12x" is not a column of the tables of this import (z12b, z12c, z12b_sync, z12c_sync). Name the base column as the CSV writes it, and list its cells (1) in its table when no other table has it.',
    );
  });

  it('a table from a post without --meta is a usage error', () => {
    const r = benchsite(['import', `${PUB}sysbench-binlog-pn53-2026-02-16-relative-to-z12b.csv`, '--base', 'z12b']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--meta <file> is required for sysbench-binlog-pn53-2026-02-16-relative-to-z12b.csv');
  });
});

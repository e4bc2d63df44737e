// Relative-only tables typed in from the posts (tests/fixtures/published/*-relative-to-*.csv): every cell
// becomes a relative value of its column's run against the table's base, no run ever holds an absolute
// number, and bad tables are refused with the file and line.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { MetaSchema, RunSchema, type Meta, type Run } from '../../../../src/schemas/index.ts';
import { exportRows } from '../../../../src/analysis/export-rows.ts';
import { runId } from '../../../../src/runs/run-id.ts';
import { importRelativeTables, type RelativeCsv } from '../../../../collectors/published/import-relative.ts';
import { FIXTURES } from '../../../helpers/fixtures.ts';

const ROOT = new URL('../../../../', import.meta.url);
const metaOf = (name: string): Meta =>
  MetaSchema.parse(parseYaml(readFileSync(new URL(`content/meta/${name}`, ROOT), 'utf8')));
const csv = (name: string, base: string): RelativeCsv => ({
  name,
  data: new Uint8Array(readFileSync(`${FIXTURES}published/${name}`)),
  base,
});
const cells = (name: string) =>
  readFileSync(`${FIXTURES}published/${name}`, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => {
      const [label, test, value] = l.split(',');
      return { label: label!, test: test!, value: value! };
    });

/** Each post's tables as the README imports them, and what they must give. */
const IMPORTS: Array<{ post: string; meta: string; tables: Array<[string, string]>; runs: number; benchmark: string }> =
  [
    {
      post: 'binlog sysbench, 2026-02-16',
      meta: 'pn53-2026-02-16-sysbench-binlog.yaml',
      tables: [
        ['sysbench-binlog-pn53-2026-02-16-relative-to-z12b.csv', 'z12b'],
        ['sysbench-binlog-pn53-2026-02-16-relative-to-z12b_sync.csv', 'z12b_sync'],
      ],
      runs: 4,
      benchmark: 'sysbench',
    },
    ...(['cpu', 'io'] as const).map((w) => ({
      post: `binlog Insert Benchmark ${w}, 2026-02-17`,
      meta: `pn53-2026-02-17-insert-benchmark-binlog-${w}.yaml`,
      tables: [
        [
          `insert-benchmark-binlog-pn53-2026-02-17-${w}-bound-all-versions-relative-to-z12b.csv`,
          'ma120300_rel_withdbg.cz12b_c8r32',
        ],
        [
          `insert-benchmark-binlog-pn53-2026-02-17-${w}-bound-sync-only-relative-to-z12b_sync.csv`,
          'ma120300_rel_withdbg.cz12b_sync_c8r32',
        ],
      ] as Array<[string, string]>,
      runs: 4,
      benchmark: 'insert-benchmark',
    })),
    {
      post: 'Postgres Insert Benchmark 24-core, 2026-01-22',
      meta: '24-core-2026-01-22-insert-benchmark-postgres.yaml',
      tables: [['insert-benchmark-postgres-24-core-2026-01-22-relative-to-pg1222.csv', 'pg1222_o2nofp.cx10a_c24r64']],
      runs: 14,
      benchmark: 'insert-benchmark',
    },
    {
      post: 'binlog 32-core sentences, 2026-03-18',
      meta: '32-core-2026-03-18-insert-benchmark-binlog-cpu.yaml',
      tables: [['insert-benchmark-binlog-32-core-2026-03-18-cpu-bound-relative-to-z12b_sync.csv', 'z12b_sync']],
      runs: 4,
      benchmark: 'insert-benchmark',
    },
    {
      post: 'MySQL ladder, 2026-04-09',
      meta: 'pn53-2026-04-09-sysbench-mysql.yaml',
      tables: ['5.6.51', '5.7.44', '8.0.28', '8.0.45', '8.4.8'].map((b) => [
        `sysbench-mysql-5.6-to-9.7-pn53-2026-04-09-relative-to-${b}.csv`,
        b,
      ]),
      runs: 6,
      benchmark: 'sysbench',
    },
    {
      post: 'MySQL 9.7.0, 2026-04-10',
      meta: 'pn53-2026-04-10-sysbench-mysql-9.7.yaml',
      tables: [['sysbench-mysql-9.7.0-pn53-2026-04-10-relative-to-8.4.8.csv', '8.4.8']],
      runs: 3,
      benchmark: 'sysbench',
    },
    {
      post: 'Postgres 19 beta1, 2026-06-09',
      meta: 'ser7-2026-06-09-sysbench-postgres.yaml',
      tables: [['sysbench-postgres-19beta1-ser7-2026-06-09-relative-to-17.10.csv', 'Postgres 17.10']],
      runs: 3,
      benchmark: 'sysbench',
    },
    {
      post: 'MariaDB Insert Benchmark 32-core IO-bound sentences, 2026-04-08',
      meta: '32-core-2026-04-08-insert-benchmark-mariadb-io.yaml',
      tables: [['insert-benchmark-mariadb-32-core-2026-04-08-io-bound-relative-to-10.2.30.csv', 'MariaDB 10.2.30']],
      runs: 2,
      benchmark: 'insert-benchmark',
    },
  ];

describe.each(IMPORTS)('the relative tables of the post $post', ({ meta: metaFile, tables, runs, benchmark }) => {
  const meta = metaOf(metaFile);
  const imported = importRelativeTables(
    tables.map(([f, b]) => csv(f, b)),
    meta,
    metaFile,
  );
  const byShort = new Map(imported.map((h) => [h.run.dbms.label, h.run]));

  it('one valid published-relative run per column, naming the post, with no absolute number', () => {
    expect(imported).toHaveLength(runs);
    for (const { run } of imported) {
      expect(RunSchema.safeParse(run).error?.issues ?? []).toEqual([]);
      expect(run).toMatchObject({
        benchmark,
        date: meta.published!.date,
        dateSource: 'published',
        host: { name: meta.host!.name },
      });
      expect(run.provenance).toMatchObject({
        source: 'published-relative',
        published: { title: meta.published!.title },
      });
      expect(run.results).toEqual([]);
      expect(
        exportRows([{ id: runId(run), run }]).every(
          (r) => r.metric === 'relative' && r.source === 'published-relative',
        ),
      ).toBe(true);
    }
  });

  it('every cell of every table is the relative value of its column against the table base; a base has none of its own', () => {
    for (const [file, base] of tables) {
      const baseRun = byShort.get(base)!;
      for (const c of cells(file)) {
        const run = byShort.get(c.label)!;
        expect(run.tests.map((t) => t.name)).toContain(c.test);
        if (c.label === base) {
          expect(Number(c.value)).toBe(1);
          expect(run.relative!.some((t) => t.file === file)).toBe(false);
          continue;
        }
        const t = run.relative!.find((x) => x.file === file)!;
        expect(t).toMatchObject({ base, baseRun: runId(baseRun), digits: 2 });
        expect(t.values.find((v) => v.test === c.test)?.value, `${file} ${c.label} ${c.test}`).toBe(Number(c.value));
      }
    }
  });
});

describe('what the runs are', () => {
  const meta = metaOf('pn53-2026-02-16-sysbench-binlog.yaml');
  const [a, b] = IMPORTS[0]!.tables;
  const runs = new Map(importRelativeTables([csv(...a!), csv(...b!)], meta).map((h) => [h.run.dbms.label, h.run]));

  it('a column of two tables is one run with a relative table per base; the base of both tables has none', () => {
    expect(runs.get('z12c_sync')!.relative!.map((t) => t.base)).toEqual(['z12b', 'z12b_sync']);
    expect(runs.get('z12c_sync')!.relative![1]!.values[0]).toEqual({ test: 'delete', value: 6.4 });
    expect(runs.get('z12b')!.relative).toEqual([]);
    expect(runs.get('z12b')!.provenance.notes).toEqual([
      'the base of the relative values of z12c, z12b_sync, z12c_sync in sysbench-binlog-pn53-2026-02-16-relative-to-z12b.csv; the post gives no absolute value for it',
    ]);
  });

  it('labels from --meta builds, decoded like harvested runs; the post’s name stays the DBMS label', () => {
    expect(runs.get('z12c_sync')).toMatchObject({
      label: 'ma120300.z12c_sync_c8r32',
      dbms: { product: 'mariadb', version: '12.3.0', label: 'z12c_sync' },
      config: { name: 'z12c_sync_c8r32' },
      workload: { kind: 'sysbench', threads: [1], tables: 1, rows: 50000000 },
    });
  });

  it('the schema refuses a published-relative run with an absolute number', () => {
    const run: Run = structuredClone(runs.get('z12c')!);
    run.results.push({ test: 'delete', metric: 'qps', value: 100, unit: 'queries/s' });
    expect(RunSchema.safeParse(run).error?.issues.map((i) => i.message)).toEqual([
      'a published-relative run has no absolute numbers',
    ]);
    const raw: Run = {
      ...structuredClone(runs.get('z12c')!),
      provenance: { ...runs.get('z12c')!.provenance, source: 'raw' },
    };
    expect(RunSchema.safeParse(raw).error?.issues.map((i) => i.message)).toEqual([
      'relative tables belong to published-relative runs, this one is raw',
    ]);
  });
});

describe('bad tables are refused with the file and line', () => {
  const meta = metaOf('pn53-2026-02-16-sysbench-binlog.yaml');
  const table = (text: string, base = 'z12b', name = 'post.csv'): RelativeCsv => ({
    name,
    data: new TextEncoder().encode(text),
    base,
  });
  const refuse = (t: RelativeCsv[], m: Meta = meta) => {
    try {
      importRelativeTables(t, m, 'post.yaml');
    } catch (e) {
      return (e as Error).message;
    }
    return 'imported';
  };

  it('an unknown --base', () =>
    expect(refuse([table('label,test,value\nz12b,delete,1.00\nz12c,delete,1.06\n', 'z12x')])).toBe(
      'post.csv:1: --base "z12x" is not a column of the tables of this import (z12b, z12c). Name the base column as the CSV writes it, and list its cells (1) in its table when no other table has it.',
    ));
  it('a --base whose cells are not 1', () =>
    expect(refuse([table('label,test,value\nz12b,delete,1.00\nz12c,delete,1.06\n', 'z12c')])).toBe(
      "post.csv:3: the base z12c has 1.06 for delete; a base's own cells are 1. Check --base.",
    ));
  it('a value that is not a number', () =>
    expect(refuse([table('label,test,value\nz12b,delete,1.00\nz12c,delete,1,06\n')])).toBe(
      'post.csv:3: 4 cells, the header has 3. Check for a missing or extra comma.',
    ));
  it('a cell that is not a relative value', () =>
    expect(refuse([table('label,test,value\nz12b,delete,1.00\nz12c,delete,n/a\n')])).toBe(
      'post.csv:3: value: "n/a" is not a relative value (a number like 0.95)',
    ));
  it('a test benchsite does not know', () =>
    expect(refuse([table('label,test,value\nz12b,deletes,1.00\n')])).toMatch(
      /^post\.csv:2: test "deletes" is no benchmark's test as benchsite names them \(hammerdb-tprocc: vu6\.w1000; insert-benchmark: l\.i1, .*; pgbench: select-only\.c8, .*; sysbench: point-query, .*\)$/,
    ));
  it('a cell given twice', () =>
    expect(refuse([table('label,test,value\nz12b,delete,1.00\nz12b,delete,1.00\n')])).toBe(
      'post.csv:3: z12b delete is already on line 2',
    ));
  it('a header without test and value columns', () =>
    expect(refuse([table('label,virtual_users,nopm\npg,1,2\n')])).toBe(
      'post.csv:1: a relative table needs the columns label (or column), test and value (or relative); the header is label,virtual_users,nopm',
    ));
  it('a meta file without the post or, for sysbench, the client threads', () => {
    expect(refuse([table('label,test,value\nz12b,delete,1.00\n')], { host: { name: 'pn53' } })).toBe(
      "post.yaml: published.title is missing. Name the post the table comes from (published: { title, date, url }).\npost.yaml: published.date is missing. Give the post's date (YYYY-MM-DD).",
    );
    expect(refuse([table('label,test,value\nz12b,delete,1.00\n')], { ...meta, sysbench: undefined })).toBe(
      'post.yaml: sysbench.threads is missing: a sysbench run needs its client threads, as the post states them (sysbench: { threads: [1] })',
    );
  });
});

// `benchsite import` of the published HammerDB tables (tests/fixtures/published, transcribed from the posts of
// 2026-02-15 and 2026-03-16): every CSV cell becomes the run result of its build and point; bad input is refused with file, line and
// column.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { RunSchema, type Meta } from '../../../../src/schemas/index.ts';
import { importHammerdbTables, type PublishedCsv } from '../../../../benchmarks/hammerdb-tprocc/published-table.ts';
import { FIXTURES } from '../../../helpers/fixtures.ts';

const csv = (name: string): PublishedCsv => ({
  name,
  data: new Uint8Array(readFileSync(`${FIXTURES}published/${name}`)),
});
const NOPM48 = 'hammerdb-tprocc-48core-2026-02-15.csv';
const SYS48 = 'hammerdb-tprocc-48core-2026-02-15-system.csv';
const CORE8 = 'hammerdb-tprocc-8core-2026-03-16.csv';
const meta: Meta = {
  host: { name: 'ax162s' },
  published: { title: 'HammerDB tproc-c on a large server, Postgres and MySQL', date: '2026-02-15' },
  hammerdb: { rampupMinutes: 5, durationMinutes: 60, storedProcedures: true, partitioned: true },
};

/** The CSV's rows as the file states them, split here independently. */
function rows(name: string): Array<Record<string, string>> {
  const [head, ...lines] = readFileSync(`${FIXTURES}published/${name}`, 'utf8').trim().split(/\r?\n/);
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [head!.split(',')[i]!, v])));
}

const value = (
  run: { results: Array<{ test: string; metric: string; value: number }> },
  test: string,
  metric: string,
) => run.results.find((r) => r.test === test && r.metric === metric)?.value;

describe('the 48-core post (the 2026-02-15 post): NOPM table plus its vmstat/iostat table', () => {
  const runs = importHammerdbTables([csv(NOPM48), csv(SYS48)], meta, 'ax162s.yaml');
  const byLabel = new Map(runs.map((h) => [h.run.dbms.label, h.run]));

  it('one valid run per build, provenance "published table" naming the post and keeping the CSVs', () => {
    expect([...byLabel.keys()]).toEqual([
      'my5651',
      'my5744',
      'my8045',
      'my8408',
      'my9600',
      'pg1222',
      'pg1323',
      'pg1420',
      'pg1515',
      'pg1611',
      'pg177',
      'pg181',
    ]);
    for (const h of runs) {
      expect(RunSchema.safeParse(h.run).error?.issues ?? []).toEqual([]);
      expect(h.run).toMatchObject({ date: '2026-02-15', dateSource: 'published', host: { name: 'ax162s' } });
      expect(h.run.provenance).toMatchObject({
        source: 'published-table',
        published: { title: meta.published!.title, date: '2026-02-15' },
      });
    }
    expect(byLabel.get('pg181')).toMatchObject({
      label: 'pg181.x10b50g_c32r128',
      dbms: { product: 'postgres', version: '18.1' },
      config: { name: 'x10b50g_c32r128' },
    });
    expect(byLabel.get('pg181')!.workload).toMatchObject({
      warehouses: [1000, 2000, 4000],
      virtualUsers: [10, 20, 40],
      rampupMinutes: 5,
      durationMinutes: 60,
      storedProcedures: true,
      partitioned: true,
    });
    expect(runs.find((h) => h.run.dbms.label === 'my8408')!.raw.map((e) => e.path)).toEqual([NOPM48, SYS48]);
    expect(runs.find((h) => h.run.dbms.label === 'my5651')!.raw.map((e) => e.path)).toEqual([NOPM48]);
  });

  it('every NOPM cell of the CSV is the nopm of its build and point', () => {
    const table = rows(NOPM48);
    expect(table).toHaveLength(108);
    for (const r of table)
      expect(value(byLabel.get(r.label!)!, `vu${r.virtual_users}.w${r.warehouses}`, 'nopm'), JSON.stringify(r)).toBe(
        Number(r.nopm),
      );
  });

  it('every cell of the system table joins its build and point', () => {
    for (const r of rows(SYS48)) {
      const run = byLabel.get(r.label!)!;
      for (const [k, v] of Object.entries(r)) {
        if (['label', 'virtual_users', 'warehouses'].includes(k)) continue;
        expect(value(run, `vu${r.virtual_users}.w${r.warehouses}`, k), `${r.label} ${k}`).toBe(Number(v));
      }
    }
  });
});

describe('the 8-core post (2026-03-16 post): stored procedures off and on', () => {
  const runs = importHammerdbTables([csv(CORE8)], {
    host: { name: 'pn53' },
    published: { title: 'CPU efficiency', date: '2026-03-16' },
    hammerdb: { partitioned: false },
  });

  it('one run per DBMS with the two points .sp0 and .sp1, every cell as the CSV states it', () => {
    expect(runs.map((h) => h.run.label)).toEqual(['ma1186.cz12b_c8r32', 'my8408.cz12a_c8r32', 'pg182.cx10b_c8r32']);
    for (const r of rows(CORE8)) {
      const run = runs.find((h) => h.run.dbms.label === r.label)!.run;
      const test = `vu1.w100.sp${r.stored_procedures === 'true' ? 1 : 0}`;
      expect(run.tests.find((t) => t.name === test)!.params).toMatchObject({
        storedProcedures: r.stored_procedures === 'true',
        virtualUsers: 1,
        warehouses: 100,
      });
      for (const k of ['nopm', 'vmstat_r', 'vmstat_cs', 'vmstat_us', 'vmstat_sy', 'vmstat_us_plus_sy', 'cpu_per_nopm'])
        expect(value(run, test, k), `${r.label} ${test} ${k}`).toBe(Number(r[k]));
    }
    expect(runs[0]!.run.workload).not.toHaveProperty('storedProcedures', expect.anything());
  });
});

describe('bad input: one error listing every problem with file, line and column', () => {
  const text = (name: string, body: string): PublishedCsv => ({ name, data: new TextEncoder().encode(body) });

  it('bad numbers, an unknown DBMS and a row of the wrong width', () => {
    const bad = text(
      't.csv',
      'label,dbms,version,config,virtual_users,warehouses,nopm\npg1,postgres,18.1,x,10,1000,12x\npg2,oracle,1.0,x,ten,1000,5\npg3,postgres,18.1,x,10\n',
    );
    expect(() => importHammerdbTables([bad], meta)).toThrow(/t\.csv:4: 5 cells, the header has 7/);
    const bad2 = text(
      't.csv',
      'label,dbms,version,config,virtual_users,warehouses,nopm\npg1,postgres,18.1,x,10,1000,12x\npg2,oracle,1.0,x,ten,1000,5\n',
    );
    let message = '';
    try {
      importHammerdbTables([bad2], meta);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message.split('\n')).toEqual([
      't.csv:2: nopm: "12x" is not a number',
      't.csv:3: virtual_users: "ten" is not a positive whole number',
      expect.stringMatching(/^t\.csv:3: dbms: "oracle" is not one of mysql, mariadb, postgres/),
    ]);
  });

  it('an unknown column, and a system table imported without the table that defines its builds', () => {
    expect(() => importHammerdbTables([text('u.csv', 'label,virtual_users,warehouses,qps\na,1,1,5\n')], meta)).toThrow(
      /u\.csv:1: unknown column qps/,
    );
    expect(() => importHammerdbTables([csv(SYS48)], meta)).toThrow(
      `${SYS48}:2: label: no build "my8408" in the tables of this import`,
    );
  });

  it('the meta file must name the host and the post', () => {
    expect(() => importHammerdbTables([csv(CORE8)], {}, 'm.yaml')).toThrow(
      /m\.yaml: host\.name is missing[\s\S]*m\.yaml: published\.title is missing[\s\S]*m\.yaml: published\.date is missing/,
    );
  });
});

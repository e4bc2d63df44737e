// Harvest of plain pgbench outputs (the real pgbench 15.20 ones of tests/fixtures/pgbench-15.20), as `benchsite
// harvest` does it: every file goes to the harvesters in turn, and only pgbench's takes them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RunSchema, SeriesFileSchema } from '../../../../src/schemas/index.ts';
import { harvestFixture } from '../../../helpers/harvest-fixture.ts';
import { FIXTURES } from '../../../helpers/fixtures.ts';

const meta = { date: '2026-11-26', host: { name: 'pgbox' } };

describe('harvest of plain pgbench outputs', async () => {
  const { runs, skipped } = await harvestFixture('pgbench-15.20', meta);
  const h = runs.find((r) => r.run.label === 'pgbench-15.20')!;
  const value = (test: string, metric: string) =>
    h.run.results.find((r) => r.test === test && r.metric === metric)?.value;

  it('makes one valid run of each directory; the scripts beside the outputs are not runs', () => {
    expect(runs.map((r) => r.id)).toEqual(['pgbench/pgbox/20261126-pgbench-15.20', 'pgbench/pgbox/20261126-loop']);
    expect(RunSchema.safeParse(h.run).success).toBe(true);
    expect(SeriesFileSchema.safeParse(h.series).success).toBe(true);
    expect(h.id).toBe('pgbench/pgbox/20261126-pgbench-15.20');
    expect(skipped.map((s) => s.path).sort()).toEqual([
      'PROVENANCE.md',
      'custom-read.sql',
      'missing-table.sql',
      'serialization-conflict.sql',
    ]);
  });

  it('names each test by its script and clients, the table load first, built-ins in pgbench order', () => {
    expect(h.run.tests.map((t) => [t.name, t.status])).toEqual([
      ['init', 'ok'],
      ['tpcb-like.c4', 'ok'],
      ['simple-update.c2', 'ok'],
      ['select-only.c2', 'ok'],
      ['select-only.run2.c2', 'ok'],
      ['select-only.c4', 'ok'],
      ['custom-read.c2', 'ok'],
      ['missing-table.c2', 'failed'],
      ['select-only@9+simple-update@1.c4', 'ok'],
      ['serialization-conflict.c4', 'ok'],
      ['serialization-conflict.c8', 'ok'],
    ]);
    expect(h.run.provenance.notes).toContain(
      'progress-timestamp.txt: a second output of select-only.c2; named select-only.run2.c2',
    );
  });

  it("exports each output's own tps line as `tps`, and the report's other figures", () => {
    for (const t of h.run.tests.filter((x) => x.name !== 'init')) {
      const file = t.rawFiles![0]!;
      const line = /^tps = ([\d.]+) \(/m.exec(readFileSync(`${FIXTURES}pgbench-15.20/${file}`, 'utf8'));
      expect(value(t.name, 'tps'), file).toBe(line ? Number(line[1]) : undefined);
    }
    expect(value('tpcb-like.c4', 'tps')).toBe(373.048389);
    expect(value('tpcb-like.c4', 'latency_avg_ms')).toBe(10.704);
    expect(value('tpcb-like.c4', 'latency_stddev_ms')).toBe(20.495);
    expect(value('tpcb-like.c4', 'transactions')).toBe(1840);
    expect(value('tpcb-like.c4', 'failed_transactions')).toBe(0);
    expect(value('tpcb-like.c4', 'statement9_latency_ms')).toBe(3.902);
    expect(value('serialization-conflict.c8', 'failed_transactions')).toBe(2415);
    expect(value('serialization-conflict.c8', 'serialization_failures')).toBe(2415);
    expect(value('serialization-conflict.c8', 'retries')).toBe(6193);
    expect(value('serialization-conflict.c8', 'statement4_retries')).toBe(6199);
    expect(value('select-only@9+simple-update@1.c4', 'script2_tps')).toBe(371.660915);
    expect(value('init', 'init_seconds')).toBe(1.98);
  });

  it('keeps what each test ran with, read from its output', () => {
    const t = h.run.tests.find((x) => x.name === 'tpcb-like.c4')!;
    expect(t.params).toMatchObject({
      script: '<builtin: TPC-B (sort of)>',
      clients: 4,
      threads: 2,
      seconds: 5,
      scale: 2,
      queryMode: 'simple',
      maxTries: 1,
      statement11: 'END;',
    });
    expect(h.run.tests.find((x) => x.name === 'select-only.c2')!.params!.connectPerTransaction).toBe(true);
    expect(h.run.tests.find((x) => x.name === 'init')!.command).toBe('pgbench -i -s 2 benchsite_pgbench_fixture');
  });

  it('fails the aborted test with what pgbench said', () => {
    const t = h.run.tests.find((x) => x.name === 'missing-table.c2')!;
    expect(t.error).toBe(
      'pgbench: error: client 0 script 0 aborted in command 0 query 0: ERROR:  relation "no_such_table" does not exist; pgbench: Run was aborted; the above results are incomplete',
    );
    expect(value('missing-table.c2', 'tps')).toBeUndefined();
  });

  it("keeps the progress lines as each test's series, Unix times made relative", () => {
    const s = h.series.tests['tpcb-like.c4']![0]!;
    expect(s.name).toBe('pgbench');
    expect(s.intervalSeconds).toBe(1);
    expect(s.columns.map((c) => c.name)).toEqual(['t', 'tps', 'latency_avg_ms', 'latency_stddev_ms', 'failed']);
    expect(s.rows[2]).toEqual([3, 583.1, 6.913, 7.449, 0]);
    const f = h.series.tests['serialization-conflict.c8']![0]!;
    expect(f.columns.map((c) => c.name)).toContain('retries');
    const ts = h.series.tests['select-only.run2.c2']![0]!;
    expect(ts.rows.map((r) => r[0])).toEqual([1, 2, 3]);
  });

  it("describes the run's workload from the outputs: the built-ins' scale, clients, threads", () => {
    expect(h.run.workload).toEqual({
      kind: 'pgbench',
      scale: 2,
      clients: [2, 4, 8],
      threads: [1, 2],
      transactionsPerClient: 200,
      queryMode: 'simple',
      connectPerTransaction: true,
    });
    expect(h.run.dbms).toMatchObject({ product: 'postgres', version: '15.20' });
    expect(h.run.provenance.tools).toEqual([{ name: 'pgbench', version: '15.20' }]);
  });

  it("reads each run of a loop's log as a test", () => {
    const loop = runs.find((r) => r.run.label === 'loop')!;
    expect(loop.run.tests.map((t) => t.name)).toEqual(['select-only.c1', 'select-only.c2', 'select-only.c4']);
    const lines = [...readFileSync(`${FIXTURES}pgbench-15.20/loop/loop.txt`, 'utf8').matchAll(/^tps = ([\d.]+) /gm)];
    expect(
      loop.run.tests.map((t) => loop.run.results.find((r) => r.test === t.name && r.metric === 'tps')?.value),
    ).toEqual(lines.map((m) => Number(m[1])));
    expect(loop.run.tests.every((t) => t.rawFiles![0] === 'loop.txt')).toBe(true);
  });

  it('reads one output file on its own, named by the file, as a run', async () => {
    const one = await harvestFixture('pgbench-15.20/select-only.P1.txt', meta);
    expect(one.runs.map((r) => [r.id, r.run.tests.map((t) => t.name)])).toEqual([
      ['pgbench/pgbox/20261126-select-only.P1', ['select-only.c4']],
    ]);
  });

  it('reads the outputs of pgbench 10 to 18, tps from the line that excludes the connections', async () => {
    const old = await harvestFixture('pgbench-constructed', meta);
    const r = old.runs[0]!.run;
    expect(old.runs).toHaveLength(1);
    const tps = Object.fromEntries(
      r.results.filter((x) => x.metric === 'tps').map((x) => [`${x.test}`, x.value] as const),
    );
    // pg10 and pg13 hold the same test; the second is told apart by its file.
    expect(tps).toEqual({
      'tpcb-like.c4': 373.048389,
      'tpcb-like.run2.c4': 373.048389,
      'tpcb-like.run3.c4': 373.048389,
      'select-only.c4': 8307.573572,
      'select-only@9+simple-update@1.c4': 3727.739101,
    });
    expect(r.results.find((x) => x.metric === 'tps_including_connections')?.value).toBe(365.412345);
  });
});

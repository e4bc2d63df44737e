// Parser tests against a table of real captured outputs (the github-action-benchmark way): each case states
// what the file itself prints, and the parser must read exactly that.
import { describe, expect, it } from 'vitest';
import { parseSysbenchOutput } from '../../../../benchmarks/sysbench/parse-output.ts';
import { archiveFiles, archiveText, fixtureText, MYTOOLS_FEB25, MYTOOLS_NOV25 } from '../../../helpers/fixtures.ts';

interface Case {
  file: string;
  version: string;
  qps: number;
  tps: number;
  latency: { avg: number; max: number; percentile: number; value: number };
  elapsed: number;
  intervals: number;
  cpus?: number;
}

const CASES: Case[] = [
  {
    file: `${MYTOOLS_NOV25}sb.o.point-query.range100.pk1.dop1`,
    version: '1.1.0-3ceba0b',
    qps: 16847.1,
    tps: 16847.1,
    latency: { avg: 0.06, max: 0.7, percentile: 95, value: 0.06 },
    elapsed: 600.0003,
    intervals: 0,
    cpus: 8,
  },
  {
    file: `${MYTOOLS_NOV25}sb.o.read-write.range100.pk1.dop1`,
    version: '1.1.0-3ceba0b',
    qps: 11918.49,
    tps: 595.92,
    latency: { avg: 1.68, max: 47.54, percentile: 95, value: 1.76 },
    elapsed: 900.0009,
    intervals: 0,
    cpus: 8,
  },
  {
    file: `${MYTOOLS_FEB25}sb.o.point-query.range100.pk1.dop40`,
    version: '1.1.0-9072687',
    qps: 982242.36,
    tps: 982242.36,
    latency: { avg: 0.04, max: 15.69, percentile: 95, value: 0.05 },
    elapsed: 330.0118,
    intervals: 0,
    cpus: 48,
  },
  {
    file: 'sysbench-1.0.20/pgsql-point-select-report-interval.txt',
    version: '1.0.20',
    qps: 12921.74,
    tps: 12921.74,
    latency: { avg: 0.08, max: 4.51, percentile: 95, value: 0.17 },
    elapsed: 3.0026,
    intervals: 3,
  },
  {
    file: 'sysbench-1.0.20/lua-report-hook-err-no-colon.txt',
    version: '1.0.20',
    qps: 12283.58,
    tps: 1228.36,
    latency: { avg: 0.81, max: 5.31, percentile: 95, value: 1.61 },
    elapsed: 2.002,
    intervals: 2,
  },
];

describe('parseSysbenchOutput on real outputs', () => {
  it.each(CASES)('$file', (c) => {
    const text = fixtureText(c.file);
    const out = parseSysbenchOutput(text);
    expect(out.version).toBe(c.version);
    expect(out.stats?.queriesRate.perSec).toBe(c.qps);
    expect(out.stats?.transactions?.perSec).toBe(c.tps);
    expect(out.stats?.latencyMs).toMatchObject({
      avg: c.latency.avg,
      max: c.latency.max,
      percentile: c.latency.percentile,
      percentileValue: c.latency.value,
    });
    expect(out.stats?.elapsedSeconds).toBe(c.elapsed);
    expect(out.intervals).toHaveLength(c.intervals);
    if (c.cpus) expect(out.cpus).toBe(c.cpus);
    expect(out.errors).toEqual([]);
  });

  it("every sb.o of the real mytools runs: qps is the per-sec value of the file's queries: line", () => {
    const files = [...archiveFiles('realruns/sysbench.tar.gz').keys()].filter((p) => /\/sb\.o\.[^/]+\.dop\d+$/.test(p));
    expect(files).toHaveLength(4 * 17);
    for (const f of files) {
      const text = archiveText('realruns/sysbench.tar.gz', f);
      const stated = Number(/queries:\s+\d+\s+\(([\d.]+) per sec\.\)/.exec(text)![1]);
      const out = parseSysbenchOutput(text);
      expect(out.stats?.queriesRate.perSec, f).toBe(stated);
      expect(out.intervals.length, f).toBeGreaterThanOrEqual(9); // --report-interval=1 for 10 s
      expect(out.options['db-driver'], f).toMatch(/^(pgsql|mysql)$/);
    }
  });

  it('reads interval lines of both err/s spellings', () => {
    const colon = parseSysbenchOutput(fixtureText('sysbench-1.0.20/pgsql-point-select-report-interval.txt'));
    expect(colon.intervals[0]).toEqual([1, 1, 16522.31, 16522.31, 16522.31, 0, 0, 0.14, 0, 0]);
    const noColon = parseSysbenchOutput(fixtureText('sysbench-1.0.20/lua-report-hook-err-no-colon.txt'));
    expect(noColon.intervals[0]).toEqual([1, 1, 675.61, 6760.14, 6760.14, 0, 0, 1.7, 0, 0]);
    expect(noColon.intervalPercentile).toBe(95);
  });

  it('the 1.0.x "General statistics" report and the 1.1.x "Throughput" report', () => {
    const v10 = parseSysbenchOutput(fixtureText('sysbench-1.0.20/pgsql-point-select-report-interval.txt'));
    expect(v10.stats?.eventsPerSec).toBeUndefined();
    expect(v10.stats?.events).toBe(38819);
    const v11 = parseSysbenchOutput(fixtureText(`${MYTOOLS_NOV25}sb.o.point-query.range100.pk1.dop1`));
    expect(v11.stats?.eventsPerSec).toBe(16847.0961);
    expect(v11.warmupSeconds).toBe(5);
  });

  it('explain output glued to other lines does not confuse it (dop40 scan)', () => {
    const out = parseSysbenchOutput(
      fixtureText(
        'mytools/bench/arc/nov25.sb.mysql/dop40/x.my8043_rel_o2nofp.z12a_c32r128.pk1/sb.o.scan.range100.pk1.dop40',
      ),
    );
    expect(out.stats?.latencyMs.avg).toBe(2319.46);
    expect(out.threads).toBe(40);
  });

  it('a FATAL connection failure has no stats and keeps the FATAL lines', () => {
    const out = parseSysbenchOutput(fixtureText('sysbench-1.0.20/fatal-no-database.txt'));
    expect(out.stats).toBeUndefined();
    expect(out.errors[0]).toBe(
      'FATAL: Connection to database failed: connection to server at "127.0.0.1", port 5432 failed: FATAL:  database "no_such_db" does not exist',
    );
    expect(out.errors).toHaveLength(3);
  });

  it('a run killed before its report has intervals but no stats', () => {
    const out = parseSysbenchOutput(fixtureText('sysbench-1.0.20/killed-before-report.txt'));
    expect(out.stats).toBeUndefined();
    expect(out.intervals).toHaveLength(3);
  });

  it('the gzipped Dec 2020 output (already gunzipped in fixtures) of sysbench 1.1.0-b68ebab', () => {
    const out = parseSysbenchOutput(
      fixtureText('mytools/bench/results/sysbench.dec2020/myrocks.inmem/fbmy56/sb.o.point-query.range100.pk1.dop1'),
    );
    expect(out.version).toMatch(/^1\.1\.0/);
    expect(out.stats?.queriesRate.perSec).toBeGreaterThan(0);
  });
});

describe('a report that disagrees with itself (edited or damaged) is not a report', () => {
  const real = fixtureText('sysbench-1.0.20/pgsql-point-select-report-interval.txt');

  it('the real output agrees with itself', () => {
    expect(parseSysbenchOutput(real).stats?.queriesRate.perSec).toBe(12921.74);
  });

  it.each([
    [
      'a per-second rate that is not count / time',
      (t: string) =>
        t.replace(
          'queries:                             38819  (12921.74',
          'queries:                             38819  (129217.4',
        ),
      'the statistics disagree: queries: 38819 (129217.4 per sec.), but 38819 in 3.0026s is 12928.46 per sec.',
    ],
    [
      'a total that is not read + write + other',
      (t: string) => t.replace('total:                           38819', 'total:                           98819'),
      'the statistics disagree: queries performed total 98819 is not read + write + other = 38819',
    ],
    [
      'more transactions than queries',
      (t: string) =>
        t.replace(
          'transactions:                        38819  (12921.74',
          'transactions:                        98819  (32911.31',
        ),
      'the statistics disagree: 98819 transactions but only 38819 queries',
    ],
    [
      'a time of 0',
      (t: string) =>
        t.replace('total time:                          3.0026s', 'total time:                          0s'),
      'the statistics disagree: total time 0s',
    ],
  ])('%s', (_, edit, error) => {
    const out = parseSysbenchOutput(edit(real));
    expect(out.stats).toBeUndefined();
    expect(out.errors[0]).toBe(error);
  });
});

describe('sysbench results as people paste them into posts and issues', () => {
  const real = fixtureText('sysbench-1.0.20/pgsql-point-select-report-interval.txt');
  const block = real.slice(real.indexOf('SQL statistics:'));

  it('the statistics block alone (no banner) is read as the whole output is, its version unknown', async () => {
    const { harvestSysbench, looksLikeSysbenchOutput } = await import('../../../../benchmarks/sysbench/harvest.ts');
    expect(looksLikeSysbenchOutput(block)).toBe(true);
    const whole = parseSysbenchOutput(real);
    const pasted = parseSysbenchOutput(block);
    expect(pasted.version).toBeUndefined();
    expect(pasted.stats).toEqual(whole.stats);
    // Without its indentation (a Markdown paste) too.
    expect(parseSysbenchOutput(block.replace(/^[ \t]+/gm, '')).stats).toEqual(whole.stats);
    const run = harvestSysbench(
      { name: 'pasted.txt', entries: [{ path: 'pasted.txt', data: new TextEncoder().encode(block) }] },
      { meta: { date: '2026-11-22' } },
    ).runs[0]!.run;
    expect(run.tests.map((t) => [t.name, t.status])).toEqual([['pasted', 'ok']]);
    expect(run.results.find((r) => r.metric === 'qps')?.value).toBe(12921.74);
  });
});

it('a percentile that is not 1 to 100 (a damaged line) gives no latency metric, and the run validates', async () => {
  const { harvestSysbench } = await import('../../../../benchmarks/sysbench/harvest.ts');
  const { RunSchema } = await import('../../../../src/schemas/index.ts');
  const real = fixtureText('sysbench-1.0.20/pgsql-point-select-report-interval.txt');
  const damaged = real.replace('95th percentile:', '99999999999999999999999th percentile:');
  const run = harvestSysbench(
    { name: 'x.txt', entries: [{ path: 'x.txt', data: new TextEncoder().encode(damaged) }] },
    { meta: { date: '2026-11-22' } },
  ).runs[0]!.run;
  expect(run.results.map((r) => r.metric).filter((m) => m.startsWith('latency_p'))).toEqual([]);
  expect(run.results.map((r) => r.metric)).toContain('latency_avg_ms');
  expect(RunSchema.safeParse(run).success).toBe(true);
});

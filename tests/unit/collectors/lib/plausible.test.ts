import { describe, expect, it } from 'vitest';
import { guardNumbers, impossible } from '../../../../collectors/lib/plausible.ts';
import type { HarvestedRun } from '../../../../collectors/lib/harvested.ts';
import { harvestFixture } from '../../../helpers/harvest-fixture.ts';
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { MetaSchema } from '../../../../src/schemas/index.ts';
import { importRelativeTables } from '../../../../collectors/published/import-relative.ts';
import { FIXTURES } from '../../../helpers/fixtures.ts';
import { loadRawInput } from '../../../../collectors/lib/raw-input.ts';
import { harvestAny } from '../../../../collectors/harvest-any.ts';

describe('numbers no measurement gives', () => {
  it('are named with why', () => {
    expect(impossible('qps', 'queries/s', NaN)).toBe('is not a number');
    expect(impossible('latency_p95_ms', 'ms', -31.3)).toBe('is negative');
    expect(impossible('qps_ci95_low', 'queries/s', -3)).toBeUndefined();
    expect(impossible('vmstat_us', '%', 180)).toBe('is a percentage over 101');
    // vmstat rounds us and sy each: a saturated host prints `64 37 0`, so us+sy averages over 100.
    expect(impossible('cpu_pct', '%', 100.33)).toBeUndefined();
    expect(impossible('cpu_per_query', 'µs/query', 180)).toBeUndefined();
    expect(impossible('qps', 'queries/s', 2e9)).toBe('is more than 1000000000 per second');
    expect(impossible('tpm', 'transactions/min', 2e9)).toBeUndefined();
    expect(impossible('dbgb2', 'GB', 1e20)).toBe('is more than 1e+15');
    expect(impossible('qps', 'queries/s', 12921.74)).toBeUndefined();
    // iostat's %util is the kernel's busy-time estimate, which iostat prints over 100 (sysstat/sysstat#412); the
    // other iostat percentages are shares of requests, and a negative %util is still damage.
    expect(impossible('iostat_util_pct', '%', 113.4)).toBeUndefined();
    expect(impossible('iostat_wrqm_pct', '%', 113.4)).toBe('is a percentage over 101');
    expect(impossible('iostat_util_pct', '%', -2)).toBe('is negative');
  });

  it("keep sysbench's 95th percentile a histogram bucket above the maximum (real sysbench 1.0.20 output)", async () => {
    // sysbench prints a percentile at the middle of its histogram bucket: this run of 10 events printed max 0.98
    // and 95th percentile 0.99 (akopytov/sysbench#486). It was failed as damaged input; it is what sysbench printed.
    const h = await harvestFixture('sysbench-1.0.20/pgsql-point-select-p95-above-max.txt', {
      dbms: { product: 'postgres', version: '15.19' },
    });
    const run = h.runs[0]!.run;
    const test = run.tests[0]!;
    expect(test.status, test.error).toBe('ok');
    const value = (metric: string) => run.results.find((r) => r.test === test.name && r.metric === metric)?.value;
    expect([value('latency_max_ms'), value('latency_p95_ms')]).toEqual([0.98, 0.99]);
    // More than half a bucket above it (and the printing's 0.01) is still damage.
    const damaged = structuredClone(h.runs[0]!) as HarvestedRun;
    damaged.run.results.find((r) => r.metric === 'latency_p95_ms')!.value = 1;
    guardNumbers(damaged);
    expect(damaged.run.tests[0]!.status).toBe('failed');
    expect(damaged.run.tests[0]!.error).toContain('latency_p95_ms 1 is above latency_max_ms 0.98');
  });

  it("keep iostat's %util over 100 as iostat printed it (real Insert Benchmark run, %util patched to 113.40)", async () => {
    // The SSH test of `benchsite run` met this on this repository's CI machine (Linux 6.18): the step was failed
    // and its numbers left out as damaged input, though they were what iostat printed.
    const tree = await loadRawInput(`${FIXTURES}realruns/ibench.tar.gz`);
    const file = tree.entries.find((e) => e.path === 'ibench/raw/1u.1tno/0.2m.pg1518.ccy1/qp500.L4/o.io.dop1')!;
    const text = new TextDecoder().decode(file.data);
    const patched = text.replace(/^(vda .*\s)\d+\.\d+$/gm, '$1113.40');
    expect(patched).not.toBe(text);
    file.data = new TextEncoder().encode(patched);
    const h = harvestAny(tree).runs.find((x) => x.run.label === '0.2m.pg1518.ccy1')!;
    const run = h.run;
    const step = run.tests.find((t) => t.name === 'qp500.L4')!;
    expect(step.status, step.error).toBe('ok');
    const util = run.results.find((r) => r.test === 'qp500.L4' && r.metric === 'iostat_util_pct')!;
    expect(util.value).toBeCloseTo(113.4, 6);
    expect(step.system?.clean.iostat?.utilPct).toBeCloseTo(113.4, 6);
    // A CPU share over 101 is still damage: the step fails, saying which number and why.
    step.system!.clean.vmstat!.cpuPct = 180;
    guardNumbers(h);
    expect(step.status).toBe('failed');
    expect(step.error).toContain('system.clean.vmstat.cpuPct is a percentage over 101 (180)');
  });

  it('in a real HammerDB run are left out and fail their test, saying which and where; the rest is unchanged', async () => {
    const { runs } = await harvestFixture('hammerdb-v6');
    const h = structuredClone(runs[0]!) as HarvestedRun;
    const good = structuredClone(h.run);
    const test = h.run.tests[0]!.name;
    const set = (metric: string, value: number) =>
      (h.run.results.find((r) => r.test === test && r.metric === metric)!.value = value);
    set('neword_avg_ms', 99999);
    set('nopm', -5);
    guardNumbers(h);
    const t = h.run.tests.find((x) => x.name === test)!;
    expect(t.status).toBe('failed');
    expect(t.error).toContain('nopm is negative (-5 ');
    expect(t.error).toMatch(/neword_avg_ms 99999 is above neword_max_ms [\d.]+/);
    expect(t.error).toContain('the input is damaged, so these numbers are left out');
    const metrics = h.run.results.filter((r) => r.test === test).map((r) => r.metric);
    expect(metrics).not.toContain('nopm');
    expect(metrics).not.toContain('neword_avg_ms');
    expect(metrics).not.toContain('neword_max_ms');
    expect(metrics).toContain('tpm');
    expect(h.run.results.length).toBe(good.results.length - 3);
  });

  it('leaves a real run alone, and series values that are not numbers become null', async () => {
    const { runs } = await harvestFixture('mytools/bench/arc/feb25.pg.flat/x.pg1023_o2nofp.x10a_c32r128.pk1');
    const h = structuredClone(runs[0]!) as HarvestedRun;
    const before = structuredClone(h.run);
    const series = Object.values(h.series.tests)[0]![0]!;
    series.rows[0]![0] = NaN;
    guardNumbers(h);
    expect(h.run).toEqual(before);
    expect(series.rows[0]![0]).toBeNull();
  });
});

it('a metric read twice: once if the values agree, else neither and the test failed', async () => {
  const { runs } = await harvestFixture('hammerdb-v6');
  const h = structuredClone(runs[0]!) as HarvestedRun;
  const test = h.run.tests[0]!.name;
  const nopm = h.run.results.find((r) => r.test === test && r.metric === 'nopm')!;
  const tpm = h.run.results.find((r) => r.test === test && r.metric === 'tpm')!;
  h.run.results.push({ ...nopm }, { ...tpm, value: tpm.value + 1 });
  guardNumbers(h);
  expect(h.run.results.filter((r) => r.metric === 'nopm')).toEqual([nopm]);
  expect(h.run.results.filter((r) => r.metric === 'tpm')).toEqual([]);
  const t = h.run.tests[0]!;
  expect(t.status).toBe('failed');
  expect(t.error).toContain(
    `tpm is given twice (${tpm.value} and ${tpm.value + 1} ${tpm.unit}): a line of the input is repeated`,
  );
});

it('a label of thousands of characters (a damaged version line) is cut once, with a note', async () => {
  const { runs } = await harvestFixture('hammerdb-v6');
  const h = structuredClone(runs[0]!) as HarvestedRun;
  h.run.label = `pg${'1.'.repeat(30_000)}`;
  guardNumbers(h);
  expect(h.run.label).toHaveLength(1000);
  expect(h.run.provenance.notes).toContain(
    'the label the files give is 60002 characters long; its first 1000 are kept',
  );
});

it('a histogram with a count that is not a whole number fails its test; a workload value the schema refuses is left unknown', async () => {
  const { runs } = await harvestFixture('hammerdb-v6');
  const h = structuredClone(runs[0]!) as HarvestedRun;
  const t = h.run.tests[0]!;
  t.histograms = [{ name: 'insert', buckets: [{ label: '256us', upperSeconds: 0.000256, count: 2.5 }] }];
  const workload = h.run.workload as Record<string, unknown>;
  const before = workload.warehouses;
  workload.warehouses = 1e300;
  guardNumbers(h);
  expect(t.histograms).toBeUndefined();
  expect(t.status).toBe('failed');
  expect(t.error).toContain('the insert histogram has a bucket count that is not a whole number');
  expect(before).toBeDefined();
  expect(workload).not.toHaveProperty('warehouses');
  expect(h.run.provenance.notes).toContain('workload.warehouses 1e+300 is not a possible value: it is left unknown');
});

it("a post's relative value no ratio of two builds can be is left out and fails its test; the table's others stay", () => {
  const name = 'sysbench-mysql-9.7.0-pn53-2026-04-10-relative-to-8.4.8.csv';
  const text = readFileSync(`${FIXTURES}published/${name}`, 'utf8')
    .replace(/^z13a,point-query,.*$/m, 'z13a,point-query,1e+23')
    .replace(/^z13a,scan,.*$/m, 'z13a,scan,1001');
  const meta = MetaSchema.parse(
    parseYaml(readFileSync('content/meta/pn53-2026-04-10-sysbench-mysql-9.7.yaml', 'utf8')),
  );
  const runs = importRelativeTables([{ name, data: new TextEncoder().encode(text), base: '8.4.8' }], meta);
  const h = runs.find((r) => r.run.label.includes('z13a'))!;
  const before = h.run.relative![0]!.values.length;
  guardNumbers(h);
  const values = h.run.relative![0]!.values;
  expect(values.length).toBe(before - 2);
  expect(values.map((v) => v.test)).not.toContain('point-query');
  expect(values.every((v) => v.value <= 1000)).toBe(true);
  const failed = h.run.tests.filter((t) => t.status === 'failed');
  expect(failed.map((t) => t.name).sort()).toEqual(['point-query', 'scan']);
  expect(failed[0]!.error).toMatch(
    /^sysbench-mysql-9\.7\.0-.*\.csv: its value relative to 8\.4\.8 is more than 1000 times its base \((1e\+23|1001)\)/,
  );
  // The base's run, all ones, is left alone.
  const base = runs.find((r) => r.run.label.includes('8408'))!;
  const baseBefore = structuredClone(base.run);
  guardNumbers(base);
  expect(base.run).toEqual(baseBefore);
});

// The foundation's "done when", as a new user runs it: harvest a mytools directory and a stock sysbench
// output, export the rows (qps equals each file's per-sec value), and have validate reject a corrupted run.
import { describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchsite } from '../helpers/cli.ts';
import { FIXTURES, fixtureText } from '../helpers/fixtures.ts';
import { Benchmark } from '../../src/schemas/index.ts';

const stated = (text: string) => Number(/queries:\s+\d+\s+\(([\d.]+) per sec\.\)/.exec(text)![1]);

function csvRows(csv: string) {
  const [head, ...lines] = csv.trim().split('\n');
  const cols = head!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v])));
}

describe('benchsite harvest / export / validate', () => {
  const out = mkdtempSync(join(tmpdir(), 'benchsite-cli-'));
  const dir = `${FIXTURES}mytools/bench/arc/feb25.pg.flat/x.pg1023_o2nofp.x10a_c32r128.pk1`;
  const stock = `${FIXTURES}sysbench-1.0.20/pgsql-point-select-report-interval.txt`;

  it('harvests a mytools directory and a stock output file, printing each path written', () => {
    const r = benchsite(['harvest', dir, stock, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /wrote\s+\S*sysbench\/Ubuntu-2204-jammy-amd64-base\/20250305-x\.pg1023_o2nofp\.x10a_c32r128\.pk1\/run\.json/,
    );
    expect(r.stdout).toMatch(/wrote\s+\S*sysbench\/unknown\/\d{8}-pgsql-point-select-report-interval\/run\.json/);
    expect(r.stdout).toContain('2 run(s) harvested');
  });

  it('harvesting again changes nothing', () => {
    const r = benchsite(['harvest', dir, stock, '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout.match(/^unchanged /gm)).toHaveLength(2);
  });

  it('validate passes on what harvest wrote', () => {
    const r = benchsite(['validate', out]);
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout.trim()).toBe('2 run(s) valid');
  });

  it('export gives tidy rows whose qps equals the per-sec value of each output file', () => {
    const r = benchsite(['export', '--runs', out, '--format', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    const rows = csvRows(r.stdout);
    expect(Object.keys(rows[0]!)).toEqual([
      'run',
      'benchmark',
      'host',
      'product',
      'version',
      'build',
      'config',
      'test',
      'metric',
      'value',
      'unit',
      'source',
    ]);
    const qps = rows.filter((x) => x.metric === 'qps');
    const pq = qps.find((x) => x.test === 'point-query' && x.run!.includes('pg1023'))!;
    expect(Number(pq.value)).toBe(stated(readFileSync(`${dir}/sb.o.point-query.range100.pk1.dop40`, 'utf8')));
    expect(pq).toMatchObject({ product: 'postgres', version: '10.23', build: 'o2nofp', config: 'x10a_c32r128' });
    const ui = qps.find((x) => x.test === 'update-inlist')!;
    expect(Number(ui.value)).toBe(stated(readFileSync(`${dir}/sb.o.update-inlist.range100.pk1.dop40`, 'utf8')));
    const st = qps.find((x) => x.run!.includes('pgsql-point-select'))!;
    expect(Number(st.value)).toBe(stated(fixtureText('sysbench-1.0.20/pgsql-point-select-report-interval.txt')));
    for (const m of [
      'tps',
      'latency_avg_ms',
      'latency_max_ms',
      'latency_p95_ms',
      'errors_per_s',
      'cs_per_query',
      'cpu_per_query',
      'rkb_per_query',
      'wkb_per_query',
    ]) {
      expect(
        rows.some((x) => x.test === 'point-query' && x.metric === m),
        m,
      ).toBe(true);
    }
    const json = JSON.parse(benchsite(['export', '--runs', out, '--format', 'json']).stdout);
    expect(json).toHaveLength(rows.length);
  });

  it('validate rejects a corrupted run, naming the file and the field', () => {
    const bad = mkdtempSync(join(tmpdir(), 'benchsite-bad-'));
    cpSync(out, bad, { recursive: true });
    const file = join(bad, 'sysbench/Ubuntu-2204-jammy-amd64-base/20250305-x.pg1023_o2nofp.x10a_c32r128.pk1/run.json');
    const run = JSON.parse(readFileSync(file, 'utf8'));
    run.tests[1].status = 'done';
    writeFileSync(file, JSON.stringify(run));
    const r = benchsite(['validate', bad]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${file}: tests[1].status: expected "ok" or "failed". Use one of those values.`);
    expect(r.stdout).toContain('1 problem(s) in 2 run(s)');
  });

  it('validate checks reports: frontmatter, and that the runs they name exist', () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchsite-reports-'));
    writeFileSync(
      join(dir, 'missing-run.md'),
      '---\ntitle: t\ndate: 2026-11-22\nbenchmark: sysbench\nbase: sysbench/vm/20261122-x.pg1518.cy1.pk1\nruns: [sysbench/vm/20261122-nope]\n---\nText.\n',
    );
    writeFileSync(
      join(dir, 'bad-field.md'),
      '---\ntitle: t\ndate: 2026-11-22\nbenchmark: sysbnch\nbase: sysbench/vm/20261122-x.pg1518.cy1.pk1\nruns: []\n---\n',
    );
    const r = benchsite(['validate', 'content/runs', '--reports', dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      'missing-run.md: runs[0]: no run "sysbench/vm/20261122-nope" under the runs directory. Use the path of a run under content/runs (without /run.json), or harvest that run.',
    );
    expect(r.stdout).toContain(
      `bad-field.md: benchmark: unknown benchmark "sysbnch"; the known benchmarks are ${Benchmark.options.join(', ')}. Set it to one of them.`,
    );
    expect(r.stdout).toMatch(/2 problem\(s\) in \d+ run\(s\) and 2 report\(s\)/);
    const ok = benchsite(['validate']);
    expect(ok.code, ok.stdout).toBe(0);
    expect(ok.stdout).toMatch(/run\(s\) and \d+ report\(s\) valid/);
  });

  it('gives clear errors for bad input', () => {
    const missing = benchsite(['harvest', '/no/such/dir', '--out', out]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('/no/such/dir: no such file or directory');
    const empty = benchsite(['harvest', `${FIXTURES}published`, '--out', out]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('no benchmark runs found');
    const usage = benchsite(['export', '--format', 'xml']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--format must be csv or json');
    const unknown = benchsite(['frobnicate']);
    expect(unknown.code).toBe(2);
    // export of nothing says so, instead of printing a header and succeeding
    const noRuns = benchsite(['export', '--runs', '/no/such/runs']);
    expect(noRuns.code).toBe(1);
    expect(noRuns.stderr).toContain('error: no run.json below /no/such/runs. Give the runs folder with --runs');
    const noRun = benchsite(['export', '--runs', out, '--run', 'sysbench/vm/nope']);
    expect(noRun.code).toBe(1);
    expect(noRun.stderr).toContain('error: no run "sysbench/vm/nope" below');
    const badBenchmark = benchsite(['export', '--runs', out, '--benchmark', 'sysbnch']);
    expect(badBenchmark.code).toBe(2);
    expect(badBenchmark.stderr).toContain(
      `--benchmark: unknown benchmark "sysbnch"; the known benchmarks are ${Benchmark.options.join(', ')}`,
    );
  });

  it('export --comparable-with keeps only runs that pass every comparability gate, saying why others are left out', () => {
    const mytools = 'sysbench/Ubuntu-2204-jammy-amd64-base/20250305-x.pg1023_o2nofp.x10a_c32r128.pk1';
    const r = benchsite(['export', '--runs', out, '--comparable-with', mytools]);
    expect(r.code, r.stderr).toBe(0);
    const runs = new Set(csvRows(r.stdout).map((x) => x.run));
    expect([...runs]).toEqual([mytools]);
    expect(r.stderr).toMatch(
      new RegExp(
        `^left out sysbench/unknown/\\d{8}-pgsql-point-select-report-interval: not comparable with ${mytools.replace(/[.]/g, '\\.')}: .*different threads: 1 vs 40 in the base`,
        'm',
      ),
    );
  });

  it('every command has --help', () => {
    for (const c of ['harvest', 'validate', 'export', 'schema']) {
      const r = benchsite([c, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: benchsite ${c}`));
    }
  });

  it("the content/ files the commands' help examples name exist", () => {
    const named: string[] = [];
    for (const c of ['run', 'harvest', 'import', 'validate', 'export', 'diff', 'schema']) {
      const r = benchsite([c, '--help']);
      expect(r.code).toBe(0);
      named.push(...(r.stdout.match(/\bcontent\/meta\/[\w.-]+\.yaml\b/g) ?? []));
    }
    expect(named).toContain('content/meta/pn53-2026-03-sysbench-mysql.yaml');
    for (const f of named) expect(existsSync(f), f).toBe(true);
  });
});

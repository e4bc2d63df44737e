// Logs of several sysbench runs (a thread sweep appended to one file, a terminal session pasted with its
// prompts), reports cut short, and sysbench 0.4/0.5 reports: real outputs of sysbench 1.0.20 captured on this
// machine (tests/fixtures/sysbench-logs/COMMANDS.md) and constructed 0.4/0.5 files (PROVENANCE.md).
import { describe, expect, it } from 'vitest';
import { RunSchema } from '../../../../src/schemas/index.ts';
import { validateRunData, validateSeriesText } from '../../../../src/runs/validate-run.ts';
import { splitSysbenchOutput } from '../../../../benchmarks/sysbench/split-output.ts';
import { parseSysbenchOutput } from '../../../../benchmarks/sysbench/parse-output.ts';
import { commandAt, commandOptions } from '../../../../benchmarks/sysbench/command-line.ts';
import { fixtureText, MYTOOLS_NOV25 } from '../../../helpers/fixtures.ts';
import { harvestFixture } from '../../../helpers/harvest-fixture.ts';

const LOGS = 'sysbench-logs/';
const value = (run: { results: Array<{ test: string; metric: string; value: number }> }, t: string, m: string) =>
  run.results.find((r) => r.test === t && r.metric === m)?.value;

/** What each run of a log prints, read with plain regexes: `Number of threads:` and the `queries:` rate. */
function printed(text: string): Array<{ threads: number; qps: number }> {
  const threads = [...text.matchAll(/^Number of threads: (\d+)$/gm)].map((m) => Number(m[1]));
  const qps = [...text.matchAll(/^\s+queries:\s+\d+\s+\(([\d.]+) per sec\.\)$/gm)].map((m) => Number(m[1]));
  return threads.map((t, i) => ({ threads: t, qps: qps[i]! }));
}

describe('a thread sweep appended to one log (7 runs of oltp_read_only on MariaDB)', async () => {
  const file = `${LOGS}sweep-mariadb-read-only.log`;
  const h = await harvestFixture(file);
  const { run } = h.runs[0]!;
  const runs = printed(fixtureText(file));

  it('is one run with a test per sysbench run, each with its own thread count and numbers', () => {
    expect(runs).toHaveLength(7);
    expect(h.runs).toHaveLength(1);
    expect(run.tests).toHaveLength(7);
    expect(run.tests.map((t) => t.params?.threads)).toEqual(runs.map((r) => r.threads));
    run.tests.forEach((t, i) => {
      expect(t.status).toBe('ok');
      expect(value(run, t.name, 'qps'), t.name).toBe(runs[i]!.qps);
    });
    expect(new Set(run.tests.map((t) => value(run, t.name, 'latency_max_ms'))).size).toBe(7);
    expect(run.workload).toMatchObject({ threads: [1, 2, 4, 8, 16, 32, 64] });
  });

  it('names each test with its thread count, the test being the same at several', () => {
    expect(run.tests.map((t) => t.name)).toEqual(
      [1, 2, 4, 8, 16, 32, 64].map((t) => `sweep-mariadb-read-only_threads=${t}`),
    );
  });

  it("validates, and validate refuses a test whose threads are not among the run's", () => {
    expect(RunSchema.safeParse(run).success).toBe(true);
    const wrong = structuredClone(run);
    wrong.tests[6]!.params!.threads = 128;
    expect(validateRunData('run.json', wrong).problems.map((p) => p.message)).toEqual([
      'threads 128 is not one of workload.threads (1, 2, 4, 8, 16, 32, 64)',
    ]);
  });
});

describe('a terminal session: commands after a shell prompt, one typed over two lines (PostgreSQL)', async () => {
  const file = `${LOGS}sweep-pgsql-point-select-prompt.log`;
  const h = await harvestFixture(file);
  const { run, series } = h.runs[0]!;
  const runs = printed(fixtureText(file));

  it('names each test from the script on its command line, and keeps each run its threads and series', () => {
    expect(run.tests.map((t) => [t.name, t.params?.threads])).toEqual([
      ['point-query_threads=1', 1],
      ['point-query_threads=4', 4],
      ['point-query_threads=16', 16],
      ['point-query_threads=8', 8],
    ]);
    run.tests.forEach((t, i) => expect(value(run, t.name, 'qps')).toBe(runs[i]!.qps));
    for (const t of run.tests) {
      // thds is the threads running at each report: all of them, but for the last line as they finish.
      const s = series.tests[t.name]!.find((x) => x.name === 'sysbench')!;
      const col = s.columns.findIndex((c) => c.name === 'threads');
      expect(Math.max(...s.rows.map((r) => r[col]!)), t.name).toBe(t.params!.threads);
    }
  });

  it('stores the command without its prompt, the wrapped one joined into one line', () => {
    expect(run.tests[0]!.command).toMatch(/^sysbench oltp_point_select --db-driver=pgsql .* --threads=1 .* run$/);
    expect(run.tests[3]!.command).toMatch(/^sysbench oltp_point_select .*--table-size=10000 --threads=8 --time=3 /);
    expect(run.dbms.product).toBe('postgres');
  });

  it('validate refuses a test whose command or interval lines ran another thread count than it says', () => {
    const wrong = structuredClone(run);
    const a = wrong.tests[0]!;
    const b = wrong.tests[2]!;
    [a.params!.threads, b.params!.threads] = [b.params!.threads!, a.params!.threads!];
    const text = JSON.stringify(series);
    const problems = validateSeriesText('series.json', text, wrong).problems.map((p) => p.message);
    expect(problems).toEqual([
      'the interval lines of "point-query_threads=1" ran 1 threads, but run.json says 16',
      'the interval lines of "point-query_threads=16" ran 16 threads, but run.json says 1',
    ]);
    expect(validateSeriesText('series.json', text, run).problems).toEqual([]);
    expect(validateRunData('run.json', wrong).problems.map((p) => p.message)).toEqual([
      "threads is 16, but the test's command ran --threads=1",
      "threads is 1, but the test's command ran --threads=16",
    ]);
  });
});

describe('a logged session: prepare, two runs, a run that cannot connect, cleanup (MariaDB)', async () => {
  const h = await harvestFixture(`${LOGS}session-mariadb.log`);
  const { run } = h.runs[0]!;

  it('keeps every run as a test, the failed one with its FATAL line, and says what the rest are', () => {
    expect(run.tests.map((t) => [t.name, t.status, t.params?.threads])).toEqual([
      ['session-mariadb', 'ok', 2],
      ['session-mariadb_block=3', 'failed', 2],
      ['session-mariadb_block=4', 'ok', 2],
    ]);
    expect(run.tests[1]!.error).toMatch(/^FATAL: unable to connect to MySQL server/);
    expect(run.provenance.notes).toEqual(
      expect.arrayContaining([
        'session-mariadb.log:1: the output of sysbench prepare, not a test run',
        expect.stringMatching(/^session-mariadb\.log:\d+: the output of sysbench cleanup, not a test run$/),
      ]),
    );
    expect(value(run, 'session-mariadb_block=3', 'qps')).toBeUndefined();
  });
});

describe('dates a log prints', () => {
  it('win over file times (a harness ran `date` before each run)', async () => {
    const { run } = (await harvestFixture(`${LOGS}dated-pgsql-update-index.log`)).runs[0]!;
    const first = /^[A-Z][a-z]{2} ([A-Z][a-z]{2}) +(\d+) [\d:]+ UTC (\d{4})$/m.exec(
      fixtureText(`${LOGS}dated-pgsql-update-index.log`),
    )!;
    const month = 'JanFebMarAprMayJunJulAugSepOctNovDec'.indexOf(first[1]!) / 3 + 1;
    expect(run.date).toBe(`${first[3]}-${String(month).padStart(2, '0')}-${first[2]!.padStart(2, '0')}`);
    expect(run.dateSource).toBe('raw-files');
    expect(run.provenance.notes ?? []).not.toContainEqual(expect.stringContaining('file modification times'));
  });
});

describe('output cut short: only the values it holds, and the test marked incomplete where it ends', async () => {
  const h = await harvestFixture(`${LOGS}cut`);
  const { run } = h.runs[0]!;
  const test = (name: string) => run.tests.find((t) => t.name === name)!;

  it('a paste that ends at `reconnects:` has no reconnects_per_s, and is no ok test', () => {
    const t = test('cut-at-reconnects');
    expect(t.status).toBe('failed');
    expect(t.incomplete).toEqual({ file: 'cut-at-reconnects.txt', line: 21 });
    expect(t.error).toMatch(
      /^the output ends at cut-at-reconnects\.txt:21 \("reconnects:"\), inside sysbench's report/,
    );
    expect(value(run, t.name, 'reconnects_per_s')).toBeUndefined();
    expect(value(run, t.name, 'qps')).toBe(16985.26);
    expect(value(run, t.name, 'elapsed_s')).toBeUndefined();
  });

  it('a paste cut after `avg:` keeps min and avg, and no max or percentile', () => {
    const t = test('cut-at-avg');
    expect(t.status).toBe('failed');
    expect(t.incomplete).toEqual({ file: 'cut-at-avg.txt', line: 29 });
    expect(value(run, t.name, 'latency_avg_ms')).toBe(0.94);
    expect(value(run, t.name, 'latency_max_ms')).toBeUndefined();
    expect(value(run, t.name, 'latency_p95_ms')).toBeUndefined();
  });

  it('a sweep cut inside its third report: the two whole runs are ok, the third is incomplete at its last line', () => {
    const names = run.tests.filter((t) => t.rawFiles?.[0] === 'sweep-cut-in-third-report.log');
    expect(names.map((t) => [t.params?.threads, t.status])).toEqual([
      [1, 'ok'],
      [2, 'ok'],
      [4, 'failed'],
    ]);
    const lines = fixtureText(`${LOGS}cut/sweep-cut-in-third-report.log`).trimEnd().split('\n');
    expect(names[2]!.incomplete).toEqual({ file: 'sweep-cut-in-third-report.log', line: lines.length });
    expect(lines.at(-1)).toMatch(/^\s+avg:/);
    expect(RunSchema.safeParse(run).success).toBe(true);
  });

  it('a last line cut mid-number (no newline after it) is not read', () => {
    const whole = fixtureText(`${LOGS}cut/cut-at-avg.txt`);
    const out = parseSysbenchOutput(whole.replace(/0\.94\n$/, '0.9'));
    expect(out.cut?.text).toBe('avg:                                    0.9');
    expect(out.stats?.latencyMs.avg).toBeUndefined();
    expect(out.stats?.latencyMs.min).toBe(0.73);
  });
});

describe('sysbench 0.4 and 0.5 reports (constructed files of their shape)', async () => {
  const h = await harvestFixture('sysbench-constructed');
  const { run, series } = h.runs[0]!;
  const text04 = fixtureText('sysbench-constructed/sysbench-0.4.12-oltp-two-runs.txt');

  it('are read: qps is read/write requests per sec., and a note says what that measure is', () => {
    const rw = [...text04.matchAll(/read\/write requests:\s+\d+\s+\(([\d.]+) per sec\.\)/g)].map((m) => Number(m[1]));
    expect(run.tests.map((t) => [t.name, t.status, t.params?.threads])).toEqual([
      ['sysbench-0.4.12-oltp-two-runs_threads=8', 'ok', 8],
      ['sysbench-0.4.12-oltp-two-runs_threads=16', 'ok', 16],
      ['sysbench-0.5-oltp-lua-intervals', 'ok', 4],
    ]);
    expect([0, 1].map((i) => value(run, run.tests[i]!.name, 'qps'))).toEqual(rw);
    expect(value(run, 'sysbench-0.5-oltp-lua-intervals', 'qps')).toBe(9000);
    expect(value(run, 'sysbench-0.4.12-oltp-two-runs_threads=16', 'latency_p95_ms')).toBe(15.6);
    expect(value(run, 'sysbench-0.4.12-oltp-two-runs_threads=16', 'errors_per_s')).toBeUndefined();
    const notes = run.provenance.notes ?? [];
    expect(notes).toContainEqual(expect.stringMatching(/sysbench 0\.4\.12 reports: qps is its "read\/write requests"/));
    expect(notes).toContainEqual(expect.stringMatching(/sysbench 0\.5 reports: qps is its "read\/write requests"/));
    expect(run.provenance.tools.map((t) => t.version).sort()).toEqual(['0.4.12', '0.5']);
  });

  it("0.5's interval lines are a series of their own columns", () => {
    const s = series.tests['sysbench-0.5-oltp-lua-intervals']![0]!;
    expect(s.columns.map((c) => c.name)).toEqual([
      't',
      'threads',
      'tps',
      'reads',
      'writes',
      'latency_p95',
      'errors',
      'reconnects',
    ]);
    expect(s.rows).toHaveLength(3);
    expect(RunSchema.safeParse(run).success).toBe(true);
  });
});

describe('splitSysbenchOutput', () => {
  it('cuts at each banner, a run starting at the command shown before it', () => {
    const text = fixtureText(`${LOGS}sweep-pgsql-point-select-prompt.log`);
    const blocks = splitSysbenchOutput(text);
    expect(blocks).toHaveLength(4);
    const lines = text.split('\n');
    for (const b of blocks) expect(lines[b.offset]).toMatch(/^postgres@bench:~\$ sysbench /);
    expect(blocks.map((b) => b.text).join('')).toBe(text);
  });

  it('starts a run at its command though lines of its own follow it (run.sh echoes `N CPUs` before the banner)', async () => {
    const { harvestSysbench } = await import('../../../../benchmarks/sysbench/harvest.ts');
    const outputs = ['point-query', 'read-write'].map((t) =>
      fixtureText(`${MYTOOLS_NOV25}sb.o.${t}.range100.pk1.dop1`),
    );
    const text = outputs.join('');
    const blocks = splitSysbenchOutput(text);
    expect(blocks.map((b) => b.text)).toEqual(outputs);
    const run = harvestSysbench(
      { name: 'two.log', entries: [{ path: 'two.log', data: new TextEncoder().encode(text) }] },
      { meta: { date: '2025-11-01' } },
    ).runs[0]!.run;
    expect(run.tests.map((t) => [t.name, t.params?.lua, t.params?.threads])).toEqual([
      ['point-query', 'oltp_point_select.lua', 1],
      ['read-write_range=100', 'oltp_read_write.lua', 1],
    ]);
    expect(run.tests[0]!.command).toContain('--mysql-password=***');
  });

  it('cuts reports pasted one after another with no banner', () => {
    const real = fixtureText(`${LOGS}sweep-mariadb-read-only.log`);
    const reports = real
      .split(/^sysbench 1\.0\.20.*$/m)
      .map((r) => r.slice(r.indexOf('SQL statistics:')))
      .filter((r) => r.startsWith('SQL'));
    const blocks = splitSysbenchOutput(reports.slice(0, 3).join('\n'));
    expect(blocks.map((b) => parseSysbenchOutput(b.text).stats?.queriesRate.perSec)).toEqual(
      printed(real)
        .slice(0, 3)
        .map((r) => r.qps),
    );
  });

  it('takes linear time on a run of blank lines (the fuzzer once found a multi-line pattern quadratic there)', () => {
    const real = fixtureText(`${LOGS}dated-pgsql-update-index.log`);
    const text = real.replace('sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n', (b) => b + '\r\n'.repeat(100_000));
    const start = performance.now();
    expect(splitSysbenchOutput(text)).toHaveLength(3);
    expect(performance.now() - start).toBeLessThan(2000);
  });

  it('leaves a file of one run whole', () => {
    const text = fixtureText('sysbench-1.0.20/pgsql-point-select-report-interval.txt');
    expect(splitSysbenchOutput(text)).toEqual([{ text, offset: 0 }]);
  });
});

describe('commandAt: the command a log shows', () => {
  it.each([
    ['$ sysbench oltp_read_only --threads=8 run', 'sysbench oltp_read_only --threads=8 run'],
    ['[root@db1 ~]# sysbench oltp_read_only --threads=8 run', 'sysbench oltp_read_only --threads=8 run'],
    ['+ sysbench --threads=8 oltp_read_only run', 'sysbench --threads=8 oltp_read_only run'],
    ['/usr/bin/sysbench oltp_scan.lua --threads=2 run', '/usr/bin/sysbench oltp_scan.lua --threads=2 run'],
  ])('%s', (line, command) => {
    expect(commandAt([line], 0)).toEqual({ command, lines: 1 });
  });

  it('joins a command typed over several lines, and reads neither the banner nor prose as one', () => {
    expect(
      commandAt(['sysbench oltp_read_only \\', '  --threads=8 \\', '  --time=60 run', 'sysbench 1.0.20'], 0),
    ).toEqual({
      command: 'sysbench oltp_read_only --threads=8 --time=60 run',
      lines: 3,
    });
    expect(commandAt(['sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)'], 0)).toBeUndefined();
    expect(commandAt(['We ran sysbench with 8 threads on the new box.'], 0)).toBeUndefined();
  });
});

describe('a statistics block pasted alone says no thread count', () => {
  const block = fixtureText('sysbench-1.0.20/pgsql-point-select-report-interval.txt');
  const pasted = block.slice(block.indexOf('SQL statistics:'));
  const harvest = async (meta: Record<string, unknown>) => {
    const { harvestSysbench } = await import('../../../../benchmarks/sysbench/harvest.ts');
    const tree = { name: 'p.txt', entries: [{ path: 'p.txt', data: new TextEncoder().encode(pasted) }] };
    return harvestSysbench(tree, { meta: { date: '2026-11-22', ...meta } }).runs[0]!.run;
  };

  it("takes --meta's, else 1 with a note that it is assumed", async () => {
    const assumed = await harvest({});
    expect(assumed.workload).toMatchObject({ threads: [1] });
    expect(assumed.provenance.notes).toContainEqual(
      expect.stringMatching(/^the outputs do not say how many client threads ran: 1 \(sysbench's default\) is assumed/),
    );
    const given = await harvest({ sysbench: { threads: [8] } });
    expect(given.workload).toMatchObject({ threads: [8] });
    expect(given.provenance.notes ?? []).not.toContainEqual(expect.stringContaining('client threads'));
  });
});

describe('a thread sweep with the loop that ran it shown above it (pasted/, made from the sweep above)', async () => {
  const runs = printed(fixtureText(`${LOGS}sweep-mariadb-read-only.log`));
  const named = (prefix: string) => runs.map((r) => `${prefix}_threads=${r.threads}`);
  for (const [file, prefix] of [
    // `user@host:~$ for t in 1 2 ...; do sysbench oltp_read_only ... --threads=$t ... run; done`, then 7 runs.
    ['loop-after-prompt.log', 'read-only_range=100'],
    // `bash -x`: `+ for t in ...`, then `+ sysbench ... --threads=1 ... run` before each run.
    ['bash-x-trace.log', 'read-only_range=100'],
    // `for s in oltp_read_only; do for t in ...; do sysbench $s ... --threads=$t run; done; done`: the script is
    // the loop list's, as the runs confirm (one per pass, each with the thread count its pass gives).
    ['loop-over-scripts.log', 'read-only_range=100'],
  ] as const)
    it(`${file}: 7 tests, each with its own thread count and qps, none named by a shell variable`, async () => {
      const h = await harvestFixture(`${LOGS}pasted/${file}`);
      const { run } = h.runs[0]!;
      expect(run.tests.map((t) => t.name)).toEqual(named(prefix));
      expect(run.tests.map((t) => t.params?.threads)).toEqual(runs.map((r) => r.threads));
      run.tests.forEach((t, i) => {
        expect(t.status, t.error).toBe('ok');
        expect(value(run, t.name, 'qps'), t.name).toBe(runs[i]!.qps);
        expect(JSON.stringify(t.params)).not.toContain('$');
      });
      if (file === 'loop-over-scripts.log')
        expect(run.provenance.notes).toContainEqual(
          "loop-over-scripts.log: the command names its script by a shell variable ($s); the loop's list gives each run's script in order (oltp_read_only.lua for runs 1 to 7), as the runs confirm (one run per pass, each run's thread count the one its pass gives, each run's report one its script can print)",
        );
      expect(run.tests.every((t) => t.params?.lua === 'oltp_read_only.lua')).toBe(true);
    });

  it('reads the command of a loop up to its end: `$t` is no thread count, `done` no script', () => {
    expect(commandOptions('for t in 1 2; do sysbench oltp_point_select --threads=$t --time=3 run; done')).toEqual({
      options: { time: '3' },
      lua: 'oltp_point_select.lua',
      unresolved: ['--threads'],
      words: { '--threads': '$t' },
    });
    expect(commandOptions('for s in a b; do sysbench $s --threads=4 run; done')).toEqual({
      options: { threads: '4' },
      unresolved: ['the script'],
      words: { 'the script': '$s' },
    });
    // A script path with a variable in it is no script either.
    expect(commandOptions('sysbench /usr/share/sysbench/${s}.lua --threads="$t" run')).toEqual({
      options: {},
      unresolved: ['the script', '--threads'],
      words: { 'the script': '/usr/share/sysbench/${s}.lua', '--threads': '"$t"' },
    });
    expect(commandOptions('sysbench oltp_insert --threads=2 run | tee out.log')).toEqual({
      options: { threads: '2' },
      lua: 'oltp_insert.lua',
    });
  });

  it('reads no word of a quoted password as the script or an option', () => {
    expect(commandOptions(`sysbench --pgsql-password='alpha bravo' oltp_read_only --threads=2 run`)).toEqual({
      options: { 'pgsql-password': '***', threads: '2' },
      lua: 'oltp_read_only.lua',
    });
  });
});

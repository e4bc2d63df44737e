// The parser of pgbench's report on real pgbench 15.20 outputs (tests/fixtures/pgbench-15.20, commands in its
// PROVENANCE.md) and on the constructed shapes of pgbench 10, 13, 14 and 18 (tests/fixtures/pgbench-constructed).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  looksLikePgbenchInit,
  looksLikePgbenchOutput,
  parsePgbenchOutput,
} from '../../../../benchmarks/pgbench/parse-output.ts';
import { splitPgbenchRuns } from '../../../../benchmarks/pgbench/split-output.ts';
import { testNameOf } from '../../../../benchmarks/pgbench/test-of-output.ts';
import { FIXTURES } from '../../../helpers/fixtures.ts';

const dir15 = join(FIXTURES, 'pgbench-15.20');
const dirOld = join(FIXTURES, 'pgbench-constructed');
const read = (dir: string, f: string) => readFileSync(join(dir, f), 'utf8');
const outputs = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.txt') && f !== 'init.txt');

describe('parsePgbenchOutput', () => {
  it("takes tps from the output's own `tps = X (without initial connection time)` line, as printed", () => {
    for (const f of outputs(dir15)) {
      const text = read(dir15, f);
      expect(looksLikePgbenchOutput(text), f).toBe(true);
      const line = /^tps = ([\d.]+) \((without initial connection time|including reconnection times)\)$/m.exec(text);
      const out = parsePgbenchOutput(text);
      if (!line) {
        expect(out.tps, f).toBeUndefined();
        continue;
      }
      expect(out.tps, f).toEqual({ value: Number(line[1]), text: line[1], line: line[2] });
      expect(String(out.tps!.value), f).toBe(line[1]!.replace(/0+$/, '').replace(/\.$/, ''));
    }
  });

  it('reads every line of a tpcb-like run with -P 1 -r', () => {
    const o = parsePgbenchOutput(read(dir15, 'tpcb-like.P1.r.txt'));
    expect(o).toMatchObject({
      version: '15.20',
      transactionType: '<builtin: TPC-B (sort of)>',
      scale: 2,
      queryMode: 'simple',
      clients: 4,
      threads: 2,
      maxTries: 1,
      durationSeconds: 5,
      transactions: 1840,
      failed: 0,
      latencyAvgMs: 10.704,
      latencyStddevMs: 20.495,
      initialConnectionMs: 76.73,
      tps: { value: 373.048389, text: '373.048389', line: 'without initial connection time' },
      aborted: false,
      errors: [],
    });
    // Four progress lines: the fifth second ended with the run, before its line.
    expect(o.progress.map((p) => [p.t, p.tps, p.latencyMs, p.stddevMs, p.failed])).toEqual([
      [1, 139, 27.558, 32.341, 0],
      [2, 247, 16.209, 17.805, 0],
      [3, 583.1, 6.913, 7.449, 0],
      [4, 296, 12.195, 32.774, 0],
    ]);
    expect(o.statements).toHaveLength(11);
    expect(o.statements[0]).toEqual({ latencyMs: 0.003, failures: 0, text: '\\set aid random(1, 100000 * :scale)' });
    expect(o.statements[8]).toEqual({
      latencyMs: 3.902,
      failures: 0,
      text: 'UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;',
    });
    expect(o.statements[10]).toEqual({ latencyMs: 3.664, failures: 0, text: 'END;' });
  });

  it('reads select-only, simple-update (no -P: no stddev) and a custom script', () => {
    expect(parsePgbenchOutput(read(dir15, 'select-only.P1.txt'))).toMatchObject({
      transactionType: '<builtin: select only>',
      clients: 4,
      transactions: 41076,
      latencyAvgMs: 0.476,
      latencyStddevMs: 2.757,
    });
    const n = parsePgbenchOutput(read(dir15, 'simple-update.txt'));
    expect(n).toMatchObject({
      transactionType: '<builtin: simple update>',
      clients: 2,
      threads: 1,
      latencyAvgMs: 5.968,
    });
    expect(n.latencyStddevMs).toBeUndefined();
    expect(n.progress).toEqual([]);
    const f = parsePgbenchOutput(read(dir15, 'custom.P1.r.txt'));
    expect(f).toMatchObject({ transactionType: 'custom-read.sql', scale: 1, clients: 2, transactions: 14849 });
    expect(f.progress).toHaveLength(5);
    expect(f.statements.map((s) => [s.latencyMs, s.text])).toEqual([
      [0.001, '\\set aid random(1, 100000 * :scale)'],
      [0.324, 'SELECT abalance FROM pgbench_accounts WHERE aid = :aid;'],
      [0.34, 'SELECT count(*) FROM pgbench_tellers;'],
    ]);
  });

  it('reads failures, retries and the per-statement failures and retries of --max-tries', () => {
    const o = parsePgbenchOutput(read(dir15, 'failures.maxtries3.txt'));
    expect(o).toMatchObject({
      maxTries: 3,
      transactions: 1956,
      failed: 2415,
      serializationFailures: 2415,
      deadlockFailures: 0,
      retried: 3348,
      retries: 6193,
      tps: { value: 389.427637 },
    });
    expect(o.progress[0]).toEqual({
      t: 1,
      tps: 343,
      latencyMs: 5.502,
      stddevMs: 7.663,
      failed: 445,
      lagMs: null,
      skipped: null,
      retried: 615,
      retries: 1139,
    });
    expect(o.statements[3]).toEqual({
      latencyMs: 0.373,
      failures: 2415,
      retries: 6199,
      text: 'UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = 1;',
    });
  });

  it('reads -t runs (processed/intended), failures counted into the latency, and -C', () => {
    expect(parsePgbenchOutput(read(dir15, 'failures.t200.txt'))).toMatchObject({
      transactionsPerClient: 200,
      transactions: 375,
      transactionsIntended: 800,
      failed: 425,
      latencyAvgMs: 8.576,
      latencyIncludesFailures: true,
    });
    expect(parsePgbenchOutput(read(dir15, 'connect.C.txt'))).toMatchObject({
      averageConnectionMs: 12.24,
      tps: { value: 79.85772, line: 'including reconnection times' },
    });
  });

  it('reads the per-script blocks of several weighted scripts', () => {
    const o = parsePgbenchOutput(read(dir15, 'multiple-scripts.txt'));
    expect(o.transactionType).toBe('multiple scripts');
    expect(o.scripts).toEqual([
      {
        index: 1,
        desc: '<builtin: select only>',
        weight: 9,
        transactions: 16884,
        tps: 3355.680688,
        failed: 0,
        latencyAvgMs: 0.509,
        latencyStddevMs: 3.089,
      },
      {
        index: 2,
        desc: '<builtin: simple update>',
        weight: 1,
        transactions: 1870,
        tps: 371.660915,
        failed: 0,
        latencyAvgMs: 6.031,
        latencyStddevMs: 12.14,
      },
    ]);
    expect(o.statements.filter((s) => s.script === 1)).toHaveLength(2);
    expect(o.statements.filter((s) => s.script === 2)).toHaveLength(9);
    expect(o.progress.map((p) => p.t)).toEqual([2, 4]);
  });

  it('reads --progress-timestamp times as Unix times', () => {
    const o = parsePgbenchOutput(read(dir15, 'progress-timestamp.txt'));
    expect(o.progressTimestamps).toBe(true);
    expect(o.progress.map((p) => p.t)).toEqual([1795714892.976, 1795714893.976, 1795714894.976]);
  });

  it('reads an aborted run: its errors, no tps', () => {
    const o = parsePgbenchOutput(read(dir15, 'aborted.txt'));
    expect(o.aborted).toBe(true);
    expect(o.tps).toBeUndefined();
    expect(o.transactions).toBe(0);
    expect(o.errors[0]).toBe(
      'pgbench: error: client 0 script 0 aborted in command 0 query 0: ERROR:  relation "no_such_table" does not exist',
    );
    expect(o.errors.at(-1)).toBe('Run was aborted; the above results are incomplete.');
  });

  it('tells pgbench -i output apart from a run', () => {
    const init = read(dir15, 'init.txt');
    expect(looksLikePgbenchInit(init)).toBe(true);
    expect(looksLikePgbenchOutput(init)).toBe(false);
    expect(parsePgbenchOutput(init).commandLine).toBe('pgbench -i -s 2 benchsite_pgbench_fixture');
    expect(looksLikePgbenchInit(read(dir15, 'tpcb-like.P1.r.txt'))).toBe(false);
  });

  it('takes tps from the `excluding connections establishing` line of pgbench 13 and earlier', () => {
    for (const f of ['pg10-tpcb-like.P1.r.txt', 'pg13-tpcb-like.P1.r.txt']) {
      const o = parsePgbenchOutput(read(dirOld, f));
      expect(o.version, f).toBeUndefined();
      expect(o.tps, f).toEqual({ value: 373.048389, text: '373.048389', line: 'excluding connections establishing' });
      expect(o.tpsIncludingConnections, f).toBe(365.412345);
      expect(
        o.progress.map((p) => [p.t, p.tps, p.failed]),
        f,
      ).toEqual([
        [1, 139, null],
        [2, 247, null],
        [3, 583.1, null],
        [4, 296, null],
      ]);
      expect(o.statements, f).toHaveLength(11);
      expect(o.statements[8], f).toEqual({
        latencyMs: 3.902,
        text: 'UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;',
      });
    }
    const t = parsePgbenchOutput(read(dirOld, 'pg13-select-only.t1000.txt'));
    expect(t).toMatchObject({ transactions: 4000, transactionsIntended: 4000, latencyAvgMs: 0.482 });
    expect(t.tps?.value).toBe(8307.573572);
  });

  it('reads pgbench 14 (banner, no failures) and the per-script lines of pgbench 18', () => {
    const o14 = parsePgbenchOutput(read(dirOld, 'pg14-tpcb-like.P1.r.txt'));
    expect(o14).toMatchObject({ version: '14.11', tps: { value: 373.048389 }, initialConnectionMs: 76.73 });
    expect(o14.failed).toBeUndefined();
    expect(o14.statements[0]).toEqual({ latencyMs: 0.003, text: '\\set aid random(1, 100000 * :scale)' });
    const o18 = parsePgbenchOutput(read(dirOld, 'pg18-multiple-scripts.txt'));
    expect(o18.version).toBe('18.4');
    expect(o18.scripts.map((s) => [s.transactions, s.tps, s.latencyAvgMs])).toEqual([
      [16884, 3355.680688, 0.509],
      [1870, 371.660915, 6.031],
    ]);
    expect(o18.statements[10]).toEqual({ script: 2, latencyMs: 4.305, failures: 0, text: 'END;' });
  });

  it('reads the banner of a pgbench that differs from its server, and a pasted command', () => {
    const o = parsePgbenchOutput(
      '$ pgbench -S -c 8 bench\npgbench (16.4 (Ubuntu 16.4-1), server 15.8 (Debian 15.8-1))\n',
    );
    expect(o).toMatchObject({ commandLine: 'pgbench -S -c 8 bench', version: '16.4', serverVersion: '15.8' });
  });
});

describe('splitPgbenchRuns', () => {
  it("splits a loop's log into its runs, each with its own tps line", () => {
    const text = read(dir15, 'loop/loop.txt');
    const runs = splitPgbenchRuns(text);
    expect(runs.map((r) => [parsePgbenchOutput(r).clients, parsePgbenchOutput(r).tps?.text])).toEqual([
      [1, '9862.498917'],
      [2, '10749.332831'],
      [4, '16992.200433'],
    ]);
    expect(runs.join('\n')).toBe(text);
  });

  it('keeps a run with its progress lines, statements and per-script blocks whole', () => {
    for (const f of outputs(dir15)) expect(splitPgbenchRuns(read(dir15, f)), f).toHaveLength(1);
    for (const f of outputs(dirOld)) expect(splitPgbenchRuns(read(dirOld, f)), f).toHaveLength(1);
  });

  it('splits runs pasted after shell prompts, and reads each command', () => {
    const one = read(dir15, 'simple-update.txt').replace(/^pgbench \(.*\n/, '');
    const text = `postgres@db1:~$ pgbench -N -c 2 -j 1 -T 5 bench\n${one}postgres@db1:~$ pgbench -N -c 2 -j 1 -T 5 bench\n${one}`;
    const runs = splitPgbenchRuns(text);
    expect(runs).toHaveLength(2);
    expect(runs.map((r) => parsePgbenchOutput(r).commandLine)).toEqual([
      'pgbench -N -c 2 -j 1 -T 5 bench',
      'pgbench -N -c 2 -j 1 -T 5 bench',
    ]);
  });

  it('knows a paste of the last lines alone by its tps line', () => {
    expect(
      looksLikePgbenchOutput('latency average = 10.382 ms\ntps = 963.193487 (without initial connection time)\n'),
    ).toBe(true);
    expect(looksLikePgbenchOutput('tps = 963.193487\n')).toBe(false);
  });
});

describe('testNameOf', () => {
  it('takes no word of a quoted password in the command line for a script', () => {
    const out = parsePgbenchOutput(
      `$ pgbench -c 2 "host=db password='alpha -f bravo'" -T 5\nprogress: 1.0 s, 10.0 tps, lat 1.0 ms stddev 0.1, 0 failed\n`,
    );
    expect(out.commandLine).toContain('password=');
    expect(testNameOf(out, 'x')).toBe('tpcb-like.c2');
  });
});

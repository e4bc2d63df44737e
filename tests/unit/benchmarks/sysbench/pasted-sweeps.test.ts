// Thread sweeps pasted with what ran them (issue 23, items 1 and 10): the loop typed over several lines or in a
// script, `bash -x`'s trace at every pass, a loop over scripts given by a variable, a header the loop echoed
// before each run. Made from real sysbench 1.0.20 logs of this machine by pasted/make-pasted.sh
// (tests/fixtures/sysbench-logs/COMMANDS.md): each run's own lines are the real ones.
import { describe, expect, it } from 'vitest';
import { RunSchema } from '../../../../src/schemas/index.ts';
import { validateRunData } from '../../../../src/runs/validate-run.ts';
import { splitSysbenchOutput } from '../../../../benchmarks/sysbench/split-output.ts';
import { parseSysbenchOutput } from '../../../../benchmarks/sysbench/parse-output.ts';
import { preambleOf } from '../../../../benchmarks/sysbench/preamble.ts';
import { loopPasses, scriptsOfLoop } from '../../../../benchmarks/sysbench/loop-runs.ts';
import { fixtureText } from '../../../helpers/fixtures.ts';
import { harvestFixture } from '../../../helpers/harvest-fixture.ts';

const LOGS = 'sysbench-logs/';
const value = (run: { results: Array<{ test: string; metric: string; value: number }> }, t: string, m: string) =>
  run.results.find((r) => r.test === t && r.metric === m)?.value;

/** What each run of a log prints, read with plain regexes: `Number of threads:`, `queries:` and max latency. */
function printed(text: string): Array<{ threads: number; qps: number; max: number }> {
  const threads = [...text.matchAll(/^Number of threads: (\d+)$/gm)].map((m) => Number(m[1]));
  const qps = [...text.matchAll(/^\s+queries:\s+\d+\s+\(([\d.]+) per sec\.\)$/gm)].map((m) => Number(m[1]));
  const max = [...text.matchAll(/^\s+max:\s+([\d.]+)$/gm)].map((m) => Number(m[1]));
  return threads.map((t, i) => ({ threads: t, qps: qps[i]!, max: max[i]! }));
}

const SWEEP = printed(fixtureText(`${LOGS}sweep-mariadb-read-only.log`));
const TWO = printed(fixtureText(`${LOGS}loop-two-scripts-bash-x.log`));
const readOnly = (runs: typeof SWEEP) => runs.map((r) => `read-only_range=100_threads=${r.threads}`);
const twoScripts = [...readOnly(TWO.slice(0, 4)), ...TWO.slice(4).map((r) => `point-query_threads=${r.threads}`)];

describe('each run of a pasted sweep is a test with its own threads, qps, latency and script', () => {
  for (const [file, runs, names] of [
    // The real `bash -x` log of `for s in oltp_read_only oltp_point_select; do for t in 1 2 4 8; do ...`.
    ['loop-two-scripts-bash-x.log', TWO, twoScripts],
    // `user@host:~$ for t in 1 2 4 8 16 32 64` / `> do` / `>   sysbench ... --threads=$t ... run` / `> done`.
    ['pasted/loop-typed-over-lines.log', SWEEP, readOnly(SWEEP)],
    // `$ cat sweep.sh` (the loop over three lines, the command over two), `$ sh sweep.sh`.
    ['pasted/loop-in-script.log', SWEEP, readOnly(SWEEP)],
    // `+ for t in ...` and `+ sysbench ... --threads=N ... run` before every run, as bash prints them.
    ['pasted/bash-x-trace.log', SWEEP, readOnly(SWEEP)],
    // The loop over the two scripts on one line (`sysbench $s ... --threads=$t`): the list gives each script.
    ['pasted/loop-over-two-scripts.log', TWO, twoScripts],
    // The loop typed over lines, `echo "### $s threads=$t"` before each run: the header names the script.
    ['pasted/loop-with-headers.log', TWO, twoScripts],
  ] as const)
    it(file, async () => {
      const h = await harvestFixture(LOGS + file);
      expect(h.refused).toEqual([]);
      const { run } = h.runs[0]!;
      expect(run.tests.map((t) => t.name)).toEqual(names);
      expect(run.tests.map((t) => t.params?.threads)).toEqual(runs.map((r) => r.threads));
      run.tests.forEach((t, i) => {
        expect(t.status, t.error).toBe('ok');
        expect(value(run, t.name, 'qps'), t.name).toBe(runs[i]!.qps);
        expect(value(run, t.name, 'latency_max_ms'), t.name).toBe(runs[i]!.max);
        expect(value(run, t.name, 'errors_per_s'), t.name).toBe(0);
        expect(JSON.stringify(t.params)).not.toContain('$');
      });
      expect(run.workload).toMatchObject({ threads: [...new Set(runs.map((r) => r.threads))].sort((a, b) => a - b) });
      expect(RunSchema.safeParse(run).success).toBe(true);
      expect(validateRunData('run.json', run).problems).toEqual([]);
    });

  it("the loop is each test's command, joined into one line; a trace is each run's own command", async () => {
    const typed = (await harvestFixture(`${LOGS}pasted/loop-typed-over-lines.log`)).runs[0]!.run;
    const loop =
      'for t in 1 2 4 8 16 32 64; do sysbench oltp_read_only --db-driver=mysql --mysql-host=127.0.0.1 --mysql-user=root --mysql-db=sbsweep --tables=2 --table-size=10000 --threads=$t --time=3 run; done';
    expect(typed.tests.map((t) => t.command)).toEqual(SWEEP.map(() => loop));
    const script = (await harvestFixture(`${LOGS}pasted/loop-in-script.log`)).runs[0]!.run;
    expect(script.tests[0]!.command).toBe(loop);
    const traced = (await harvestFixture(`${LOGS}loop-two-scripts-bash-x.log`)).runs[0]!.run;
    expect(traced.tests.map((t) => /--threads=(\d+)/.exec(t.command!)?.[1])).toEqual(TWO.map((r) => `${r.threads}`));
    expect(traced.tests.map((t) => t.command!.split(' ')[1])).toEqual([
      ...Array(4).fill('oltp_read_only'),
      ...Array(4).fill('oltp_point_select'),
    ]);
  });

  it('says where a script came from that no command names', async () => {
    const notes = async (file: string) => (await harvestFixture(LOGS + file)).runs[0]!.run.provenance.notes ?? [];
    expect(await notes('pasted/loop-over-two-scripts.log')).toContainEqual(
      "loop-over-two-scripts.log: the command names its script by a shell variable ($s); the loop's list gives each run's script in order (oltp_read_only.lua for runs 1 to 4, oltp_point_select.lua for runs 5 to 8), as the runs confirm (one run per pass, each run's thread count the one its pass gives, each run's report one its script can print)",
    );
    expect(await notes('pasted/loop-with-headers.log')).toContainEqual(
      'loop-with-headers.log: the commands of 8 runs do not name their script: each is read from the line before its run that names one (run 1: "### oltp_read_only threads=1", run 2: "### oltp_read_only threads=2", run 3: "### oltp_read_only threads=4", and 5 more)',
    );
    // The real log whose loop echoed `=== oltp_update_index threads=$t` before each run.
    const dated = (await harvestFixture(`${LOGS}dated-pgsql-update-index.log`)).runs[0]!.run;
    expect(dated.tests.map((t) => [t.name, t.params?.lua])).toEqual(
      [1, 2, 4].map((t) => [`update-index_threads=${t}`, 'oltp_update_index.lua']),
    );
  });
});

describe('a script the output cannot tell stays unknown: the file name, with a note saying why', () => {
  it('a paste that lost runs of the loop: its list cannot be matched with the runs', async () => {
    const { run } = (await harvestFixture(`${LOGS}pasted/loop-over-two-scripts-half.log`)).runs[0]!;
    const runs = TWO.slice(0, 4);
    expect(run.tests.map((t) => [t.name, t.params?.threads, value(run, t.name, 'qps')])).toEqual(
      runs.map((r) => [`loop-over-two-scripts-half_threads=${r.threads}`, r.threads, r.qps]),
    );
    expect(run.tests.every((t) => t.params?.lua === undefined)).toBe(true);
    expect(run.provenance.notes).toContainEqual(
      "loop-over-two-scripts-half.log: the command names its script by a shell variable ($s), which the output does not resolve (sysbench does not print its script's name) and the loop's order cannot (the loop makes 8 runs, but the file shows 4), so the tests of 4 runs are named after the file",
    );
  });

  it('a loop whose list is in another order than its runs: their reports say so', async () => {
    const { harvestSysbench } = await import('../../../../benchmarks/sysbench/harvest.ts');
    const text = fixtureText(`${LOGS}pasted/loop-over-two-scripts.log`).replace(
      'for s in oltp_read_only oltp_point_select',
      'for s in oltp_point_select oltp_read_only',
    );
    const tree = { name: 'swapped.log', entries: [{ path: 'swapped.log', data: new TextEncoder().encode(text) }] };
    const { run } = harvestSysbench(tree, { meta: { date: '2026-11-26' } }).runs[0]!;
    expect(run.tests.map((t) => t.name)).toEqual([
      ...TWO.slice(0, 4).map((r) => `swapped_threads=${r.threads}`),
      ...TWO.slice(4).map((r, i) => `swapped_threads=${r.threads}_block=${i + 5}`),
    ]);
    expect(run.provenance.notes?.join('\n')).toContain(
      "the loop's order cannot (run 1, which the loop's order makes oltp_point_select.lua, ran 5888 queries in 368 events, not one each)",
    );
  });
});

describe('the lines before a run (preamble.ts)', () => {
  const at = (text: string) => text.indexOf('sysbench 1.0.20');

  it('joins a loop typed after `> ` prompts, or in a script, into one line around its command', () => {
    const text = [
      'user@host:~$ for s in a b; do',
      '>   for t in 1 2; do',
      '>     sysbench $s --threads=$t run',
      '>   done',
      '> done',
      'sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)',
    ].join('\n');
    expect(preambleOf(text, at(text))).toEqual({
      command: 'for s in a b; do for t in 1 2; do sysbench $s --threads=$t run; done; done',
    });
    const script = [
      'for t in 1 2 4; do',
      '  sysbench oltp_insert \\',
      '    --threads=$t run',
      'done',
      'sysbench 1.0.20 x',
    ];
    expect(preambleOf(script.join('\n'), at(script.join('\n'))).command).toBe(
      'for t in 1 2 4; do sysbench oltp_insert --threads=$t run; done',
    );
  });

  it('takes a loop closed on its own line for no loop around the command below it', () => {
    const text = [
      '$ for t in 1 2; do sysbench oltp_insert --threads=$t run; done',
      'sysbench --test=oltp --num-threads=8 run',
      'sysbench 0.4.12:  multi-threaded system evaluation benchmark',
    ].join('\n');
    expect(preambleOf(text, text.indexOf('sysbench 0.4.12')).command).toBe('sysbench --test=oltp --num-threads=8 run');
  });

  it("takes bash -x's trace as the run's own command, never its `+ for` line as a loop", () => {
    const text = '+ for t in 1 2 4\n+ sysbench oltp_insert --threads=2 run\nsysbench 1.0.20 x\n';
    expect(preambleOf(text, at(text))).toEqual({ command: 'sysbench oltp_insert --threads=2 run' });
  });

  it('reads a header naming one script, not one naming two, nor a word that only looks like one', () => {
    const header = (line: string) => {
      const text = `${line}\nThu Nov 26 17:13:47 UTC 2026\nsysbench 1.0.20 x\n`;
      return preambleOf(text, at(text)).header;
    };
    expect(header('=== oltp_update_index threads=1')).toEqual({
      lua: 'oltp_update_index.lua',
      line: '=== oltp_update_index threads=1',
    });
    expect(header('# oltp_read_only.lua vs oltp_point_select')).toBeUndefined();
    expect(header('== oltp_read_onlyish')).toBeUndefined();
  });

  it('a run after a report begins with the lines between them (trace, header, date)', () => {
    const text = fixtureText(`${LOGS}pasted/bash-x-trace.log`);
    const blocks = splitSysbenchOutput(text);
    expect(blocks).toHaveLength(7);
    const lines = text.split('\n');
    for (const b of blocks)
      expect(lines.slice(b.offset, b.offset + 2)).toEqual([
        '+ for t in 1 2 4 8 16 32 64',
        expect.stringMatching(/^\+ sysbench oltp_read_only .* run$/),
      ]);
    expect(blocks.map((b) => b.text).join('')).toBe(text);
    const dated = fixtureText(`${LOGS}dated-pgsql-update-index.log`);
    expect(splitSysbenchOutput(dated).map((b) => b.text.split('\n', 1)[0])).toEqual(
      [1, 2, 4].map((t) => `=== oltp_update_index threads=${t}`),
    );
  });

  it('a value given by a variable is never a value: each run says its own threads', () => {
    const text = fixtureText(`${LOGS}pasted/loop-typed-over-lines.log`);
    const [first] = splitSysbenchOutput(text);
    const out = parseSysbenchOutput(first!.text);
    expect(out.options.threads).toBeUndefined();
    expect(out.unresolved).toEqual(['--threads']);
    expect(out.threads).toBe(1);
  });
});

describe('the passes of a loop (loop-runs.ts)', () => {
  it('nests lists in order; refuses lists that are not plain words', () => {
    expect(loopPasses('for s in a b; do for t in 1 2 4; do sysbench $s --threads=$t run; done; done')).toEqual([
      { s: 'a', t: '1' },
      { s: 'a', t: '2' },
      { s: 'a', t: '4' },
      { s: 'b', t: '1' },
      { s: 'b', t: '2' },
      { s: 'b', t: '4' },
    ]);
    expect(loopPasses('for s in "a" \'b\' ; do sysbench $s run; done')).toEqual([{ s: 'a' }, { s: 'b' }]);
    expect(loopPasses('for t in $(seq 1 4); do sysbench x --threads=$t run; done')).toBeUndefined();
    expect(loopPasses('for t in {1..4}; do sysbench x --threads=$t run; done')).toBeUndefined();
    expect(loopPasses('for ((t=1; t<=8; t*=2)); do sysbench x --threads=$t run; done')).toBeUndefined();
    expect(loopPasses('for s in a b; do echo $s; done; sysbench x run')).toBeUndefined();
  });

  it('gives the scripts only when the runs confirm the order', () => {
    const loop = 'for s in oltp_insert oltp_point_select; do for t in 1 2; do sysbench $s --threads=$t run; done; done';
    const words = { 'the script': '$s', '--threads': '$t' };
    const insert = { queries: { read: 0, write: 10, other: 0, total: 10 }, transactions: 10 };
    const point = { queries: { read: 10, write: 0, other: 0, total: 10 }, transactions: 10 };
    const runs = [
      { threads: 1, ...insert },
      { threads: 2, ...insert },
      { threads: 1, ...point },
      { threads: 2, ...point },
    ];
    expect(scriptsOfLoop(loop, words, runs)).toMatchObject({
      scripts: ['oltp_insert.lua', 'oltp_insert.lua', 'oltp_point_select.lua', 'oltp_point_select.lua'],
    });
    expect(scriptsOfLoop(loop, words, runs.slice(1))).toEqual({ why: 'the loop makes 4 runs, but the file shows 3' });
    expect(scriptsOfLoop(loop, words, [runs[1]!, runs[0]!, ...runs.slice(2)])).toEqual({
      why: "run 1 ran 2 threads where the loop's order gives 1",
    });
    expect(scriptsOfLoop(loop, words, [runs[2]!, runs[3]!, runs[0]!, runs[1]!])).toEqual({
      why: "run 1, which the loop's order makes oltp_insert.lua, wrote no rows",
    });
  });
});

describe('linear time on what a fuzzer or a long paste gives', () => {
  it('a loop line of 200 000 blanks, and 100 000 lines between two runs', () => {
    const text = fixtureText(`${LOGS}pasted/loop-over-two-scripts.log`);
    const blanks = text.replace('for s in ', `for s in ${' '.repeat(200_000)}`);
    const lines = text.replace(/^sysbench 1\.0\.20/m, (b) => `${'x = 1\n'.repeat(100_000)}${b}`);
    for (const t of [blanks, lines]) {
      const start = performance.now();
      const blocks = splitSysbenchOutput(t);
      blocks.forEach((b) => parseSysbenchOutput(b.text));
      expect(blocks).toHaveLength(8);
      expect(performance.now() - start).toBeLessThan(2000);
    }
    expect(loopPasses(`for s in ${'a '.repeat(9_000)}; do sysbench $s run; done`)).toHaveLength(9_000);
    // More passes than any sweep pasted by hand: not read.
    expect(
      loopPasses(`for s in ${'a '.repeat(200)}; do for t in ${'1 '.repeat(200)}; do sysbench $s run; done; done`),
    ).toBeUndefined();
  });
});

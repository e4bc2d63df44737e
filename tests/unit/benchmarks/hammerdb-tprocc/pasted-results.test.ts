// Two HammerDB results in one pasted text (issue 23, item 3): a before/after comment quoting two real runs, an
// article excerpt with two DBMS. Every TEST RESULT line is a result, with the DBMS the line names; a line quoted
// twice is one result with a note, a line in a form not understood is a note, never silence.
import { describe, expect, it } from 'vitest';
import { harvestHammerdb } from '../../../../benchmarks/hammerdb-tprocc/harvest.ts';
import { parseCliOutput } from '../../../../benchmarks/hammerdb-tprocc/parse-cli-output.ts';
import { FIXTURES, fixtureText } from '../../../helpers/fixtures.ts';
import { loadRawInput } from '../../../../collectors/lib/raw-input.ts';

/** Every TEST RESULT line of a text as it states it (NOPM first order), with its line number. */
function statedResults(text: string) {
  return text
    .split('\n')
    .map((line, i) => ({ i: i + 1, m: /TEST RESULT : System achieved (\d+) NOPM from (\d+) (.+?) TPM/.exec(line) }))
    .filter((x) => x.m)
    .map(({ i, m }) => ({ line: i, nopm: Number(m![1]), tpm: Number(m![2]), db: m![3]! }));
}

const value = (run: { results: Array<{ test: string; metric: string; value: number }> }, test: string, m: string) =>
  run.results.find((r) => r.test === test && r.metric === m)?.value;

describe('a before/after comment quoting two real PostgreSQL runs (one quoted with "> ")', async () => {
  const path = 'hammerdb-pasted/before-after-comment.md';
  const text = fixtureText(path);
  const stated = statedResults(text);

  it('the parser gives one job per TEST RESULT line, each with its own VU count and counter series', () => {
    expect(stated).toHaveLength(2);
    const { jobs, notes } = parseCliOutput(text, path);
    expect(jobs.map((j) => j.result?.nopm)).toEqual(stated.map((s) => s.nopm));
    expect(jobs.map((j) => j.result?.tpm)).toEqual(stated.map((s) => s.tpm));
    expect(jobs.map((j) => j.result?.lineNo)).toEqual(stated.map((s) => s.line));
    expect(jobs.map((j) => j.result?.activeVirtualUsers)).toEqual([1, 2]);
    // The quoted block's counter lines are the first run's, the plain block's the second's.
    const counted = (block: string) =>
      block.split('\n').filter((l) => /^(> )?\d+ PostgreSQL tpm/.test(l.replace(/\r/g, ''))).length;
    const [before, after] = text.split('After the change:');
    expect(jobs.map((j) => j.tpm.length)).toEqual([counted(before!), counted(after!)]);
    expect(notes).toEqual([]);
  });

  it('harvest: one PostgreSQL 15.20 run, both NOPM and TPM kept', async () => {
    const h = harvestHammerdb(await loadRawInput(`${FIXTURES}${path}`), {});
    expect(h.runs).toHaveLength(1);
    const { run } = h.runs[0]!;
    expect(run.dbms).toMatchObject({ product: 'postgres', version: '15.20' });
    expect(run.tests.map((t) => [t.name, t.status])).toEqual([
      ['vu1', 'ok'],
      ['vu2', 'ok'],
    ]);
    expect(['vu1', 'vu2'].map((t) => value(run, t, 'nopm'))).toEqual(stated.map((s) => s.nopm));
    expect(['vu1', 'vu2'].map((t) => value(run, t, 'tpm'))).toEqual(stated.map((s) => s.tpm));
  });
});

describe('an article excerpt with two DBMS (two HammerDB manual outputs joined)', async () => {
  const path = 'hammerdb-pasted/two-dbms-article.txt';
  const stated = statedResults(fixtureText(path));
  const h = harvestHammerdb(await loadRawInput(`${FIXTURES}${path}`), {});

  it('two runs, each with the DBMS its TEST RESULT line names and its own NOPM and TPM', () => {
    expect(stated.map((s) => s.db)).toEqual(['SQL Server', 'PostgreSQL']);
    expect(h.runs).toHaveLength(2);
    const sqlServer = h.runs.find((r) => r.run.dbms.version === '16.0.1135.2')!.run;
    const pg = h.runs.find((r) => r.run.dbms.product === 'postgres')!.run;
    // The PostgreSQL excerpt printed no DBVersion: the SQL Server one's is not lent to it.
    expect(pg.dbms.version).toBeUndefined();
    expect(pg.label).toBe('postgresql.two-dbms-article');
    expect(value(sqlServer, 'vu4', 'nopm')).toBe(stated[0]!.nopm);
    expect(value(sqlServer, 'vu4', 'tpm')).toBe(stated[0]!.tpm);
    expect(value(pg, 'vu5', 'nopm')).toBe(stated[1]!.nopm);
    expect(value(pg, 'vu5', 'tpm')).toBe(stated[1]!.tpm);
    expect(pg.tests[0]!.params).not.toHaveProperty('jobid');
  });
});

describe('TEST RESULT lines without their run around them', () => {
  const lines = statedResults(fixtureText('hammerdb-pasted/before-after-comment.md'));
  const line = (i: number) =>
    `TEST RESULT : System achieved ${lines[i]!.nopm} NOPM from ${lines[i]!.tpm} PostgreSQL TPM`;
  const text = [
    'Before the patch:',
    `    Vuser 1:${line(0)}`,
    'After (without the Vuser prefix):',
    line(1),
    'Quoting the first again:',
    `> Vuser 1:${line(0)}`,
    'Vuser 1:TEST RESULT : System achieved many NOPM',
  ].join('\n');

  it('each line is a result; the repeat is one result with a note; a line not understood is a note', async () => {
    const h = harvestHammerdb(
      { name: 'comment', entries: [{ path: 'comment.txt', data: Buffer.from(text) }] },
      { meta: { date: '2026-11-22' } },
    );
    expect(h.runs).toHaveLength(1);
    const { run } = h.runs[0]!;
    expect(run.tests.map((t) => [t.name, t.status])).toEqual([
      ['run', 'ok'],
      ['run.2', 'ok'],
    ]);
    expect(value(run, 'run', 'nopm')).toBe(lines[0]!.nopm);
    expect(value(run, 'run.2', 'nopm')).toBe(lines[1]!.nopm);
    expect(run.provenance.notes).toEqual(
      expect.arrayContaining([
        'comment.txt: line 6 repeats the TEST RESULT of line 2 (same NOPM, TPM and virtual users): taken as one result',
        'comment.txt: line 7: a TEST RESULT line in a form not understood, no result read: Vuser 1:TEST RESULT : System achieved many NOPM',
      ]),
    );
  });
});

describe("TEST RESULT lines after a timestamp or grep's file name, and none from a JSON string", () => {
  // Real lines: the two PostgreSQL results of the before/after comment, as `grep -H` and a timestamped log print them.
  const [a, b] = statedResults(fixtureText('hammerdb-pasted/before-after-comment.md'));
  const result = (r: typeof a) => `TEST RESULT : System achieved ${r!.nopm} NOPM from ${r!.tpm} PostgreSQL TPM`;
  const text = [
    `res.pg.load8.vu1.w100.5.120/o.pg.pg1520.x10a.run.out:Vuser 1:${result(a)}`,
    `2026-11-22 02:10:58 ${result(b)}`,
    `  "${result(a).replace('PostgreSQL', 'MySQL')}",`,
  ].join('\n');

  it('both grep and timestamp lines are results; the JSON string is left to the jobs JSON reader', () => {
    const { jobs } = parseCliOutput(text, 'grep.txt');
    expect(jobs.map((j) => [j.result?.nopm, j.result?.tpm, j.result?.dbLabel])).toEqual([
      [a!.nopm, a!.tpm, 'PostgreSQL'],
      [b!.nopm, b!.tpm, 'PostgreSQL'],
    ]);
  });
});

// Damaged HammerDB output that once took time growing with the square of its length (found by npm run fuzz):
// thousands of lines that open a JSON bracket and never close it, and a long run of blanks inside a line.
import { describe, expect, it } from 'vitest';
import { jsonBlocks } from '../../../../benchmarks/hammerdb-tprocc/parse-jobs-json.ts';
import { parseCliOutput } from '../../../../benchmarks/hammerdb-tprocc/parse-cli-output.ts';
import { fixtureText } from '../../../helpers/fixtures.ts';

const MANUAL = 'hammerdb-manual/hdbdocs_v6.0_cli_sequence_multi_vu.txt';

function timed<T>(f: () => T): { value: T; ms: number } {
  const t0 = performance.now();
  const value = f();
  return { value, ms: performance.now() - t0 };
}

describe('HammerDB parsers stay linear on damaged output', () => {
  it('100,000 lines of "[" that never close: the JSON blocks after them are not looked for, quickly', () => {
    const text = `${'[\n'.repeat(100_000)}{"a": 1}\n`;
    const { ms } = timed(() => jsonBlocks(text));
    expect(ms).toBeLessThan(3000);
    // The same JSON with nothing before it is found.
    expect(jsonBlocks('{"a": 1}\n').map((b) => b.value)).toEqual([{ a: 1 }]);
  });

  it('a line with 300,000 blanks in it: read in linear time, the output otherwise as before', () => {
    const real = fixtureText(MANUAL);
    const at = real.indexOf('Vuser 1:RUNNING');
    const damaged = `${real.slice(0, at + 6)}${' '.repeat(300_000)}${real.slice(at + 6)}`;
    const { value, ms } = timed(() => parseCliOutput(damaged, MANUAL));
    expect(ms).toBeLessThan(3000);
    expect(value.jobs.filter((j) => j.result?.nopm).length).toBeGreaterThan(0);
    expect(value.jobs.map((j) => j.result?.nopm)).toEqual(parseCliOutput(real, MANUAL).jobs.map((j) => j.result?.nopm));
  });
});

describe('a TEST RESULT line that disagrees with itself', () => {
  it('more new orders than transactions: the test failed, its numbers left out', async () => {
    const { harvestHammerdb } = await import('../../../../benchmarks/hammerdb-tprocc/harvest.ts');
    const real = fixtureText('hammerdb-manual/hdbdocs_v6.0_cli_vurun.txt');
    const line = /TEST RESULT : System achieved (\d+) NOPM from (\d+)/.exec(real)!;
    const edited = real.replace(line[0], `TEST RESULT : System achieved ${Number(line[2]) * 3} NOPM from ${line[2]}`);
    const run = (text: string) =>
      harvestHammerdb(
        { name: 'x.txt', entries: [{ path: 'x.txt', data: new TextEncoder().encode(text) }] },
        { meta: { date: '2026-11-22' } },
      ).runs[0]!.run;
    expect(run(real).tests[0]!.status).toBe('ok');
    const t = run(edited).tests[0]!;
    expect(t.status).toBe('failed');
    expect(t.error).toBe(
      `the TEST RESULT line disagrees with itself: ${Number(line[2]) * 3} NOPM is more than its ${line[2]} TPM (new orders are one of the five transaction types)`,
    );
    expect(run(edited).results.filter((r) => r.metric === 'nopm' || r.metric === 'tpm')).toEqual([]);
  });
});

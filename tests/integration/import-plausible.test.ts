// `benchsite import` runs the checks harvest runs (collectors/lib/plausible.ts): a number no measurement gives,
// typed into a copy of a real table (a post's HammerDB results, a post's relative table, the mytools harness's
// sum.res summaries), is left out of the run written, its test failed with what is wrong and in which file,
// and the command says so; the other numbers are written as they are.
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../helpers/build-site.ts';
import { benchsite } from '../helpers/cli.ts';

const tmp = mkdtempSync(join(tmpdir(), 'benchsite-import-plausible-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const out = join(tmp, 'runs');

/** A copy of a fixture file with one line changed (which must be there). */
function damaged(from: string, line: RegExp, to: string): string {
  const text = readFileSync(join(ROOT, 'tests/fixtures', from), 'utf8');
  const changed = text.replace(line, to);
  expect(changed).not.toBe(text);
  const file = join(tmp, 'in', from);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, changed);
  return file;
}

function run(id: string): {
  tests: Array<{ name: string; status: string; error?: string }>;
  results: Array<{ test: string; metric: string; value: number }>;
  relative?: Array<{ values: Array<{ test: string; value: number }> }>;
} {
  return JSON.parse(readFileSync(join(out, id, 'run.json'), 'utf8'));
}

describe('import: impossible numbers', { timeout: 120_000 }, () => {
  it("a NOPM of 1e+23 in a post's HammerDB table is not published as ok", () => {
    const csv = damaged(
      'published/hammerdb-tprocc-8core-2026-03-16.csv',
      /^(ma1186,[^\n]*?,false,)11975,/m,
      '$11e+23,',
    );
    const r = benchsite(['import', csv, '--meta', 'content/meta/pn53-2026-03-16-hammerdb.yaml', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^ {2}failed {4}vu1\.w100\.sp0: hammerdb-tprocc-8core-2026-03-16\.csv: nopm is more than 1000000000 per second \(1e\+23 new orders\/min\)/m,
    );
    const ma = run('hammerdb-tprocc/pn53/20260316-ma1186.cz12b_c8r32');
    expect(ma.tests.find((t) => t.name === 'vu1.w100.sp0')!.status).toBe('failed');
    expect(ma.results.filter((x) => x.test === 'vu1.w100.sp0').map((x) => x.metric)).not.toContain('nopm');
    expect(ma.results.some((x) => x.value > 1e15)).toBe(false);
    // The rest of the table as published: the other point of the run, and the other runs.
    expect(ma.results.find((x) => x.test === 'vu1.w100.sp1' && x.metric === 'nopm')!.value).toBe(19281);
    expect(run('hammerdb-tprocc/pn53/20260316-pg182.cx10b_c8r32').tests.every((t) => t.status === 'ok')).toBe(true);
  });

  it('a relative value of 1e+23 is left out of its table', () => {
    const name = 'published/sysbench-mysql-9.7.0-pn53-2026-04-10-relative-to-8.4.8.csv';
    const csv = damaged(name, /^z13a,point-query,.*$/m, 'z13a,point-query,1e+23');
    const meta = 'content/meta/pn53-2026-04-10-sysbench-mysql-9.7.yaml';
    const r = benchsite(['import', csv, '--base', '8.4.8', '--meta', meta, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      'failed    point-query: sysbench-mysql-9.7.0-pn53-2026-04-10-relative-to-8.4.8.csv: its value relative to 8.4.8 is more than 1000 times its base (1e+23)',
    );
    const z13a = run('sysbench/pn53/20260410-my9700.z13a_c8r32');
    expect(z13a.relative![0]!.values.map((v) => v.test)).not.toContain('point-query');
    expect(z13a.relative![0]!.values.length).toBe(31);
    expect(z13a.tests.find((t) => t.name === 'point-query')!.status).toBe('failed');
  });

  it("a NOPM of 10^23 in the harness's sum.res summary", () => {
    const arc = join(tmp, 'in', 'jan26.tprocc.pn53.pg');
    cpSync(join(ROOT, 'tests/fixtures/mytools/bench/arc/jan26.tprocc.pn53.pg'), arc, { recursive: true });
    const file = join(arc, 'sum.res.pg.load8.vu1.w100.5.120.csv');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^pg1222,\d+$/m, 'pg1222,100000000000000000000000'));
    const meta = 'content/meta/pn53-2026-02-14-hammerdb-postgres.yaml';
    const r = benchsite(['import', arc, '--meta', meta, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/failed {4}vu1\.w100: sum\.res\.pg\.load8\.vu1\.w100\.5\.120\.csv: nopm is more than/);
    const text = readFileSync(join(out, 'hammerdb-tprocc/pn53/20260214-pg1222_o2nofp.x10a_c8r32/run.json'), 'utf8');
    expect(text).not.toMatch(/"value": ?1e\+23/);
    // The other builds of the summary are written with their numbers.
    expect(r.stdout.match(/^wrote .*$/gm)!.length).toBeGreaterThan(1);
  });

  it('validate accepts what was written', () => {
    const r = benchsite(['validate', out]);
    expect(r.code, `${r.stdout}${r.stderr}`).toBe(0);
  });
});

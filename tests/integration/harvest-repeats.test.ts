// Repeats are kept: harvesting the same directory twice is a no-op; a copy of it with one output changed (the
// same benchmark, host, date and label, so the same id) is a repeat kept beside the first as `<id>~2`, and said
// so; --replace writes over the first instead.
import { describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchsite } from '../helpers/cli.ts';
import { FIXTURES } from '../helpers/fixtures.ts';

const NAME = 'x.pg1023_o2nofp.x10a_c32r128.pk1';
const ID = `sysbench/Ubuntu-2204-jammy-amd64-base/20250305-${NAME}`;
const OUTPUT = 'sb.o.point-query.range100.pk1.dop40';

describe('benchsite harvest keeps repeats', () => {
  const out = mkdtempSync(join(tmpdir(), 'benchsite-repeats-'));
  const work = mkdtempSync(join(tmpdir(), 'benchsite-repeats-in-'));
  const dir = join(work, 'first', NAME);
  const copy = join(work, 'second', NAME);
  cpSync(`${FIXTURES}mytools/bench/arc/feb25.pg.flat/${NAME}`, dir, { recursive: true });
  cpSync(dir, copy, { recursive: true });
  // The repeat measured another rate: one output's counts and rates are 3 % lower, consistently (harvest checks
  // the report against itself: read + write + other = total = queries, each rate = count / time).
  const text = readFileSync(join(copy, OUTPUT), 'utf8');
  const lower = (n: string) => String(Math.round(Number(n) * 0.97));
  const changed = text
    .replace(/^(\s+(?:read|write|other|total):\s+)(\d+)$/gm, (_, a, n) => a + lower(n))
    .replace(
      /^(\s+(?:transactions|queries):\s+)(\d+)(\s+\()([\d.]+)( per sec\.\))$/gm,
      (_, a, n, b, v, c) => `${a}${lower(n)}${b}${(Number(v) * 0.97).toFixed(2)}${c}`,
    );
  expect(changed).not.toBe(text);
  writeFileSync(join(copy, OUTPUT), changed);
  const qps = (id: string) =>
    JSON.parse(readFileSync(join(out, id, 'run.json'), 'utf8')).results.find(
      (r: { test: string; metric: string }) => r.test === 'point-query' && r.metric === 'qps',
    ).value as number;
  const runsOf = () => readdirSync(join(out, 'sysbench/Ubuntu-2204-jammy-amd64-base')).sort();

  it('harvests the directory, then the same directory again without change', () => {
    expect(benchsite(['harvest', dir, '--out', out]).code).toBe(0);
    const again = benchsite(['harvest', dir, '--out', out]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(new RegExp(`^unchanged \\S*${ID}/run\\.json`, 'm'));
    expect(runsOf()).toEqual([`20250305-${NAME}`]);
  });

  it('keeps a copy with one changed output as repeat 2, says so, and validate passes', () => {
    const r = benchsite(['harvest', copy, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`repeat    `);
    expect(r.stdout).toContain(`${ID}~2/run.json (repeat 2 of ${ID}: same id, other raw files; both are kept.`);
    expect(runsOf()).toEqual([`20250305-${NAME}`, `20250305-${NAME}~2`]);
    const run2 = JSON.parse(readFileSync(join(out, `${ID}~2`, 'run.json'), 'utf8'));
    expect(run2.repeat).toBe(2);
    expect(run2.label).toBe(NAME);
    expect(qps(`${ID}~2`)).toBeCloseTo(qps(ID) * 0.97, 1);
    const v = benchsite(['validate', out]);
    expect(v.code, v.stdout + v.stderr).toBe(0);
    expect(v.stdout.trim()).toBe('2 run(s) valid');
  });

  it('harvesting either again changes nothing; --replace writes the copy over the first run', () => {
    const r = benchsite(['harvest', dir, copy, '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout.match(/^unchanged /gm)).toHaveLength(2);
    const third = join(work, 'third', NAME);
    cpSync(copy, third, { recursive: true });
    writeFileSync(join(third, OUTPUT), changed.replace('per sec.)', 'per sec.) '));
    const replaced = benchsite(['harvest', third, '--out', out, '--replace']);
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(replaced.stdout).toMatch(new RegExp(`^replaced  \\S*${ID}/run\\.json`, 'm'));
    expect(runsOf()).toEqual([`20250305-${NAME}`, `20250305-${NAME}~2`]);
    expect(existsSync(join(out, `${ID}~3`))).toBe(false);
  });
});

// Names are data with one definition of their characters (src/schemas/common.ts, issue 27 item 6): a committed
// test name or report label holding U+2028 (which crashed chart rendering with a stack trace naming no file) is
// refused by `benchsite validate` with one line naming the file and field; one in the raw files is cleaned by
// harvest with a note, and the written run validates.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchsite } from '../helpers/cli.ts';
import { ROOT } from '../helpers/build-site.ts';
import { FIXTURES, MYTOOLS_NOV25 } from '../helpers/fixtures.ts';

const VM = 'sysbench/vm/20261122-x.ma101119.';

describe('names with characters no name may hold', { timeout: 300_000 }, () => {
  it('benchsite validate refuses a test name and a report label with U+2028, naming the file and field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchsite-names-'));
    for (const l of ['cy1.pk1', 'cy2.pk1'])
      cpSync(join(ROOT, 'content/runs', VM + l), join(dir, 'content/runs', VM + l), { recursive: true });
    for (const f of ['run.json', 'series.json']) {
      const file = join(dir, 'content/runs', `${VM}cy2.pk1`, f);
      writeFileSync(file, readFileSync(file, 'utf8').replaceAll('"point-query"', '"point\\u2028query"'));
    }
    mkdirSync(join(dir, 'content/reports'));
    writeFileSync(
      join(dir, 'content/reports/2026-11-22-names.md'),
      `---\ntitle: Names\ndate: 2026-11-22\nbenchmark: sysbench\nbase: ${VM}cy1.pk1\nruns: [${VM}cy2.pk1]\nlabels:\n  ${VM}cy2.pk1: "cy2\\u2029"\n---\nText.\n`,
    );
    const r = benchsite(['validate'], { cwd: dir });
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toContain(
      'content/reports/2026-11-22-names.md: labels.sysbench/vm/20261122-x.ma101119.cy2.pk1: a name may not hold U+2029 (character 4): no control characters, line or paragraph separators or bidirectional controls. Remove that character from the name.',
    );
    expect(lines.filter((l) => l.startsWith(`content/runs/${VM}cy2.pk1/run.json: `))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/: tests\[\d+\]\.name: a name may not hold U\+2028 \(character 6\): /),
        expect.stringMatching(/: results\[\d+\]\.test: a name may not hold U\+2028 \(character 6\): /),
      ]),
    );
    expect(r.stdout + r.stderr).not.toMatch(/internal error|\n\s+at /);
  });

  it('benchsite harvest cleans such a name from the raw files with a note, and its run validates', () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchsite-names-'));
    const raw = join(dir, 'x.my8043\u2028_rel_o2nofp.z12a_c8r32.pk1');
    cpSync(join(FIXTURES, MYTOOLS_NOV25), raw, { recursive: true });
    const out = join(dir, 'runs');
    const r = benchsite(['harvest', raw, '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [host] = readdirSync(join(out, 'sysbench'));
    const [folder] = readdirSync(join(out, 'sysbench', host!));
    const run = JSON.parse(readFileSync(join(out, 'sysbench', host!, folder!, 'run.json'), 'utf8'));
    expect(run.label).toBe('x.my8043\uFFFD_rel_o2nofp.z12a_c8r32.pk1');
    expect(run.provenance.notes).toContain(
      'the name "x.my8043?_rel_o2nofp.z12a_c8r32.pk1" in the raw files holds U+2028, which no name may hold: written with U+FFFD in its place',
    );
    expect(benchsite(['validate', out]).stdout).toMatch(/^1 run\(s\) valid/m);
  });

  it('tests named constructor, __proto__ and toString validate, build (charts too) and resolve in placeholders', () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchsite-names-'));
    const runs = join(dir, 'content/runs');
    for (const l of ['cy1.pk1', 'cy2.pk1']) {
      cpSync(join(ROOT, 'content/runs', VM + l), join(runs, VM + l), { recursive: true });
      for (const f of ['run.json', 'series.json']) {
        const file = join(runs, VM + l, f);
        const renamed = readFileSync(file, 'utf8')
          .replaceAll('"point-query"', '"constructor"')
          .replaceAll('"random-points_range=10"', '"__proto__"')
          .replaceAll('"hot-points"', '"toString"');
        writeFileSync(file, renamed);
      }
    }
    mkdirSync(join(dir, 'content/reports'));
    writeFileSync(
      join(dir, 'content/reports/2026-11-22-names.md'),
      `---\ntitle: Names\ndate: 2026-11-22\nbenchmark: sysbench\nbase: ${VM}cy1.pk1\nruns: [${VM}cy2.pk1]\n---\n` +
        'Values: {{ rel(ma101119.cy2, constructor) }}, {{ rel(ma101119.cy2, \\_\\_proto\\_\\_) }}, {{ rel(ma101119.cy2, toString) }}.\n',
    );
    expect(benchsite(['validate'], { cwd: dir }).stdout).toMatch(/^2 run\(s\) and 1 report\(s\) valid$/m);
    const r = spawnSync(
      process.execPath,
      ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', join(dir, 'dist')],
      {
        cwd: ROOT,
        env: { ...process.env, BENCHSITE_CONTENT: join(dir, 'content') },
        encoding: 'utf8',
        timeout: 240_000,
      },
    );
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const page = readFileSync(join(dir, 'dist/reports/2026-11-22-names/index.html'), 'utf8');
    expect(page).toMatch(/Values: \d\.\d\d, \d\.\d\d, \d\.\d\d\./);
    // The report's chart has a bar for each of them.
    for (const name of ['constructor', '__proto__', 'toString']) expect(page).toContain(`>${name}\u200b<`);
    // A series that run.json names for "constructor" and series.json lacks is missing, not Object's constructor.
    const series = join(runs, `${VM}cy2.pk1`, 'series.json');
    const data = JSON.parse(readFileSync(series, 'utf8'));
    delete data.tests.constructor;
    writeFileSync(series, JSON.stringify(data));
    expect(benchsite(['validate'], { cwd: dir }).stdout).toContain(
      `content/runs/${VM}cy2.pk1/series.json: tests.constructor: series for test "constructor" named in run.json are missing.`,
    );
  });
});

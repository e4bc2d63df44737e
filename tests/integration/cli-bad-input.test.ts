// A new user feeding harvest a truncated gzip, a file that only says it is gzip, or a corrupt meta file gets
// one line naming that file and what to do; the stack trace only with --debug.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchsite } from '../helpers/cli.ts';
import { FIXTURES, MYTOOLS_FEB25 } from '../helpers/fixtures.ts';
import { ROOT } from '../helpers/build-site.ts';

const errors = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('error: '));

describe('benchsite harvest on broken input', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'benchsite-bad-'));
  const out = join(tmp, 'out');

  it('a .tar.gz cut short: the runs of the folders before the cut, one line naming the cut, no stack', () => {
    const whole = readFileSync(`${FIXTURES}realruns/hammerdb.tar.gz`);
    const file = join(tmp, 'hammerdb.tar.gz');
    writeFileSync(file, whole.subarray(0, whole.length >> 1));
    const r = benchsite(['harvest', file, '--out', out]);
    expect(r.code).toBe(1);
    const lines = errors(r.stderr);
    expect(lines[0]).toMatch(
      new RegExp(
        // The cut lands inside a member's data or inside the header of the next member, as the fixture's bytes fall.
        `^error: ${file}: the archive is cut short (inside "hammerdb/[^"]+" \\(the gzip data ends early\\): that member is left out, and|inside the header after its last whole member "hammerdb/[^"]+" \\(the gzip data ends early\\):) the members before it are read\\. Make the archive again \\(tar -czf\\) from the complete files\\.$`,
      ),
    );
    // The folders it ends inside may have lost files: none of their files make a run.
    expect(lines[1]).toMatch(
      new RegExp(`^error: ${file}: \\d+ file\\(s\\) of the folders it is cut inside \\(\\(top\\), hammerdb, `),
    );
    expect(lines).toHaveLength(2);
    // The runs of the folders finished before the cut (how many depends on where the half falls).
    expect(r.stdout).toMatch(/^[1-9]\d* run\(s\) harvested, 2 error\(s\)$/m);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('with --debug, a .tar.gz that holds nothing whole: the same line and then the stack', () => {
    const whole = readFileSync(`${FIXTURES}realruns/hammerdb.tar.gz`);
    const file = join(tmp, 'early.tar.gz');
    writeFileSync(file, whole.subarray(0, 200));
    const r = benchsite(['harvest', file, '--out', out, '--debug']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error: ${file}: the gzip data is cut short`);
    expect(r.stderr).toMatch(/\n\s+at .*collectors\/lib\/raw-[\w-]+\.ts/);
  });

  it('a sysbench output named .gz that is not gzip: one line naming the input and the file in it', () => {
    const dir = join(tmp, 'x.pg1023_o2nofp.x10a_c32r128.pk1');
    cpSync(FIXTURES + MYTOOLS_FEB25, dir, { recursive: true });
    writeFileSync(join(dir, 'sb.o.point-query.range100.pk1.dop40.gz'), 'this was never compressed\n');
    const r = benchsite(['harvest', dir, '--out', out]);
    expect(r.code).toBe(1);
    expect(errors(r.stderr)).toEqual([
      `error: ${dir}: sb.o.point-query.range100.pk1.dop40.gz: not gzip data, though its name says so (incorrect header check). Copy the file again from where the benchmark ran, or remove it from the input.`,
    ]);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a corrupt benchsite-meta.json: one line naming it', () => {
    const dir = join(tmp, 'meta', 'x.pg1023_o2nofp.x10a_c32r128.pk1');
    cpSync(FIXTURES + MYTOOLS_FEB25, dir, { recursive: true });
    writeFileSync(join(dir, 'benchsite-meta.json'), '{"host": {"name": "pn53"');
    const r = benchsite(['harvest', join(tmp, 'meta'), '--out', out]);
    expect(r.code).toBe(1);
    expect(errors(r.stderr)).toHaveLength(1);
    expect(errors(r.stderr)[0]).toMatch(
      new RegExp(
        `^error: ${join(tmp, 'meta')}: x\\.pg1023_o2nofp\\.x10a_c32r128\\.pk1/benchsite-meta\\.json: not valid JSON \\(.*\\)\\. benchsite run writes it`,
      ),
    );
  });
});

describe('a misspelt option', () => {
  it('is named, with the option of that command it most likely meant, in one line', () => {
    const r = benchsite(['harvest', 'results', '--meat', 'vm.yaml']);
    expect(r.code).toBe(2);
    // Node's own message went on about positional arguments starting with '-', with an unbalanced quote.
    expect(r.stderr.split('\n')[0]).toBe('benchsite harvest: unknown option --meat: did you mean --meta?');
    const v = benchsite(['validate', '--xyz']);
    expect(v.code).toBe(2);
    expect(v.stderr.split('\n')[0]).toBe('benchsite validate: unknown option --xyz');
  });

  it('of npm run build stops it before it builds: astro build ignored it and built into dist/', () => {
    const out = mkdtempSync(join(tmpdir(), 'benchsite-build-opt-'));
    const r = spawnSync(process.execPath, ['bin/build.js', '--outdir', join(out, 'site')], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n')[0]).toMatch(/^build: unknown option --outdir: did you mean --outDir\? /);
    expect(r.stdout).toBe('');
    expect(existsSync(join(out, 'site'))).toBe(false);
  });
});

// `benchsite diff` in a real git repository: a commit adds a run; the Markdown compares it with the latest
// comparable run of the base commit, with the numbers of the raw files.
import { describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchsite } from '../helpers/cli.ts';
import { ROOT } from '../helpers/build-site.ts';
import { archiveText } from '../helpers/fixtures.ts';

const qps = (label: string, test: string) =>
  Number(
    /queries:\s+\d+\s+\(([\d.]+) per sec\.\)/.exec(
      archiveText('realruns/sysbench.tar.gz', `sysbench/${label}/sb.o.${test}.pk1.dop1`),
    )![1],
  );

describe('benchsite diff', () => {
  it('describes the runs a commit adds against the latest comparable run, and lists invalid ones', () => {
    const repo = mkdtempSync(join(tmpdir(), 'benchsite-diff-'));
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
        cwd: repo,
        stdio: 'pipe',
      });
    git('init', '-q');
    const src = `${ROOT}content/runs/sysbench/vm`;
    mkdirSync(join(repo, 'content/runs/sysbench/vm'), { recursive: true });
    cpSync(`${src}/20261122-x.pg1518.cy1.pk1`, join(repo, 'content/runs/sysbench/vm/20261122-x.pg1518.cy1.pk1'), {
      recursive: true,
    });
    git('add', '.');
    git('commit', '-qm', 'base');
    cpSync(`${src}/20261122-x.pg1518.cy2.pk1`, join(repo, 'content/runs/sysbench/vm/20261122-x.pg1518.cy2.pk1'), {
      recursive: true,
    });
    mkdirSync(join(repo, 'content/runs/sysbench/vm/20261122-broken'), { recursive: true });
    writeFileSync(join(repo, 'content/runs/sysbench/vm/20261122-broken/run.json'), '{"schemaVersion": 1,}');
    git('add', '.');
    git('commit', '-qm', 'add runs');

    const r = benchsite(['diff', 'HEAD~1', 'HEAD'], { cwd: repo });
    expect(r.code).toBe(1); // one run does not validate
    expect(r.stdout).toContain('## benchsite: 2 runs added or changed');
    expect(r.stdout).toContain('content/runs/sysbench/vm/20261122-broken/run.json: line 1:21: JSON syntax error');
    expect(r.stdout).toContain('### New run `sysbench/vm/20261122-x.pg1518.cy2.pk1`');
    expect(r.stdout).toContain(
      'Compared with `sysbench/vm/20261122-x.pg1518.cy1.pk1` (latest run of the same product on this host (another config))',
    );
    const rel = (
      qps('x.pg1518.cy2.pk1', 'update-nonindex.range100') / qps('x.pg1518.cy1.pk1', 'update-nonindex.range100')
    ).toFixed(2);
    expect(r.stdout).toMatch(new RegExp(`\\| update-nonindex \\| qps \\| \\d+ \\| \\d+ \\| ${rel} ▲ \\| \\+\\d+ \\|`));
    expect(r.stdout).toMatch(/Median change [+\u2212]?\d+ basis points over 17 tests\./);
  });

  it('in the working tree of a pull request, a run.json that is a link is refused, never read into the comment', () => {
    const repo = mkdtempSync(join(tmpdir(), 'benchsite-diff-link-'));
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
        cwd: repo,
        stdio: 'pipe',
      });
    git('init', '-q');
    mkdirSync(join(repo, 'content/runs'), { recursive: true });
    writeFileSync(join(repo, 'content/runs/.keep'), '');
    git('add', '.');
    git('commit', '-qm', 'base');
    mkdirSync(join(repo, 'content/runs/sysbench/vm/20261122-x'), { recursive: true });
    symlinkSync('/etc/passwd', join(repo, 'content/runs/sysbench/vm/20261122-x/run.json'));
    git('add', '.');
    const r = benchsite(['diff', 'HEAD'], { cwd: repo });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('content/runs/sysbench/vm/20261122-x/run.json: (file): is a symbolic link');
    expect(r.stdout).not.toMatch(/root:x:0:0/);
  });
});

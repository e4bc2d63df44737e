// The scripts of scripts/ci behind collect.yml (the benchmark runners): the hosts matrix, the runner's job guard
// and the merge of every host's runs, each run for real.
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build-site.ts';
import { script, tempDirs } from '../helpers/ci-scripts.ts';

const tmp = tempDirs();

describe('scripts/ci of collect.yml', () => {
  it('hosts-matrix.ts: one matrix entry per host of the hosts file, or the ones asked for; mistakes in one line', () => {
    const dir = tmp('hosts');
    const r = script(ROOT, 'hosts-matrix.ts', ['.github/benchmark-hosts.json']);
    expect(r.stderr).toBe('');
    const all = JSON.parse(r.stdout).include as Array<{ name: string; group: string; runsOn: string[]; spec: string }>;
    expect(all.length).toBeGreaterThan(0);
    for (const h of all) expect(h.group).toBe('benchsite-collect');
    for (const h of all) expect(existsSync(join(ROOT, h.spec)), h.spec).toBe(true);
    const one = JSON.parse(script(ROOT, 'hosts-matrix.ts', ['.github/benchmark-hosts.json', all[0]!.name]).stdout);
    expect(one.include).toEqual([all[0]]);
    const unknown = script(ROOT, 'hosts-matrix.ts', ['.github/benchmark-hosts.json', 'nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^hosts-matrix: no host "nope" in .github\/benchmark-hosts.json \(it has .+\)\n$/);
    writeFileSync(
      join(dir, 'h.json'),
      JSON.stringify({ runnerGroup: 'g', hosts: [{ name: 'a', runsOn: [], spec: '../x.yaml' }] }),
    );
    const bad = script(dir, 'hosts-matrix.ts', ['h.json']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(
      'hosts-matrix: h.json: hosts[0].runsOn: expected the runner\'s labels, e.g. ["self-hosted", "a"]\n',
    );
    writeFileSync(join(dir, 'n.json'), JSON.stringify({ hosts: [{ name: 'a', runsOn: ['x'], spec: 'x.yaml' }] }));
    expect(script(dir, 'hosts-matrix.ts', ['n.json']).stderr).toBe(
      'hosts-matrix: n.json: runnerGroup: expected the name of the runner group that admits only collect.yml (docs/publishing.md, "The benchmark runners")\n',
    );
  });
  it('runner-job-guard.sh: a benchmark runner takes collect.yml of its repository from the default branch, started by hand or schedule, and nothing else', () => {
    const settings = { BENCHSITE_RUNNER_REPOSITORY: 'o/r' };
    const job = {
      GITHUB_REPOSITORY: 'o/r',
      GITHUB_WORKFLOW_REF: 'o/r/.github/workflows/collect.yml@refs/heads/main',
      GITHUB_REF: 'refs/heads/main',
      GITHUB_EVENT_NAME: 'workflow_dispatch',
    };
    const guard = (env: Record<string, string>) => script(ROOT, 'runner-job-guard.sh', [], { ...settings, ...env });
    expect(guard(job)).toMatchObject({ code: 0, stderr: '' });
    expect(guard({ ...job, GITHUB_EVENT_NAME: 'schedule' }).code).toBe(0);
    // A fork's pull request naming this runner in its own pr.yml, or a changed collect.yml, or another branch.
    for (const [change, why] of [
      [
        {
          GITHUB_WORKFLOW_REF: 'o/r/.github/workflows/pr.yml@refs/pull/7/merge',
          GITHUB_EVENT_NAME: 'pull_request',
          GITHUB_REF: 'refs/pull/7/merge',
        },
        'workflow "o/r/.github/workflows/pr.yml@refs/pull/7/merge"',
      ],
      [
        { GITHUB_WORKFLOW_REF: 'o/r/.github/workflows/collect.yml@refs/pull/7/merge', GITHUB_REF: 'refs/pull/7/merge' },
        'workflow "o/r/.github/workflows/collect.yml@refs/pull/7/merge"',
      ],
      [
        { GITHUB_WORKFLOW_REF: 'o/r/.github/workflows/collect.yml@refs/heads/dev', GITHUB_REF: 'refs/heads/dev' },
        'workflow "o/r/.github/workflows/collect.yml@refs/heads/dev"',
      ],
      [{ GITHUB_EVENT_NAME: 'pull_request_target' }, 'event "pull_request_target"'],
      [{ GITHUB_EVENT_NAME: 'workflow_run' }, 'event "workflow_run"'],
      [{ GITHUB_REPOSITORY: 'fork/r' }, 'a job of repository "fork/r"'],
    ] as const) {
      const r = guard({ ...job, ...change });
      expect(r.code, why).toBe(1);
      expect(r.stderr).toBe(
        `runner-job-guard: refused: ${why} (this runner takes only o/r/.github/workflows/collect.yml from refs/heads/main, started by workflow_dispatch or schedule)\n`,
      );
    }
    expect(script(ROOT, 'runner-job-guard.sh', [], job)).toMatchObject({
      code: 1,
      stderr: "runner-job-guard: set BENCHSITE_RUNNER_REPOSITORY=<owner>/<repository> in the runner's .env\n",
    });
  });
  it('merge-runs.ts: the runs of every host into content/runs, the same run twice kept once, a different one refused', () => {
    const dir = tmp('merge');
    const target = join(dir, 'content/runs');
    mkdirSync(target, { recursive: true });
    const artifact = (name: string, ids: string[]) => {
      for (const id of ids) cpSync(`${ROOT}content/runs/${id}`, join(dir, name, id), { recursive: true });
      return join(dir, name);
    };
    const a = artifact('runs-a', ['sysbench/vm/20261122-x.pg1518.cy1.pk1']);
    const b = artifact('runs-b', [
      'insert-benchmark/vm/20261122-0.2m.pg1518.ccy1',
      'sysbench/vm/20261122-x.pg1518.cy1.pk1',
    ]);
    const r = script(dir, 'merge-runs.ts', [target, a, b]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`2 runs added to ${target}, 1 already there\n`);
    expect(readFileSync(join(target, 'insert-benchmark/vm/20261122-0.2m.pg1518.ccy1/run.json'))).toEqual(
      readFileSync(`${ROOT}content/runs/insert-benchmark/vm/20261122-0.2m.pg1518.ccy1/run.json`),
    );
    writeFileSync(join(b, 'sysbench/vm/20261122-x.pg1518.cy1.pk1/run.json'), '{}');
    const clash = script(dir, 'merge-runs.ts', [target, b]);
    expect(clash.code).toBe(1);
    expect(clash.stderr).toBe(
      `merge-runs: ${target}/sysbench/vm/20261122-x.pg1518.cy1.pk1: already exists with other files; a run is never overwritten (rename or remove one)\n`,
    );
  });
});

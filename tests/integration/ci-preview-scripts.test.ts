// The scripts of scripts/ci behind pull-request previews (preview.yml, preview-remove.yml), each run for real on
// temporary git repositories: a bare "origin" with GitHub's pull-request refs made by hand.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build-site.ts';
import { git, script, tempDirs } from '../helpers/ci-scripts.ts';
import { benchsite } from '../helpers/cli.ts';
import { crawlSite } from '../helpers/crawl-site.ts';

const tmp = tempDirs();

describe('scripts/ci of the previews', () => {
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
});

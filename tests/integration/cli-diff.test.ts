// `benchsite diff` in a real git repository: a commit adds a run; the Markdown compares it with the latest
// comparable run of the base commit, with the numbers of the raw files.
import { describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { markdownToHtml } from 'satteri';
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
    expect(r.stdout).toContain('## benchsite: 1 run added');
    expect(r.stdout).toContain('**1 file does not validate**');
    expect(r.stdout).toContain('content/runs/sysbench/vm/20261122-broken/run.json: line 1:21: JSON syntax error');
    expect(r.stdout).toContain('### New run `sysbench/vm/20261122-x.pg1518.cy2.pk1`');
    expect(r.stdout).toContain(
      'Compared with `sysbench/vm/20261122-x.pg1518.cy1.pk1` (latest run of the same product on this host (another config))',
    );
    const rel = (
      qps('x.pg1518.cy2.pk1', 'update-nonindex.range100') / qps('x.pg1518.cy1.pk1', 'update-nonindex.range100')
    ).toFixed(2);
    expect(r.stdout).toMatch(
      new RegExp(`\\| \`update-nonindex\` \\| \`qps\` \\| \\d+ \\| \\d+ \\| ${rel} ▲ \\| \\+\\d+ \\|`),
    );
    // The tests beyond the thresholds come first, regressions before improvements.
    const summary = r.stdout.slice(0, r.stdout.indexOf('### New run'));
    expect(summary).toMatch(/\*\*▼ \d+ regressions?, ▲ \d+ improvements?\*\*/);
    expect(summary.indexOf(' ▼ |')).toBeLessThan(summary.indexOf(' ▲ |'));
    expect(summary).toContain(`| \`update-nonindex\` | \`qps\` |`);
    // One median per group of tests, reads apart from writes (the engine's summaries).
    expect(r.stdout).toMatch(
      /Median change in basis points: point queries [+\u2212]?\d+ over \d+ tests?; .*; writes [+\u2212]?\d+ over \d+ tests?\./,
    );
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

  it('in the working tree: untracked runs count, a run with no predecessor shows its numbers, reports affected are named, removed runs listed, and every string from a run stays text', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'benchsite-diff-tree-'));
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
        cwd: repo,
        stdio: 'pipe',
      });
    git('init', '-q');
    const src = `${ROOT}content/runs/sysbench/vm`;
    const runs = join(repo, 'content/runs/sysbench/vm');
    for (const id of ['20261122-x.pg1518.cy1.pk1', '20261122-x.ma101119.cy1.pk1'])
      cpSync(`${src}/${id}/run.json`, join(runs, id, 'run.json'), { recursive: true });
    mkdirSync(join(repo, 'content/reports'));
    cpSync(
      `${ROOT}content/reports/2026-11-22-postgres-mariadb-sysbench-small-vm.md`,
      join(repo, 'content/reports/2026-11-22-postgres-mariadb-sysbench-small-vm.md'),
    );
    git('add', '.');
    git('commit', '-qm', 'base');

    // Not committed, not even added: a run with a hostile label, config and test name...
    const hostile = '@someone [x](https://evil.example/) <img src=x onerror=alert(1)> www.evil.example #1 `tick`|pipe';
    const run = JSON.parse(readFileSync(`${src}/20261122-x.pg1518.cy2.pk1/run.json`, 'utf8'));
    run.label = hostile;
    run.config.name = `${hostile} config`;
    const renamed = run.tests.find((t: { name: string }) => t.name === 'point-query').name;
    const evilTest = `${hostile} test`;
    for (const t of run.tests) if (t.name === renamed) t.name = evilTest;
    for (const v of run.results) if (v.test === renamed) v.test = evilTest;
    const hostileId = `sysbench/vm/20261122-${hostile.replace(/[^A-Za-z0-9._=+-]/g, '_')}`;
    mkdirSync(join(repo, 'content/runs', hostileId), { recursive: true });
    writeFileSync(join(repo, 'content/runs', hostileId, 'run.json'), JSON.stringify(run, null, 2));
    // ... a run on a host with no earlier run ...
    const alone = JSON.parse(readFileSync(`${src}/20261122-x.ma101119.cy2.pk1/run.json`, 'utf8'));
    alone.host.name = 'newhost';
    const aloneId = 'sysbench/newhost/20261122-x.ma101119.cy2.pk1';
    mkdirSync(join(repo, 'content/runs', aloneId), { recursive: true });
    writeFileSync(join(repo, 'content/runs', aloneId, 'run.json'), JSON.stringify(alone, null, 2));
    // ... and a run removed, which the report names.
    rmSync(join(runs, '20261122-x.ma101119.cy1.pk1'), { recursive: true });

    const site = 'https://me.github.io/results/pr-7/';
    const r = benchsite(['diff', 'HEAD', '--site', site], { cwd: repo });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const md = r.stdout;
    expect(md).toContain('## benchsite: 2 runs added, 1 run removed');
    // The run alone shows its headline numbers.
    const aloneQps = alone.results.find(
      (v: { test: string; metric: string }) => v.test === 'point-query' && v.metric === 'qps',
    ).value;
    expect(md).toContain(`### New run [\`${aloneId}\`](${site}runs/${aloneId}/)`);
    expect(md).toContain('No earlier run to compare with (no earlier run of this benchmark, host and product)');
    expect(md).toContain(`| \`point-query\` | \`qps\` | ${Math.round(aloneQps)} |`);
    // The hostile run is compared with the latest Postgres run, its test under its own name.
    expect(md).toContain('Compared with [`sysbench/vm/20261122-x.pg1518.cy1.pk1`]');
    // The report naming the removed run is named, linked into the preview.
    expect(md).toContain(
      `[\`Postgres 15 and MariaDB 10.11 vs sysbench on a 2-vCPU VM, two durability configs each\`](${site}reports/2026-11-22-postgres-mariadb-sysbench-small-vm/)`,
    );
    expect(md).toContain('1 run of its tables changed: `sysbench/vm/20261122-x.ma101119.cy1.pk1`');
    expect(md).toContain('**Removed runs** (1):');

    // Rendered as GitHub renders Markdown (GFM: tables, autolinks, raw HTML), nothing from the run is markup:
    // every link is one of ours into the preview, no image, and the hostile strings are code, shown whole.
    const { html } = markdownToHtml(md, { features: { gfm: true } });
    expect(html).not.toMatch(/<img|<script|<[^>]*\son\w+=/i);
    const hrefs = [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!);
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.filter((h) => !h.startsWith(site))).toEqual([]);
    const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
    expect(html).toContain(`<code>${esc(`${hostile} config`)}</code>`);
    expect(html).toContain(`<code>${esc(evilTest)}</code>`);
    // Outside code spans no mention, reference or address from the run is left for GitHub to link.
    const text = html.replace(/<code>[\s\S]*?<\/code>/g, '').replace(/<[^>]+>/g, '');
    expect(text).not.toMatch(/@someone|evil\.example|#1\b/);
  });

  it('cuts a long comment under the size limit with "and N more", and lists a problem repeated on every result once with its count', () => {
    const repo = mkdtempSync(join(tmpdir(), 'benchsite-diff-long-'));
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
    const run = JSON.parse(readFileSync(`${ROOT}content/runs/sysbench/vm/20261122-x.pg1518.cy1.pk1/run.json`, 'utf8'));
    for (let i = 0; i < 60; i++) {
      const host = `h${i}`;
      const dir = join(repo, 'content/runs/sysbench', host, '20261122-x.pg1518.cy1.pk1');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'run.json'), JSON.stringify({ ...run, host: { ...run.host, name: host } }));
    }
    const bad = join(repo, 'content/runs/sysbench/bad/20261122-x.pg1518.cy1.pk1');
    mkdirSync(bad, { recursive: true });
    writeFileSync(
      join(bad, 'run.json'),
      JSON.stringify({
        ...run,
        host: { ...run.host, name: 'bad' },
        results: run.results.map((v: object) => ({ ...v, value: 'fast' })),
      }),
    );
    const r = benchsite(['diff', 'HEAD', '--max-chars', '20000'], { cwd: repo });
    expect(r.code).toBe(1);
    expect(r.stdout.length).toBeLessThanOrEqual(20000);
    expect(r.stdout).toContain('## benchsite: 60 runs added');
    const shown = r.stdout.match(/^### New run /gm)!.length;
    expect(shown).toBeGreaterThan(3);
    expect(r.stdout).toContain(
      `… and ${60 - shown} more runs not shown here (GitHub limits a comment's size; \`npx benchsite diff <base-ref> --max-chars 0\` prints them all).`,
    );
    // The command the note names does print them all.
    const all = benchsite(['diff', 'HEAD', '--max-chars', '0'], { cwd: repo });
    expect(all.code).toBe(1);
    expect(all.stdout.match(/^### New run /gm)).toHaveLength(60);
    expect(all.stdout).not.toContain('not shown here');
    expect(all.stdout).not.toContain('cut here');
    const small = benchsite(['diff', 'HEAD', '--max-chars', '500'], { cwd: repo });
    expect(small.code).toBe(2);
    expect(small.stderr.split('\n')[0]).toBe(
      'benchsite diff: --max-chars must be a whole number ≥ 1000, or 0 for no limit',
    );
    const problems = r.stdout.split('\n').filter((l) => l.includes('sysbench/bad/'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`results\\[\\*\\]\\.value: .*\\(${run.results.length} places\\)$`));
  });
});

describe('benchsite diff: runs imported from a post relative table', () => {
  const git = (repo: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
      cwd: repo,
      stdio: 'pipe',
    });
  const ser7 = `${ROOT}content/runs/sysbench/ser7`;
  const json = (id: string) => JSON.parse(readFileSync(`${ser7}/${id}/run.json`, 'utf8'));

  it("a published relative run is read against its post's base with the post's values, never an empty table; a run with numbers never takes a base without", () => {
    const repo = mkdtempSync(join(tmpdir(), 'benchsite-diff-published-'));
    git(repo, 'init', '-q');
    const runs = join(repo, 'content/runs/sysbench/ser7');
    // The base of the post (no numbers of its own) and one of its runs are there before.
    for (const id of ['20260609-pg1710', '20260609-pg184'])
      cpSync(`${ser7}/${id}/run.json`, join(runs, id, 'run.json'), { recursive: true });
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'base');
    // The change adds the post's other run, and a run with numbers of the same product on the same host.
    cpSync(`${ser7}/20260609-pg19b1/run.json`, join(runs, '20260609-pg19b1', 'run.json'), { recursive: true });
    const measured = JSON.parse(
      readFileSync(`${ROOT}content/runs/sysbench/vm/20261122-x.pg1518.cy1.pk1/run.json`, 'utf8'),
    );
    measured.host.name = 'ser7';
    // The workload of the post's runs: only its numbers tell it apart from them.
    measured.workload = json('20260609-pg1710').workload;
    mkdirSync(join(runs, '20261122-x.pg1518.cy1.pk1'), { recursive: true });
    writeFileSync(join(runs, '20261122-x.pg1518.cy1.pk1', 'run.json'), JSON.stringify(measured));
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'add');

    const r = benchsite(['diff', 'HEAD~1', 'HEAD', '--max-chars', '0'], { cwd: repo });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const md = r.stdout;
    const section = (id: string) => {
      const from = md.indexOf(`### New run \`sysbench/ser7/${id}\``);
      const to = md.indexOf('### ', from + 4);
      return md.slice(from, to === -1 ? undefined : to);
    };
    const published = section('20260609-pg19b1');
    expect(published).toContain(
      "Compared with `sysbench/ser7/20260609-pg1710` (the base of the post's relative table: values as the post printed them)",
    );
    // Every value of the post's table, as the post printed it (two decimals), marked †.
    const table = json('20260609-pg19b1').relative[0];
    expect(table.baseRun).toBe('sysbench/ser7/20260609-pg1710');
    for (const v of table.values as Array<{ test: string; value: number }>)
      expect(published).toMatch(
        new RegExp(`\\| \`${v.test}\` \\| \`relative \\(published\\)\` \\|  \\|  \\| ${v.value.toFixed(2)}† `),
      );
    // The run with numbers is not read against the post's base (it has none): it shows its own numbers.
    const own = section('20261122-x.pg1518.cy1.pk1');
    expect(own).toContain('No earlier run to compare with (no earlier run of this benchmark, host and product with');
    expect(own).toMatch(/\| `point-query` \| `qps` \| \d+ \|/);
  });
});

// A site built under a sub-path (a PR preview under /pr-7/, a project site under /<repository>/) keeps every
// link, CSV, JSON, chart, raw archive and the compare view's fetch under that path: the built dist/ is crawled
// link by link, and the compare view is opened in Chromium from a server that has nothing outside the path.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { ROOT } from '../helpers/build-site.ts';
import { benchsite } from '../helpers/cli.ts';
import { crawlSite, type Crawl } from '../helpers/crawl-site.ts';
import { serveDir } from '../helpers/static-server.ts';

const run = promisify(execFile);

// The smallest content that has every kind of page: runs of the three benchmarks (sysbench, Insert Benchmark
// with its steps page, HammerDB), published-relative runs (their tables link their base run), a report of each
// benchmark with CSV downloads, history pages, and the compare view with its data.
const RUN_DIRS = [
  'sysbench/vm',
  'sysbench/ser7',
  'insert-benchmark/vm',
  'hammerdb-tprocc/vm',
  'hammerdb-tprocc/pn53/20260316-pg182.cx10b_c8r32',
  'hammerdb-tprocc/pn53/20260316-ma1186.cz12b_c8r32',
  'hammerdb-tprocc/pn53/20260316-my8408.cz12a_c8r32',
];
const REPORTS = [
  '2026-03-16-hammerdb-tproc-c-cpu-efficiency-small-server.md',
  '2026-11-22-postgres-mariadb-insert-benchmark-small-vm.md',
  '2026-11-22-postgres-mariadb-sysbench-small-vm.md',
];

let tmp: string;
let content: string;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'benchsite-base-'));
  content = join(tmp, 'content');
  for (const d of RUN_DIRS) await cp(join(ROOT, 'content/runs', d), join(content, 'runs', d), { recursive: true });
  await mkdir(join(content, 'reports'));
  for (const r of REPORTS) {
    await cp(join(ROOT, 'content/reports', r), join(content, 'reports', r));
    // The files a report attaches (content/attachments/<slug>/), linked from its page.
    const attached = join(ROOT, 'content/attachments', r.replace(/\.md$/, ''));
    if (existsSync(attached))
      await cp(attached, join(content, 'attachments', r.replace(/\.md$/, '')), { recursive: true });
  }
  // Prose that links the site's pages from its root: under a base, these move under it.
  await appendFile(
    join(content, 'reports', REPORTS[2]!),
    '\nSee [the base run](/runs/sysbench/vm/20261122-x.pg1518.cy1.pk1/), [the compare view](/compare/) and ' +
      '[the schema](/schema/run.schema.json).\n',
  );
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

async function build(outDir: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  // vitest sets Vite's BASE_URL (and MODE, DEV, PROD, SSR) in process.env; a child Astro build would take the
  // inherited BASE_URL over --base, which no shell that runs `npm run build` has.
  const { BASE_URL: _b, MODE: _m, DEV: _d, PROD: _p, SSR: _s, ...inherited } = process.env;
  await run(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', outDir, ...args], {
    cwd: ROOT,
    env: { ...inherited, BENCHSITE_CONTENT: content, ...env },
    maxBuffer: 1 << 26,
  });
}

function expectNoBrokenLink(crawl: Crawl): void {
  expect(crawl.broken.slice(0, 20)).toEqual([]);
  // Every kind of file the site links is reached through the base.
  const targets = [...crawl.targets.keys()];
  for (const kind of [
    /^index\.html$/,
    /^compare\/index\.html$/,
    /^reports\/[^/]+\/index\.html$/,
    /^reports\/[^/]+\/steps\/index\.html$/,
    /^reports\/[^/]+\/[^/]+\.csv$/,
    /^runs\/sysbench\/[^/]+\/[^/]+\/index\.html$/,
    /^runs\/insert-benchmark\/[^/]+\/[^/]+\/index\.html$/,
    /^runs\/hammerdb-tprocc\/[^/]+\/[^/]+\/index\.html$/,
    /^runs\/[^/]+\/[^/]+\/[^/]+\/results\.csv$/,
    /^runs\/[^/]+\/[^/]+\/[^/]+\/raw\.tar\.gz$/,
    /^history\/[^/]+\/[^/]+\/[^/]+\/index\.html$/,
    /^hosts\/[^/]+\/[^/]+\/index\.html$/,
    /^data\/runs\/index\.json$/,
  ])
    expect(
      targets.some((t) => kind.test(t)),
      `a link to ${kind}`,
    ).toBe(true);
}

describe('a site built under a sub-path', () => {
  it('`--base /pr-7/`: every link of every page stays under /pr-7/ and names a file of dist/', async () => {
    const out = join(tmp, 'pr-7');
    await build(out, ['--base', '/pr-7/']);
    const crawl = await crawlSite(out, '/pr-7/');
    expect(crawl.pages).toBeGreaterThan(30);
    expect(crawl.targets.get('schema/run.schema.json')).toEqual([
      '/pr-7/reports/2026-11-22-postgres-mariadb-sysbench-small-vm/',
    ]);
    expectNoBrokenLink(crawl);
    // Words that Astro's dropped newlines once ran together, and a parameter that was shown as JSON.
    const text = (f: string) => readFile(join(out, f), 'utf8');
    expect(await text('index.html')).toMatch(/on each host<\/a> <span class="small muted">\(\d+ histories/);
    expect(await text('reports/2026-11-22-postgres-mariadb-insert-benchmark-small-vm/index.html')).toMatch(
      /Throughput relative to [^ <]+ \(the first row\)/,
    );
    expect(await text('compare/index.html')).toContain('<a href="/pr-7/data/runs/index.json">');
    expect(await text('runs/sysbench/vm/20261122-x.pg1518.cy1.pk1/index.html')).toContain(
      'seconds read 10, write 10, insert 10 ·',
    );
    // Every run page is linked from somewhere (the index lists them).
    for (const d of await readdir(join(out, 'runs/sysbench/ser7')))
      expect(crawl.targets.has(`runs/sysbench/ser7/${d}/index.html`)).toBe(true);

    // The compare view, served with nothing outside /pr-7/: its data is fetched under the base and its
    // table links run pages under it.
    const root = join(tmp, 'served');
    await mkdir(root);
    await symlink(out, join(root, 'pr-7'));
    const server = await serveDir(root);
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const failed: string[] = [];
      page.on('response', (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
      });
      const base = 'sysbench/vm/20261122-x.pg1518.cy1.pk1';
      const other = 'sysbench/vm/20261122-x.ma101119.cy1.pk1';
      await page.goto(`${server.url}/pr-7/compare/?benchmark=sysbench&base=${base}&runs=${other}`);
      await page.waitForSelector('body[data-compare-ready="true"]');
      const hrefs = await page.$$eval('#result a, #runs a', (as) => as.map((a) => a.getAttribute('href')));
      expect(hrefs).toContain(`/pr-7/runs/${other}/`);
      // Besides run pages: the view's permalink (under the base too) and its CSV, made in the page (a blob: URL).
      expect(hrefs.filter((h) => !h?.startsWith('/pr-7/runs/') && !h?.startsWith('blob:'))).toEqual([
        `/pr-7/compare/?benchmark=sysbench&base=${base}&runs=${other}`,
      ]);
      expect(await page.locator('#result td.num').count()).toBeGreaterThan(0);
      expect(failed).toEqual([]);

      // The index's search loads the run index under the base and links run pages under it.
      await page.goto(`${server.url}/pr-7/`);
      await page.fill('#find input[name=q]', 'pg1518');
      await page.selectOption('#find select[name=benchmark]', 'sysbench');
      await page.waitForSelector('body[data-find-ready="true"]');
      const found = await page.$$eval('#found a', (as) => as.map((a) => a.getAttribute('href')));
      expect(found.sort()).toEqual([
        '/pr-7/runs/sysbench/vm/20261122-x.pg1518.cy1.pk1/',
        '/pr-7/runs/sysbench/vm/20261122-x.pg1518.cy2.pk1/',
      ]);
      expect(await page.textContent('#find-status')).toMatch(/^2 of \d+ runs$/);
      expect(failed).toEqual([]);

      // Without JavaScript the index reads as it is: no search form, every host's page and history linked.
      const nojs = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
      await nojs.goto(`${server.url}/pr-7/`);
      expect(await nojs.locator('#find').isVisible()).toBe(false);
      const hostLinks = await nojs.$$eval('table.runs a', (as) => as.map((a) => a.getAttribute('href')));
      expect(hostLinks).toContain('/pr-7/hosts/sysbench/vm/');
      expect(hostLinks).toContain('/pr-7/history/sysbench/vm/postgres/');
    } finally {
      await browser.close();
      await server.close();
    }
  });

  it('a preview build (BENCHSITE_BASE, BENCHSITE_PREVIEW from benchsite diff --json): /preview/ and a banner, every link under the base', async () => {
    // The content as a pull request's working tree: one run not yet committed.
    const added = 'sysbench/vm/20261122-x.pg1518.cy2.pk1';
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
        cwd: tmp,
        stdio: 'pipe',
      });
    git('init', '-q');
    git('add', 'content');
    git('reset', '-q', '--', `content/runs/${added}`);
    git('commit', '-qm', 'base');
    // And a run whose label is markup: text on /preview/ and on its page.
    const label = 'x<img src=x onerror=alert(1)>@someone';
    const hostile = `sysbench/vm/20261122-${label.replace(/[^A-Za-z0-9._=+-]/g, '_')}`;
    await cp(join(content, 'runs/sysbench/vm/20261122-x.ma101119.cy2.pk1'), join(content, 'runs', hostile), {
      recursive: true,
    });
    const runFile = join(content, 'runs', hostile, 'run.json');
    await writeFile(runFile, JSON.stringify({ ...JSON.parse(await readFile(runFile, 'utf8')), label }));
    const diff = benchsite(['diff', 'HEAD', '--json', 'preview.json'], { cwd: tmp });
    expect(diff.stderr).toBe('');
    expect(diff.stdout).toContain(`### New run \`${added}\``);

    const out = join(tmp, 'env');
    await build(out, [], { BENCHSITE_BASE: '/benchmarks/pr-12', BENCHSITE_PREVIEW: join(tmp, 'preview.json') });
    const crawl = await crawlSite(out, '/benchmarks/pr-12/');
    expectNoBrokenLink(crawl);
    const preview = await readFile(join(out, 'preview/index.html'), 'utf8');
    expect(preview).toContain(`<a href="/benchmarks/pr-12/runs/${added}/">x.pg1518.cy2.pk1</a>`);
    expect(preview).toContain('Compared with <a href="/benchmarks/pr-12/runs/sysbench/vm/20261122-x.pg1518.cy1.pk1/">');
    expect(preview).toContain('href="/benchmarks/pr-12/reports/2026-11-22-postgres-mariadb-sysbench-small-vm/"');
    expect(preview).toContain(
      `<a href="/benchmarks/pr-12/runs/${hostile}/">x&lt;img src=x onerror=alert(1)&gt;@someone</a>`,
    );
    expect(preview).not.toContain('<img');
    // The banner is on Astro's pages and on the run pages rendered outside Astro.
    for (const page of ['index.html', `runs/${added}/index.html`])
      expect(await readFile(join(out, page), 'utf8')).toContain(
        'Preview of a pull request, not the published site. <a href="/benchmarks/pr-12/preview/">',
      );
    // A build that is not a preview has neither.
    expect(existsSync(join(tmp, 'pr-7/preview'))).toBe(false);
    expect(await readFile(join(tmp, 'pr-7/index.html'), 'utf8')).not.toContain('Preview of a pull request');
  });
});

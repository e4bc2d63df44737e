import { cp, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fillRunPage,
  renderRunBody,
  type RenderContext,
  type RenderJob,
} from '../../../../../src/site/run-page/render-page.ts';
import { PLACEHOLDER } from '../../../../../src/site/run-page/shell.ts';

const ID = 'sysbench/vm/20261122-x.pg1518.cy1.pk1';
const SOURCE = new URL(`../../../../../content/runs/${ID}/`, import.meta.url);
const SHELL = `<title>${PLACEHOLDER.title}</title><meta content="${PLACEHOLDER.description}"><main>${PLACEHOLDER.body}</main>`;

let tmp: string;
let ctx: RenderContext;
beforeEach(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'benchsite-render-'));
  await cp(SOURCE, join(tmp, 'runs', ID), { recursive: true });
  ctx = {
    runsDir: join(tmp, 'runs'),
    outDir: join(tmp, 'dist'),
    cacheDir: join(tmp, 'cache'),
    base: '/',
    salt: 'salt-1',
    annotations: [],
    lastShell: 'shell-1',
  };
  await mkdir(ctx.cacheDir);
});
afterEach(() => rm(tmp, { recursive: true, force: true }));

const page = () => readFile(join(ctx.outDir, 'runs', ID, 'index.html'), 'utf8');

/** A run's body rendered (renderRunBody), then its page made in the shell and linked (fillRunPage). */
async function renderRunPage(job: RenderJob, c: RenderContext) {
  const r = await renderRunBody(job, c);
  if (r.problems) return r;
  const f = fillRunPage(r, c, { text: SHELL, key: 'shell-1' });
  if ('missing' in f) throw new Error(`${r.id}: no page`);
  return { ...r, key: f.key };
}

describe('renderRunBody and fillRunPage', () => {
  it('writes the page (shell filled with the run) and its CSV into the site', async () => {
    const r = await renderRunPage({ id: ID }, ctx);
    expect(r).toMatchObject({ id: ID, rendered: true });
    const html = await page();
    expect(html).toMatch(
      /^<title>x\.pg1518\.cy1\.pk1<\/title><meta content="sysbench run x\.pg1518\.cy1\.pk1 on vm"><main><p class="small muted">sysbench/,
    );
    expect(html).toContain('<h2 id="tests">Tests<a class="anchor" href="#tests"');
    const csv = await readFile(join(ctx.outDir, 'runs', ID, 'results.csv'), 'utf8');
    expect(csv.split('\n')[0]).toBe('run,benchmark,host,product,version,build,config,test,metric,value,unit,source');
    expect(csv).toContain(`${ID},sysbench,vm,postgres,`);
  });

  it('takes an unchanged run from the cache, and renders again when the run, its series or the salt change', async () => {
    const first = await renderRunPage({ id: ID }, ctx);
    await rm(ctx.outDir, { recursive: true });
    const again = await renderRunPage({ id: ID }, ctx);
    expect(again).toEqual({ ...first, rendered: false });
    expect(await page()).toContain('<h2 id="tests">Tests<a class="anchor" href="#tests"');

    const runFile = join(ctx.runsDir, ID, 'run.json');
    const run = JSON.parse(await readFile(runFile, 'utf8'));
    await writeFile(runFile, JSON.stringify({ ...run, notes: 'rerun after a config fix' }));
    const edited = await renderRunPage({ id: ID }, ctx);
    expect(edited.rendered).toBe(true);
    expect((edited as { key: string }).key).not.toBe((first as { key: string }).key);
    expect(await page()).toContain('<p>rerun after a config fix</p>');

    // The same series, written differently: other bytes, so the page is drawn again.
    const seriesFile = join(ctx.runsDir, ID, 'series.json');
    await writeFile(seriesFile, JSON.stringify(JSON.parse(await readFile(seriesFile, 'utf8'))));
    expect((await renderRunPage({ id: ID }, ctx)).rendered).toBe(true);
    expect((await renderRunPage({ id: ID }, { ...ctx, salt: 'salt-2' })).rendered).toBe(true);
    // Four pages and their CSVs, and the one archive all of them share.
    expect((await readdir(ctx.cacheDir)).length).toBe(9);
  });

  it('renders again when the reports using the run change, not when they stay the same', async () => {
    const reports = [{ slug: '2026-11-22-a', title: 'A <report>', date: '2026-11-22' }];
    const none = await renderRunPage({ id: ID }, ctx);
    const listed = await renderRunPage({ id: ID, reports }, ctx);
    expect(listed.rendered).toBe(true);
    expect((listed as { key: string }).key).not.toBe((none as { key: string }).key);
    expect(await page()).toContain('<a href="/reports/2026-11-22-a/">A &lt;report&gt;</a>');
    expect(await renderRunPage({ id: ID, reports: [...reports] }, ctx)).toEqual({ ...listed, rendered: false });
    const renamed = await renderRunPage({ id: ID, reports: [{ ...reports[0]!, title: 'B' }] }, ctx);
    expect(renamed.rendered).toBe(true);
    expect(await page()).toContain('<a href="/reports/2026-11-22-a/">B</a>');
  });

  it('links the site file to the cached one instead of copying it', async () => {
    const { key } = (await renderRunPage({ id: ID }, ctx)) as { key: string };
    const [site, cached] = await Promise.all([
      stat(join(ctx.outDir, 'runs', ID, 'index.html')),
      stat(join(ctx.cacheDir, `${key}.html`)),
    ]);
    expect(site.ino).toBe(cached.ino);
  });

  it('publishes a checked copy of raw.tar.gz from the cache: the content file keeps its one name', async () => {
    const r = await renderRunPage({ id: ID }, ctx);
    const content = join(ctx.runsDir, ID, 'raw.tar.gz');
    const site = join(ctx.outDir, 'runs', ID, 'raw.tar.gz');
    expect(await readFile(site)).toEqual(await readFile(content));
    expect((await stat(content)).nlink).toBe(1);
    expect((await stat(site)).ino).toBe((await stat(join(ctx.cacheDir, `${r.archive}.tar.gz`))).ino);
  });

  it('renders runs that share an archive at once: one cached copy, linked beside every page', async () => {
    const run = JSON.parse(await readFile(join(ctx.runsDir, ID, 'run.json'), 'utf8'));
    const ids = Array.from({ length: 24 }, (_, i) => `sysbench/vm/20261122-copy${i}`);
    for (const [i, id] of ids.entries()) {
      await cp(join(ctx.runsDir, ID), join(ctx.runsDir, id), { recursive: true });
      await writeFile(join(ctx.runsDir, id, 'run.json'), JSON.stringify({ ...run, label: `copy${i}` }));
    }
    const results = await Promise.all(ids.map((id) => renderRunPage({ id }, ctx)));
    expect(new Set(results.map((r) => r.archive)).size).toBe(1);
    const inode = (await stat(join(ctx.cacheDir, `${results[0]!.archive}.tar.gz`))).ino;
    for (const id of ids) expect((await stat(join(ctx.outDir, 'runs', id, 'raw.tar.gz'))).ino).toBe(inode);
  });

  it('draws the charts from series.json, never from a charts.html beside it', async () => {
    await writeFile(join(ctx.runsDir, ID, 'charts.html'), '<script>alert(1)</script>');
    await renderRunPage({ id: ID }, ctx);
    const html = await page();
    expect(html).toContain('<figure class="chart"><svg');
    expect(html).not.toContain('<script>');
  });

  it('publishes nothing of a run whose series or archive validate refuses, and says why', async () => {
    const seriesFile = join(ctx.runsDir, ID, 'series.json');
    const series = JSON.parse(await readFile(seriesFile, 'utf8'));
    const first = Object.keys(series.tests)[0]!;
    series.tests[first][0].rows[0][0] = '<script>';
    await writeFile(seriesFile, JSON.stringify(series));
    const r = await renderRunPage({ id: ID }, ctx);
    expect(r.problems).toEqual([expect.stringMatching(/series\.json: tests\..+\.rows\[0\]\[0\]: expected number/)]);
    expect(await readdir(ctx.cacheDir)).toEqual([]);

    await cp(SOURCE, join(ctx.runsDir, ID), { recursive: true });
    await writeFile(join(ctx.runsDir, ID, 'raw.tar.gz'), 'not the archive run.json names');
    expect((await renderRunPage({ id: ID }, ctx)).problems).toEqual([
      expect.stringMatching(/raw\.tar\.gz: \(file\): does not match the size or sha256 that run\.json names/),
    ]);
  });
});

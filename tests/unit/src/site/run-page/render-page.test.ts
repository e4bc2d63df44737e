import { cp, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderRunPage, type RenderContext } from '../../../../../src/site/run-page/render-page.ts';
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
    shell: SHELL,
    base: '/',
    salt: 'salt-1',
  };
  await mkdir(ctx.cacheDir);
});
afterEach(() => rm(tmp, { recursive: true, force: true }));

const page = () => readFile(join(ctx.outDir, 'runs', ID, 'index.html'), 'utf8');

describe('renderRunPage', () => {
  it('writes the page (shell filled with the run) and its CSV into the site', async () => {
    const r = await renderRunPage({ id: ID }, ctx);
    expect(r).toMatchObject({ id: ID, rendered: true });
    const html = await page();
    expect(html).toMatch(
      /^<title>x\.pg1518\.cy1\.pk1<\/title><meta content="sysbench run x\.pg1518\.cy1\.pk1 on vm"><main><p class="small muted">sysbench/,
    );
    expect(html).toContain('<h2>Tests</h2>');
    const csv = await readFile(join(ctx.outDir, 'runs', ID, 'results.csv'), 'utf8');
    expect(csv.split('\n')[0]).toBe('run,benchmark,host,product,version,build,config,test,metric,value,unit,source');
    expect(csv).toContain(`${ID},sysbench,vm,postgres,`);
  });

  it('takes an unchanged run from the cache, and renders again when the run, its charts or the salt change', async () => {
    const first = await renderRunPage({ id: ID }, ctx);
    await rm(ctx.outDir, { recursive: true });
    const again = await renderRunPage({ id: ID }, ctx);
    expect(again).toEqual({ ...first, rendered: false });
    expect(await page()).toContain('<h2>Tests</h2>');

    const runFile = join(ctx.runsDir, ID, 'run.json');
    const run = JSON.parse(await readFile(runFile, 'utf8'));
    await writeFile(runFile, JSON.stringify({ ...run, notes: 'rerun after a config fix' }));
    const edited = await renderRunPage({ id: ID }, ctx);
    expect(edited.rendered).toBe(true);
    expect(edited.key).not.toBe(first.key);
    expect(await page()).toContain('<p>rerun after a config fix</p>');

    await writeFile(join(ctx.runsDir, ID, 'charts.html'), 'redrawn');
    expect((await renderRunPage({ id: ID }, ctx)).rendered).toBe(true);
    expect((await renderRunPage({ id: ID }, { ...ctx, salt: 'salt-2' })).rendered).toBe(true);
    expect((await readdir(ctx.cacheDir)).length).toBe(8);
  });

  it('links the site file to the cached one instead of copying it', async () => {
    const { key } = await renderRunPage({ id: ID }, ctx);
    const [site, cached] = await Promise.all([
      stat(join(ctx.outDir, 'runs', ID, 'index.html')),
      stat(join(ctx.cacheDir, `${key}.html`)),
    ]);
    expect(site.ino).toBe(cached.ino);
  });
});

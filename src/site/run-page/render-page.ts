// One run's files on the built site, /runs/<id>/index.html and /runs/<id>/results.csv, through a cache
// keyed by what they are made from: the run.json bytes, its charts, and a salt covering the page shell and
// the site's source. Unchanged runs cost a read, a hash and two hard links, so adding one run to 10,000
// renders one page.
import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Run } from '../../schemas/index.ts';
import { EXPORT_FIELDS, exportRows, toCsv } from '../../analysis/export-rows.ts';
import { runCharts } from '../run-charts.ts';
import { fillShell } from './shell.ts';
import { runPageBody, runPageHead } from './run-body.ts';

export interface RenderContext {
  runsDir: string;
  outDir: string;
  cacheDir: string;
  /** The page shell (shell.ts) with its placeholders. */
  shell: string;
  base: string;
  /** Changes whenever the shell, base or the site's source changes: every page is then rendered again. */
  salt: string;
}

export interface RenderJob {
  id: string;
}

export interface RenderResult {
  id: string;
  key: string;
  rendered: boolean;
}

async function statKey(file: string): Promise<string> {
  try {
    const s = await stat(file);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return '-';
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

async function writeAtomic(file: string, text: string): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  await writeFile(tmp, text);
  await rename(tmp, file);
}

/** Hard link (cheap: 10,000 pages of ~50 KB) or, across file systems, copy. */
async function place(from: string, to: string): Promise<void> {
  await rm(to, { force: true });
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}

/** The cache file names of a run's page and CSV. */
export const cacheFiles = (cacheDir: string, key: string) => ({ page: join(cacheDir, `${key}.html`), csv: join(cacheDir, `${key}.csv`) });

export async function renderRunPage({ id }: RenderJob, ctx: RenderContext): Promise<RenderResult> {
  const dir = join(ctx.runsDir, id);
  const text = await readFile(join(dir, 'run.json'), 'utf8');
  // The charts come from series.json and charts.html: their sizes and times stand for their bytes.
  const key = createHash('sha1')
    .update(ctx.salt)
    .update(text)
    .update(await statKey(join(dir, 'series.json')))
    .update(await statKey(join(dir, 'charts.html')))
    .digest('hex');
  const cached = cacheFiles(ctx.cacheDir, key);
  let rendered = false;
  if (!(await exists(cached.page)) || !(await exists(cached.csv))) {
    // Validated by the content loader earlier in this build.
    const run = JSON.parse(text) as Run;
    const charts = await runCharts(ctx.runsDir, id, run);
    await writeAtomic(cached.page, fillShell(ctx.shell, { ...runPageHead(run), body: runPageBody({ id, run, charts, base: ctx.base }) }));
    await writeAtomic(cached.csv, toCsv(exportRows([{ id, run }]), EXPORT_FIELDS));
    rendered = true;
  }
  const out = join(ctx.outDir, 'runs', id);
  await mkdir(out, { recursive: true });
  await place(cached.page, join(out, 'index.html'));
  await place(cached.csv, join(out, 'results.csv'));
  return { id, key, rendered };
}

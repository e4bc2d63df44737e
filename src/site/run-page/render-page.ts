// One run's files on the built site, /runs/<id>/index.html and /runs/<id>/results.csv, through a cache
// keyed by what they are made from: the run.json bytes, its charts, and a salt covering the page shell and
// the site's source. A rebuild finds unchanged runs by their file stamps (run-pages.ts) and links their
// cached pages, so adding one run to 10,000 renders one page.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Run } from '../../schemas/index.ts';
import { EXPORT_FIELDS, exportRows, toCsv } from '../../analysis/export-rows.ts';
import { fileStamp } from '../../runs/file-stamp.ts';
import { runCharts } from '../run-charts.ts';
import { linkOrCopy } from '../link-file.ts';
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

/** Cache files are read-only: dist/ holds hard links to them, and an edit there must not change the cache. */
async function writeAtomic(file: string, text: string): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  await writeFile(tmp, text, { mode: 0o444 });
  await rename(tmp, file);
}

/** The cache file names of a run's page and CSV. */
export const cacheFiles = (cacheDir: string, key: string) => ({
  page: join(cacheDir, `${key}.html`),
  csv: join(cacheDir, `${key}.csv`),
});

/**
 * The stamps of a run's files (file-stamp.ts; raw.tar.gz too, which is linked beside the page), so a
 * rebuild finds the page of an unchanged run without reading the run.
 */
export function runStamp(runsDir: string, id: string): string {
  const dir = join(runsDir, id);
  return ['run.json', 'series.json', 'charts.html', 'raw.tar.gz'].map((f) => fileStamp(join(dir, f))).join('|');
}

/** Link a cached page and CSV into the site; false when the cache no longer has them. */
export function placeCached(id: string, key: string, ctx: RenderContext): boolean {
  const cached = cacheFiles(ctx.cacheDir, key);
  const out = join(ctx.outDir, 'runs', id);
  mkdirSync(out, { recursive: true });
  try {
    linkOrCopy(cached.page, join(out, 'index.html'));
    linkOrCopy(cached.csv, join(out, 'results.csv'));
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
}

export async function renderRunPage({ id }: RenderJob, ctx: RenderContext): Promise<RenderResult> {
  const dir = join(ctx.runsDir, id);
  const text = await readFile(join(dir, 'run.json'), 'utf8');
  // The charts come from series.json and charts.html: their sizes and times stand for their bytes.
  const key = createHash('sha1')
    .update(ctx.salt)
    .update(text)
    .update(fileStamp(join(dir, 'series.json')))
    .update(fileStamp(join(dir, 'charts.html')))
    .digest('hex');
  const cached = cacheFiles(ctx.cacheDir, key);
  let rendered = false;
  if (!existsSync(cached.page) || !existsSync(cached.csv)) {
    // Validated by the content loader earlier in this build.
    const run = JSON.parse(text) as Run;
    const charts = await runCharts(ctx.runsDir, id, run);
    await writeAtomic(
      cached.page,
      fillShell(ctx.shell, { ...runPageHead(run), body: runPageBody({ id, run, charts, base: ctx.base }) }),
    );
    await writeAtomic(cached.csv, toCsv(exportRows([{ id, run }]), EXPORT_FIELDS));
    rendered = true;
  }
  if (!placeCached(id, key, ctx)) throw new Error(`run page cache: ${cached.page} vanished while building`);
  return { id, key, rendered };
}

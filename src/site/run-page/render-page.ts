// One run's files on the built site, /runs/<id>/index.html, results.csv and raw.tar.gz, through a cache keyed by
// what they are made from. In two steps, so that a build renders run pages while Astro builds its pages, before
// the page shell exists: renderRunBody writes the body and the CSV, keyed by the run.json and series.json bytes,
// the reports using the run and a salt covering the site's source (the chart code included); fillRunPage puts
// the body into the shell (the page keyed by the body and the shell) and links page, CSV and archive into the
// site. The archive is cached by its sha256. A rebuild finds unchanged runs by their file stamps (run-pages.ts)
// and links their cached files, so adding one run to 10,000 renders one page. Content is untrusted: the series
// and the archive are checked here as `benchsite validate` checks them (validate-run-folder.ts), run.json unless
// these are the bytes the build validated, and only checked bytes are published.
import type { Annotation, Run } from '../../schemas/index.ts';
import { annotationsBefore } from '../../analysis/history-content.ts';
import { createHash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RAW_ARCHIVE_FILE } from '../../schemas/index.ts';
import { runCsv } from '../../analysis/export-rows.ts';
import { fileStamp } from '../../runs/file-stamp.ts';
import { shownText, type Problem } from '../../runs/problems.ts';
import { readContentFileSync, type ContentFile } from '../../runs/validate-files.ts';
import { takeParsedRun } from '../../runs/validate-job.ts';
import { checkArchiveFile, runForSite } from '../../runs/validate-run-folder.ts';
import { runCharts } from '../run-charts.ts';
import { linkOrCopy } from '../link-file.ts';
import { fillShellPieces } from './shell.ts';
import { runPageBody, runPageHead, type PageHead } from './run-body.ts';
import type { RunReportLink } from '../run-reports.ts';

export interface RenderContext {
  runsDir: string;
  outDir: string;
  cacheDir: string;
  base: string;
  /** Changes whenever the base, annotations or the site's source changes: every body is then rendered again. */
  salt: string;
  /** content/annotations.yaml, checked: each run page shows those of its host up to its date. */
  annotations: Annotation[];
  /** The digest of the last build's page shell: a body whose page in that shell is cached needs no rendering. */
  lastShell?: string;
}

export interface RenderJob {
  id: string;
  /** The reports that use the run (run-reports.ts): shown on its page, so part of the body's cache key. */
  reports?: RunReportLink[];
  /** The stamp of the run.json bytes this build validated: those bytes are parsed without checking them again. */
  validated?: string;
}

export interface RenderResult {
  id: string;
  /** The key of the body and CSV in the cache. */
  body: string;
  /** The key of the page, when it was made in the shell given (the body then was not kept). */
  page?: string;
  head: PageHead;
  rendered: boolean;
  /** sha256 of the raw archive, cached, when the run has one here. */
  archive?: string;
  /** Why the run's files cannot be published (the run then has no page). */
  problems?: string[];
}

/** A run's page to place: its body (renderRunBody) in the shell, with its CSV and archive. */
export interface FillJob {
  id: string;
  body: string;
  head: PageHead;
  archive?: string;
}

/** The page's key, or `missing` when neither the page nor its body is in the cache (render it first). */
export type FillResult = { id: string; key: string } | { id: string; missing: true };

const tmpName = (file: string) => `${file}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;

// Files are written with plain system calls: on the render workers, a write through the thread pool (open,
// write, close, rename: a round trip each) took longer than making the page.

/** Cache files are read-only: dist/ holds hard links to them, and an edit there must not change the cache. */
function writeAtomic(file: string, data: string | Uint8Array): void {
  const tmp = tmpName(file);
  writeFileSync(tmp, data, { mode: 0o444 });
  renameSync(tmp, file);
}

/**
 * Strings as one UTF-8 buffer, without a string of them all being made first (a page's pieces). A piece ending
 * in half a surrogate pair (its other half starting the next piece) is encoded joined, as one string would be.
 */
export function utf8Of(pieces: string[]): Uint8Array {
  if (pieces.some((p) => /[\uD800-\uDBFF]$/.test(p))) return Buffer.from(pieces.join(''));
  let size = 0;
  for (const p of pieces) size += Buffer.byteLength(p);
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const p of pieces) at += out.write(p, at);
  return out;
}

/**
 * A cache file written only if it is not there yet. Runs with the same archive are rendered at once, and a
 * rename over the file while another job links it would make that link fail (the replaced file has no name
 * left), so the file is given its name by a link, which never replaces.
 */
function writeOnce(file: string, data: Uint8Array): void {
  if (existsSync(file)) return;
  const tmp = tmpName(file);
  writeFileSync(tmp, data, { mode: 0o444 });
  try {
    linkSync(tmp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    rmSync(tmp, { force: true });
  }
}

/** The cache files of a run's body and CSV (by the body's key) and of its page (by the page's key). */
const cacheFiles = (cacheDir: string, body: string) => ({
  body: join(cacheDir, `${body}.body.html`),
  csv: join(cacheDir, `${body}.csv`),
});
const cachedPage = (cacheDir: string, key: string) => join(cacheDir, `${key}.html`);
const cachedArchive = (cacheDir: string, sha256: string) => join(cacheDir, `${sha256}.tar.gz`);

/** The page's key: its body's in this shell (`shellKey`: a digest of the shell). */
export const pageKey = (body: string, shellKey: string) =>
  createHash('sha1').update(`${shellKey}\n${body}`).digest('hex');

/**
 * The stamps of a run's files (file-stamp.ts), so a rebuild finds the page of an unchanged run without reading
 * the run.
 */
export function runStamp(runsDir: string, id: string): string {
  const dir = join(runsDir, id);
  return ['run.json', 'series.json', 'raw.tar.gz'].map((f) => fileStamp(join(dir, f))).join('|');
}

/** Link a cached page and CSV into the site; false when the cache no longer has them. */
function placeCached(id: string, key: string, body: string, ctx: Pick<RenderContext, 'cacheDir' | 'outDir'>) {
  const out = join(ctx.outDir, 'runs', id);
  mkdirSync(out, { recursive: true });
  try {
    linkOrCopy(cachedPage(ctx.cacheDir, key), join(out, 'index.html'));
    linkOrCopy(cacheFiles(ctx.cacheDir, body).csv, join(out, 'results.csv'));
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
}

/** Link a cached archive beside its page (or remove a stale one when the run has none); false when it is not cached. */
function placeArchive(id: string, sha256: string | undefined, ctx: Pick<RenderContext, 'cacheDir' | 'outDir'>) {
  const to = join(ctx.outDir, 'runs', id, 'raw.tar.gz');
  if (sha256 === undefined) {
    rmSync(to, { force: true });
    return true;
  }
  try {
    linkOrCopy(cachedArchive(ctx.cacheDir, sha256), to);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
}

const failed = (id: string, problems: Problem[]): RenderResult => ({
  id,
  body: '',
  head: { title: '', description: '' },
  rendered: false,
  problems: problems.map(shownText),
});

/** The page shell (shell.ts) and its digest (part of each page's key). */
export interface Shell {
  text: string;
  key: string;
}

/** The run as this thread's validation parsed it (validate-job.ts), when that read the bytes read here. */
function keptRun(id: string, read: ContentFile, validated: string | undefined) {
  if (!('bytes' in read) || validated === undefined || read.stamp !== validated) return undefined;
  const run = takeParsedRun(id, validated) as Run | undefined;
  return run && { run };
}

/**
 * Check a run's files and render its body and CSV into the cache, unless it has them; cache its archive. With
 * the page shell the page is made at once; without it (a build renders before Astro made the shell) the body is
 * kept until fillRunPage has made the page of it.
 */
export async function renderRunBody(
  { id, reports = [], validated }: RenderJob,
  ctx: Omit<RenderContext, 'outDir'>,
  shell?: Shell,
): Promise<RenderResult> {
  const dir = join(ctx.runsDir, id);
  const runFile = join(dir, 'run.json');
  const read = readContentFileSync(runFile);
  const checked = keptRun(id, read, validated) ?? runForSite(runFile, id, read, validated);
  const seriesFile = readContentFileSync(join(dir, 'series.json'));
  if ('problems' in checked) return failed(id, checked.problems);
  if ('problem' in seriesFile) return failed(id, [seriesFile.problem]);
  const series = 'bytes' in seriesFile ? seriesFile.bytes : undefined;
  const { run } = checked;
  const archive = checkArchiveFile(join(dir, RAW_ARCHIVE_FILE), run, readContentFileSync(join(dir, RAW_ARCHIVE_FILE)));
  if (archive.problems.length) return failed(id, archive.problems);

  // Keyed by the bytes read (a run checked here has them), not by their text encoded again.
  const body = createHash('sha1')
    .update(ctx.salt)
    .update('bytes' in read ? read.bytes : '')
    .update(series ?? '')
    .update(JSON.stringify(reports))
    .digest('hex');
  const cached = cacheFiles(ctx.cacheDir, body);
  const head = runPageHead(run);
  const page = shell && pageKey(body, shell.key);
  const made = page
    ? existsSync(cachedPage(ctx.cacheDir, page))
    : existsSync(cached.body) ||
      (ctx.lastShell !== undefined && existsSync(cachedPage(ctx.cacheDir, pageKey(body, ctx.lastShell))));
  let rendered = false;
  if (!made || !existsSync(cached.csv)) {
    const charts = await runCharts(dir, run, series);
    if (charts.problems.length) return failed(id, charts.problems);
    const text = runPageBody({
      id,
      run,
      charts: charts.html,
      base: ctx.base,
      annotations: annotationsBefore(ctx.annotations, run.host.name, run.date, run.dbms.product),
      reports,
    });
    if (page) writeAtomic(cachedPage(ctx.cacheDir, page), utf8Of(fillShellPieces(shell.text, { ...head, body: text })));
    else writeAtomic(cached.body, text);
    writeAtomic(cached.csv, runCsv(id, run));
    rendered = true;
  }

  // The archive as checked above: those bytes, not the content file read again.
  let sha: string | undefined;
  if (archive.bytes) {
    sha = run.provenance.rawArchive!.sha256;
    writeOnce(cachedArchive(ctx.cacheDir, sha), archive.bytes);
  }
  return { id, body, page, head, rendered, archive: sha };
}

/**
 * The page of a run's body in `shell` (cached, the body then dropped), linked into the site with its CSV and
 * archive. `missing` when the cache has neither the page nor the body (an older build dropped it).
 */
export function fillRunPage(job: FillJob, ctx: Pick<RenderContext, 'cacheDir' | 'outDir'>, shell: Shell): FillResult {
  const key = pageKey(job.body, shell.key);
  const page = cachedPage(ctx.cacheDir, key);
  if (!existsSync(page)) {
    const bodyFile = cacheFiles(ctx.cacheDir, job.body).body;
    let body: string;
    try {
      body = readFileSync(bodyFile, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { id: job.id, missing: true };
      throw e;
    }
    writeAtomic(page, utf8Of(fillShellPieces(shell.text, { ...job.head, body })));
    rmSync(bodyFile, { force: true });
  }
  if (!placeCached(job.id, key, job.body, ctx)) return { id: job.id, missing: true };
  if (!placeArchive(job.id, job.archive, ctx)) return { id: job.id, missing: true };
  return { id: job.id, key };
}

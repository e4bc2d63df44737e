// One run's files on the built site, /runs/<id>/index.html, results.csv and raw.tar.gz, through a cache keyed by
// what they are made from: the page and CSV by the run.json and series.json bytes and a salt covering the page
// shell and the site's source (the chart code included), the archive by its sha256. A rebuild finds unchanged
// runs by their file stamps (run-pages.ts) and links their cached files, so adding one run to 10,000 renders one
// page. Content is untrusted: the series and the archive are checked here as `benchsite validate` checks them
// (validate-run-folder.ts), and only checked bytes are published.
import type { Annotation } from '../../schemas/index.ts';
import { annotationsBefore } from '../../analysis/history-content.ts';
import { createHash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RAW_ARCHIVE_FILE } from '../../schemas/index.ts';
import { runCsv } from '../../analysis/export-rows.ts';
import { fileStamp } from '../../runs/file-stamp.ts';
import { shownText, type Problem } from '../../runs/problems.ts';
import { readContentFileSync } from '../../runs/validate-files.ts';
import { checkArchiveFile, checkedRunJson } from '../../runs/validate-run-folder.ts';
import { runCharts } from '../run-charts.ts';
import { linkOrCopy } from '../link-file.ts';
import { fillShell } from './shell.ts';
import { runPageBody, runPageHead } from './run-body.ts';
import type { RunReportLink } from '../run-reports.ts';

export interface RenderContext {
  runsDir: string;
  outDir: string;
  cacheDir: string;
  /** The page shell (shell.ts) with its placeholders. */
  shell: string;
  base: string;
  /** Changes whenever the shell, base, annotations or the site's source changes: every page is then rendered again. */
  salt: string;
  /** content/annotations.yaml, checked: each run page shows those of its host up to its date. */
  annotations: Annotation[];
}

export interface RenderJob {
  id: string;
  /** The reports that use the run (run-reports.ts): shown on its page, so part of the page's cache key. */
  reports?: RunReportLink[];
}

export interface RenderResult {
  id: string;
  key: string;
  rendered: boolean;
  /** sha256 of the raw archive placed beside the page, when the run has one here. */
  archive?: string;
  /** Why the run's files cannot be published (the run then has no page). */
  problems?: string[];
}

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

/** The cache file names of a run's page and CSV, and of an archive by its sha256. */
const cacheFiles = (cacheDir: string, key: string) => ({
  page: join(cacheDir, `${key}.html`),
  csv: join(cacheDir, `${key}.csv`),
});
const cachedArchive = (cacheDir: string, sha256: string) => join(cacheDir, `${sha256}.tar.gz`);

/**
 * The stamps of a run's files (file-stamp.ts), so a rebuild finds the page of an unchanged run without reading
 * the run.
 */
export function runStamp(runsDir: string, id: string): string {
  const dir = join(runsDir, id);
  return ['run.json', 'series.json', 'raw.tar.gz'].map((f) => fileStamp(join(dir, f))).join('|');
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

/** Link a cached archive beside its page (or remove a stale one when the run has none); false when it is not cached. */
export function placeArchive(id: string, sha256: string | undefined, ctx: RenderContext): boolean {
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
  key: '',
  rendered: false,
  problems: problems.map(shownText),
});

export async function renderRunPage({ id, reports = [] }: RenderJob, ctx: RenderContext): Promise<RenderResult> {
  const dir = join(ctx.runsDir, id);
  const runFile = join(dir, 'run.json');
  const checked = checkedRunJson(runFile, readContentFileSync(runFile));
  const seriesFile = readContentFileSync(join(dir, 'series.json'));
  if ('problems' in checked) return failed(id, checked.problems);
  if ('problem' in seriesFile) return failed(id, [seriesFile.problem]);
  const series = 'bytes' in seriesFile ? seriesFile.bytes : undefined;
  const { run, text } = checked;
  const archive = checkArchiveFile(join(dir, RAW_ARCHIVE_FILE), run, readContentFileSync(join(dir, RAW_ARCHIVE_FILE)));
  if (archive.problems.length) return failed(id, archive.problems);

  const key = createHash('sha1')
    .update(ctx.salt)
    .update(text)
    .update(series ?? '')
    .update(JSON.stringify(reports))
    .digest('hex');
  const cached = cacheFiles(ctx.cacheDir, key);
  let rendered = false;
  if (!existsSync(cached.page) || !existsSync(cached.csv)) {
    const charts = await runCharts(dir, run, series);
    if (charts.problems.length) return failed(id, charts.problems);
    writeAtomic(
      cached.page,
      fillShell(ctx.shell, {
        ...runPageHead(run),
        body: runPageBody({
          id,
          run,
          charts: charts.html,
          base: ctx.base,
          annotations: annotationsBefore(ctx.annotations, run.host.name, run.date, run.dbms.product),
          reports,
        }),
      }),
    );
    writeAtomic(cached.csv, runCsv(id, run));
    rendered = true;
  }
  if (!placeCached(id, key, ctx)) throw new Error(`run page cache: ${cached.page} vanished while building`);

  // The archive as checked above: those bytes, not the content file read again.
  let sha: string | undefined;
  if (archive.bytes) {
    sha = run.provenance.rawArchive!.sha256;
    writeOnce(cachedArchive(ctx.cacheDir, sha), archive.bytes);
  }
  if (!placeArchive(id, sha, ctx)) throw new Error(`run page cache: the archive of ${id} vanished while building`);
  return { id, key, rendered, archive: sha };
}

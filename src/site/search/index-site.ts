// The site's search of reports and pages: a Pagefind index (https://pagefind.app) in dist/pagefind/, made after
// the pages are written, by the full build (the searchIndex integration, last of astro.config.mjs's) and by the
// rebuild without Astro (bin/build.js). It reads the report, about and docs pages (their <main>, charts left out) with
// filters added in memory (records.ts): a report's from its frontmatter and the runs it names, whose rows come
// from /data/runs/ (list-pages/data-files.ts). Runs, host pages and histories are not in it: the search page
// finds them with the filter of runs over /data/runs/ (src/scripts/find-runs.ts), so adding a run never indexes
// anything (Pagefind has no incremental index: at 10,000 runs, indexing them took seconds every build). Result
// links are paths from the site's root; the search page gives Pagefind the base the site is served under. The
// index is written beside the old one and put in its place at the end, so a stopped build never leaves half of
// one. When its inputs (the pages' stamps, the named runs' rows) are those of the last index written there,
// nothing is done.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { parseDocument } from 'yaml';
import { reportRunIds, splitReport } from '../validate-report.ts';
import { readContentFile } from '../../runs/validate-files.ts';
import { ReportSchema, type Report } from '../../schemas/index.ts';
import { REPORTS_DIR } from '../content-dirs.ts';
import { FINAL_OUT_ENV } from '../fast-build/state.ts';
import { RUNS_INDEX_PATH, type RunsIndex } from '../list-pages/data-files.ts';
import { pageFilters, pageKind, reportSlug, runRows, withFilters, type RunRow } from './records.ts';

const SEARCH_DIR = 'pagefind';

/** The pages the search reads: paths under outDir, sorted. */
function searchPages(outDir: string): string[] {
  const out: string[] = [];
  for (const top of ['reports', 'about', 'docs']) {
    const dir = join(outDir, top);
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      const path = `${top}/${f.split(sep).join('/')}`;
      if (pageKind(path)) out.push(path);
    }
  }
  return out.sort();
}

/** A report's frontmatter and run ids; undefined when the file is not there or not a report (the build said so). */
async function reportOf(slug: string): Promise<{ data: Report; runIds: string[] } | undefined> {
  const read = await readContentFile(join(REPORTS_DIR, `${slug}.md`));
  if (!('bytes' in read)) return undefined;
  const parts = splitReport(read.bytes.toString('utf8'));
  const parsed = parts && ReportSchema.safeParse(parseDocument(parts.frontmatter).toJS());
  return parsed?.success ? { data: parsed.data, runIds: reportRunIds(parsed.data) } : undefined;
}

/** The rows of the runs `ids` (of /data/runs/), reading only the files of their benchmarks and hosts. */
async function rowsOf(outDir: string, ids: Set<string>): Promise<RunRow[]> {
  const index = await readFile(join(outDir, RUNS_INDEX_PATH), 'utf8')
    .then((t) => JSON.parse(t) as RunsIndex)
    .catch(() => undefined);
  if (!index) return [];
  const groups = new Set([...ids].map((id) => id.split('/').slice(0, 2).join('/')));
  const rows: RunRow[] = [];
  for (const g of index.groups) {
    if (!groups.has(`${g.benchmark}/${g.host}`)) continue;
    const file = await readFile(join(outDir, 'data/runs', g.file), 'utf8');
    const runs = (JSON.parse(file) as { runs: string[][] }).runs;
    rows.push(...runRows(JSON.stringify({ fields: index.fields, runs })).filter((r) => ids.has(r.id)));
  }
  return rows;
}

/** What the index is made of: each page's stamp and the named runs' rows. */
function inputsKey(outDir: string, pages: string[], rows: RunRow[]): string {
  const h = createHash('sha1').update(JSON.stringify(rows));
  for (const p of pages) {
    const s = statSync(join(outDir, p));
    h.update(`\n${p} ${s.size} ${s.mtimeMs} ${s.ino}`);
  }
  return h.digest('hex');
}

const keyFile = (root: string, outDir: string) =>
  join(
    root,
    'node_modules/.cache/benchsite/search',
    `${createHash('sha1').update(outDir).digest('hex').slice(0, 12)}.key`,
  );

/**
 * Write dist/pagefind/: the index of the reports and pages of the site in `outDir`. Returns what it indexed, or
 * `current: true` when the index there is already of these inputs. `finalOutDir`: the folder `outDir` becomes
 * (a full build's swap, dist-swap.ts), which names the key, so the next build into it finds the index current.
 */
export async function indexSite(
  outDir: string,
  root: string,
  finalOutDir = outDir,
): Promise<{ pages: number; current: boolean }> {
  const pages = searchPages(outDir);
  const reports = new Map<string, { data: Report; runIds: string[] } | undefined>();
  for (const path of pages)
    if (pageKind(path) === 'report' && !reports.has(reportSlug(path)))
      reports.set(reportSlug(path), await reportOf(reportSlug(path)));
  const rows = await rowsOf(outDir, new Set([...reports.values()].flatMap((r) => r?.runIds ?? [])));
  const key = inputsKey(outDir, pages, rows);
  const kf = keyFile(root, resolve(finalOutDir));
  if (existsSync(join(outDir, SEARCH_DIR, 'pagefind.js')) && (await readFile(kf, 'utf8').catch(() => '')) === key)
    return { pages: pages.length, current: true };

  const pagefind = await import('pagefind');
  const { index, errors } = await pagefind.createIndex({
    rootSelector: 'main',
    excludeSelectors: ['svg', 'script'],
    forceLanguage: 'en',
  });
  if (!index) throw new Error(`the search index could not be started: ${errors.join('; ')}`);
  try {
    const problems: string[] = [];
    for (const path of pages) {
      const report = pageKind(path) === 'report' ? reports.get(reportSlug(path)) : undefined;
      const html = await readFile(join(outDir, path), 'utf8');
      const url = `/${path.replace(/index\.html$/, '')}`;
      const r = await index.addHTMLFile({ url, content: withFilters(html, pageFilters(path, rows, report) ?? {}) });
      problems.push(...r.errors);
    }
    if (problems.length) throw new Error(`the search index refused: ${problems.slice(0, 3).join('; ')}`);
    const target = join(outDir, SEARCH_DIR);
    const fresh = `${target}.tmp-${process.pid}`;
    await rm(fresh, { recursive: true, force: true });
    const w = await index.writeFiles({ outputPath: fresh });
    if (w.errors.length) throw new Error(`the search index could not be written: ${w.errors.join('; ')}`);
    await rm(target, { recursive: true, force: true });
    await rename(fresh, target);
    await mkdir(join(kf, '..'), { recursive: true });
    await writeFile(kf, key);
  } finally {
    await pagefind.close();
  }
  return { pages: pages.length, current: false };
}

/** The full build's step: index the site when Astro has written it (after the run pages' integration). */
export function searchIndex(): AstroIntegration {
  let root = '';
  return {
    name: 'benchsite-search-index',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const outDir = fileURLToPath(dir);
        // The pages keep their stamps when the folder is swapped in: the key is of the folder they end up in.
        const r = await indexSite(outDir, root, process.env[FINAL_OUT_ENV] || outDir);
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        logger.info(
          `search index: ${r.current ? 'current' : `${r.pages} pages`} in ${relative(root, join(outDir, SEARCH_DIR)) || SEARCH_DIR}/ (${seconds}s)`,
        );
      },
    },
  };
}

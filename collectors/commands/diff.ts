import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseContentYaml } from '../../src/runs/content-yaml.ts';
import { MAX_FRONTMATTER_CHARS } from '../../src/site/report-limits.ts';
import { validateRunText } from '../../src/runs/validate-run.ts';
import { validateReportText } from '../../src/site/validate-report.ts';
import { parseRunId } from '../../src/runs/run-id.ts';
import { isHttpUrl } from '../../src/schemas/index.ts';
import type { Problem } from '../../src/runs/problems.ts';
import { previewData } from '../../src/analysis/preview-data.ts';
import { THRESHOLDS } from '../../src/engine/verdict.ts';
import {
  diffRows,
  hasNumbers,
  latestComparable,
  prComment,
  type ChangedRun,
  type ReportRef,
  type RunRef,
} from '../../src/analysis/run-diff.ts';
import { changedFiles, filesAt, readAt } from '../lib/git.ts';
import { writeFileAtomic } from '../lib/write-run.ts';
import { readContentFile } from '../../src/runs/validate-files.ts';
import { UsageError, type Command } from './command.ts';

export const diffCommand: Command = {
  name: 'diff',
  help: `Usage: benchsite diff <base-ref> [<head-ref>] [--runs <dir>] [--reports <dir>] [--site <url>] [--max-chars <n>] [--json <file>]

Compares the runs under <dir> (default content/runs) at <base-ref> with <head-ref>, or with the working tree
when no <head-ref> is given (untracked runs included: a run just harvested counts before it is committed), and
prints Markdown for a pull-request comment:
  - the files that do not validate, once per kind of problem with how many places have it;
  - the tests beyond the thresholds (relative at or below 0.95, at or above 1.05), regressions first;
  - the reports (default: the reports folder beside <dir>) whose tables change: those naming a run the pull
    request adds, changes or removes, and those it adds or edits;
  - each run added or changed: its headline numbers (QPS, NOPM, inserts/s ...) against the latest comparable
    run at <base-ref> (same benchmark, host, product and config; else the same product), relative, with basis
    points; a run with no predecessor shows its own numbers; a run imported from a post's relative table (no
    numbers of its own) shows the post's values against the base the post names, when that run is there;
  - the runs removed.
Every string from a run is shown as text (no mention, link, image or HTML). The output stays under
--max-chars (default 60000; GitHub refuses comments over 65536), cut with "and N more"; --max-chars 0
prints everything.
--site <url>: the preview site's address; run ids and reports become links to their pages there.
--json <file>: also write the same comparison as JSON, for a preview build's /preview/ page
  (BENCHSITE_PREVIEW=<file> npm run build).
Run it from the repository's top folder. Exit code 1 when a file does not validate.

Example (in CI, for a pull request):
  npx benchsite diff origin/main HEAD --site https://me.github.io/results/pr-7/ > comment.md`,
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        runs: { type: 'string', default: 'content/runs' },
        reports: { type: 'string' },
        site: { type: 'string' },
        'max-chars': { type: 'string', default: '60000' },
        json: { type: 'string' },
      },
    });
    const [base, head, extra] = positionals;
    if (!base) throw new UsageError('give the base git ref, e.g. origin/main');
    if (extra) throw new UsageError(`one base and at most one head ref, not "${extra}"`);
    const maxChars = Number(values['max-chars']);
    if (!Number.isInteger(maxChars) || (maxChars < 1000 && maxChars !== 0))
      throw new UsageError('--max-chars must be a whole number ≥ 1000, or 0 for no limit');
    if (values.site !== undefined && !isHttpUrl(values.site))
      throw new UsageError(`--site must be an http(s) URL, not "${values.site}"`);
    const site = values.site?.replace(/\/?$/, '/');
    const root = values.runs!.replace(/\/$/, '');
    const reportsDir = (values.reports ?? join(dirname(root), 'reports')).replace(/\/$/, '');

    const changed = changedFiles(base, head, root).filter((f) => f.path.endsWith('/run.json'));
    const idOf = (path: string) => path.slice(root.length + 1, -'/run.json'.length);
    const headTexts = await readHead(
      head,
      changed.filter((c) => c.status !== 'D').map((c) => c.path),
    );
    const basePaths = filesAt(base, root).filter((p) => p.endsWith('/run.json'));
    const baseRuns: RunRef[] = [];
    for (const [path, text] of await readAt(base, basePaths)) {
      const checked = validateRunText(path, text, idOf(path));
      if (checked.run) baseRuns.push({ id: idOf(path), run: checked.run });
    }

    const problems: Problem[] = [];
    const runs: ChangedRun[] = [];
    const removed: string[] = [];
    const headRuns: Array<{ run: RunRef; status: string }> = [];
    for (const c of changed) {
      if (c.status === 'D') {
        removed.push(idOf(c.path));
        continue;
      }
      const text = headTexts.get(c.path);
      if (text === undefined) continue;
      if (typeof text !== 'string') {
        problems.push(text);
        continue;
      }
      const checked = validateRunText(c.path, text, idOf(c.path));
      if (!checked.run) {
        problems.push(...checked.problems);
        continue;
      }
      headRuns.push({ run: { id: idOf(c.path), run: checked.run }, status: c.status });
    }
    // A post's runs come together: a published relative run's base may be added by the same change.
    const alongside = headRuns.map((h) => h.run);
    for (const { run, status } of headRuns) {
      const before = status === 'M' ? baseRuns.find((b) => b.id === run.id) : undefined;
      // A changed run against itself before, when it has numbers to compare.
      if (before && hasNumbers(run.run) && hasNumbers(before.run))
        runs.push({ change: 'changed', run, base: before, why: 'the same run before this change' });
      else {
        const { base: comparable, why } = latestComparable(run, baseRuns, alongside);
        runs.push({ change: status === 'M' ? 'changed' : 'added', run, base: comparable, why });
      }
    }

    // Reports at the head, and which of them the pull request adds or edits (those are validated too).
    const reportChanges = new Map(
      changedFiles(base, head, reportsDir)
        .filter((f) => f.path.endsWith('.md') && f.status !== 'D')
        .map((f) => [f.path, f.status === 'A' ? ('added' as const) : ('changed' as const)]),
    );
    const reportPaths = head
      ? filesAt(head, reportsDir).filter((p) => p.endsWith('.md'))
      : await listReports(reportsDir);
    const headRunIds = new Set([...baseRuns.map((r) => r.id), ...runs.map((r) => r.run.id)]);
    for (const id of removed) headRunIds.delete(id);
    const reports: ReportRef[] = [];
    for (const [path, text] of await readHead(head, reportPaths)) {
      if (typeof text !== 'string') {
        if (reportChanges.has(path)) problems.push(text);
        continue;
      }
      if (reportChanges.has(path)) problems.push(...validateReportText(path, text, headRunIds));
      const report = reportRef(path, text);
      if (report) reports.push({ ...report, fileChange: reportChanges.get(path) });
    }

    process.stdout.write(prComment({ runs, removed, problems, reports, site, maxChars }));
    if (values.json) {
      const thresholds = THRESHOLDS;
      const withRows = runs.map((r) => ({ ...r, rows: diffRows(r.run.run, r.base, thresholds) }));
      const data = previewData(withRows, removed, reports, problems.length, thresholds);
      await writeFileAtomic(values.json, `${JSON.stringify(data)}\n`);
    }
    return problems.length ? 1 : 0;
  },
};

/** Files at `head`, or in the working tree: a pull request's files are untrusted, so a link is refused (a
 * problem), never followed into the comment. */
async function readHead(head: string | undefined, paths: string[]): Promise<Map<string, string | Problem>> {
  if (head) return readAt(head, paths);
  const out = new Map<string, string | Problem>();
  for (const path of paths) {
    const read = await readContentFile(path);
    if ('bytes' in read) out.set(path, read.bytes.toString('utf8'));
    else if ('problem' in read) out.set(path, read.problem);
  }
  return out;
}

async function listReports(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true }))
      .filter((e) => e.isFile() && e.name.endsWith('.md'))
      .map((e) => join(dir, e.name));
  } catch {
    return [];
  }
}

/** A report's title and the runs it names (any run id in its frontmatter), or undefined when unreadable. */
function reportRef(path: string, text: string): Omit<ReportRef, 'fileChange'> | undefined {
  const m = /^---\r?\n([\s\S]*?)\r?\n---(\r?\n|$)/.exec(text);
  if (!m) return undefined;
  const yaml = parseContentYaml(m[1]!, MAX_FRONTMATTER_CHARS);
  if (!yaml.ok) return undefined;
  const data = yaml.data;
  const ids = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      if (parseRunId(v)) ids.add(v);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      // Keys too: a report's `labels` map run ids to column names.
      for (const [k, x] of Object.entries(v)) {
        if (parseRunId(k)) ids.add(k);
        walk(x);
      }
    }
  };
  walk(data);
  const slug = path.slice(path.lastIndexOf('/') + 1, -'.md'.length);
  const title = data && typeof data === 'object' && 'title' in data ? String(data.title) : slug;
  return { slug, title, runIds: [...ids] };
}

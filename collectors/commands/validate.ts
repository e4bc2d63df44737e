import { parseArgs } from 'node:util';
import { lstat, readdir } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { findRunFiles, idOf } from '../../src/runs/read-runs.ts';
import { parseReportText, reportProse, reportRunIds } from '../../src/site/validate-report.ts';
import { reportText, splitReport } from '../../src/site/report-limits.ts';
import { nativeMarkdownProblems } from '../../src/site/markdown-check.ts';
import { orphanAttachmentFolders, readAttachments } from '../../src/runs/attachments.ts';
import { problem, shownText, type Problem } from '../../src/runs/problems.ts';
import { checkContentFiles, readContentFile } from '../../src/runs/validate-files.ts';
import { checkRunFolder, checkRunJson } from '../../src/runs/validate-run-folder.ts';
import { readAnnotations, readConfigFamilies } from '../../src/runs/read-history-files.ts';
import { readSiteConfig } from '../../src/runs/read-site-config.ts';
import type { Report, Run } from '../../src/schemas/index.ts';
import { comparability, otherBenchmarkRuns, splitGates } from '../../src/analysis/comparability.ts';
import { reportSections } from '../../src/site/report-sections.ts';
import { finishInterruptedWrites } from '../lib/run-install.ts';
import type { Command } from './command.ts';

export const validateCommand: Command = {
  name: 'validate',
  help: `Usage: benchsite validate [<path>...] [--reports <dir>]

Checks every run.json under each <path> (a run.json or a directory; default: content/runs):
the schema, that its directory matches <benchmark>/<host>/<YYYYMMDD>-<label>, its series.json,
and the size and sha256 of its raw.tar.gz. Then every report in --reports: its frontmatter,
that the runs it names exist, and that every {{ }} placeholder of its prose resolves and
every {{ assert ... }} claim holds. Without <path> and --reports: content/runs and content/reports.
Every file must be a regular file with one name (no symbolic or hard links), and a run folder
holds run.json, series.json and raw.tar.gz only. Without <path>, content/annotations.yaml,
content/config-families.yaml and content/site.yaml are checked too (each problem names its entry
or field). The site build refuses what this refuses.
Prints each problem as
  <file>: <json.path>: <what is wrong>. <what to do>
then a count, and exits with 1 when there is any problem.`,
  async run(args) {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { reports: { type: 'string' } },
    });
    const paths = positionals.length ? positionals : ['content/runs'];
    const problems: Problem[] = [];
    // A write stopped halfway (killed) is finished first, as the next harvest would: the runs are then whole.
    for (const p of paths) {
      try {
        for (const note of await finishInterruptedWrites(p)) console.error(`note: ${note}`);
      } catch (e) {
        problems.push(problem(p, '(folder)', (e as Error).message, 'Run benchsite where it can write this folder'));
      }
    }
    // The file rules hold for all of content/ (as in the site build), else for what is named.
    if (!positionals.length) {
      problems.push(...(await checkContentFiles('content')));
      for (const r of [await readAnnotations('content'), await readConfigFamilies('content')])
        problems.push(...r.problems);
      problems.push(...readSiteConfig('content').problems);
    }
    let files = 0;
    for (const p of paths) {
      let info;
      try {
        info = await lstat(p);
      } catch {
        problems.push(problem(p, '(path)', 'no such file or directory', 'Give a run.json or a directory of runs'));
        continue;
      }
      // A run.json given alone is checked with its folder.
      if (positionals.length) problems.push(...(await checkContentFiles(info.isDirectory() ? p : dirname(p))));
      const list = info.isDirectory() ? await findRunFiles(p) : [p];
      for (const file of list) {
        files++;
        problems.push(...(await checkRunFile(file)));
      }
    }
    const reportsDir = values.reports ?? (positionals.length ? undefined : 'content/reports');
    let reports = 0;
    if (reportsDir) {
      const runIds = new Set((await findRunFiles(paths[0]!)).map((f) => idOf(paths[0]!, f)));
      let names: string[] = [];
      try {
        names = (await readdir(reportsDir)).filter((n) => n.endsWith('.md'));
      } catch {
        if (values.reports)
          problems.push(problem(reportsDir, '(path)', 'no such directory', 'Give the directory of the report files'));
      }
      if (values.reports) problems.push(...(await checkContentFiles(reportsDir)));
      const parsed: Array<{ n: string; file: string; text: string; report: Report }> = [];
      for (const n of names) {
        reports++;
        const file = join(reportsDir, n);
        const read = await readContentFile(file);
        if (!('bytes' in read)) continue;
        const r = reportText(file, read.bytes);
        if ('problem' in r) {
          problems.push(r.problem);
          continue;
        }
        const { report, problems: found } = parseReportText(file, r.text, runIds);
        problems.push(...found);
        if (report) parsed.push({ n, file, text: r.text, report });
      }
      // Each report's Markdown in a child process first: a native crash of the renderer names its report.
      const crashed = await nativeMarkdownProblems(
        parsed.map((p) => ({ file: p.file, body: splitReport(p.text)!.body })),
      );
      problems.push(...crashed);
      for (const { n, file, text, report } of parsed) {
        if (!crashed.some((c) => c.file === file))
          problems.push(...(await placeholderProblems(file, text, report, paths[0]!)));
        problems.push(...(await readAttachments(dirname(reportsDir), n.replace(/\.md$/, ''), report, file)).problems);
      }
      const slugs = new Set(names.map((n) => n.replace(/\.md$/, '')));
      problems.push(...(await orphanAttachmentFolders(dirname(reportsDir), slugs)));
    }
    // A link is found both by the walk and when the file is opened: say it once.
    const unique = [...new Map(problems.map((pr) => [pr.text, pr])).values()];
    for (const pr of unique) console.log(shownText(pr));
    // Each run.json is one run.
    const checked = `${files} run(s)${reports ? ` and ${reports} report(s)` : ''}`;
    console.log(unique.length ? `${unique.length} problem(s) in ${checked}` : `${checked} valid`);
    return unique.length ? 1 : 0;
  },
};

/**
 * The problems of a report's placeholders, over its runs as read from the runs directory. A run that does not
 * read or validate has its own problems printed already: the placeholders are then not checked.
 */
async function placeholderProblems(
  file: string,
  text: string,
  report: Parameters<typeof reportProse>[2],
  runsDir: string,
): Promise<Problem[]> {
  const runs = [];
  for (const id of reportRunIds(report)) {
    const { run } = await checkRunJson(join(runsDir, id, 'run.json'), id);
    if (!run) return [];
    runs.push({ id, run });
  }
  return [...comparabilityProblems(file, report as Report, runs), ...reportProse(file, text, report, runs).problems];
}

/**
 * The comparability check the site build makes on each report section it renders from the runs (a section of
 * published-relative tables shows the post's own numbers and is not checked): every run against its base on
 * every gate of src/analysis/comparability.ts, unless the frontmatter acknowledges the gate.
 */
function comparabilityProblems(file: string, report: Report, runs: Array<{ id: string; run: Run }>): Problem[] {
  const byId = new Map(runs.map((r) => [r.id, r.run]));
  const other = otherBenchmarkRuns(report.benchmark, runs);
  if (other.length) return other.map((o) => problem(file, 'benchmark', o.what, o.todo));
  const problems: Problem[] = [];
  reportSections(report).forEach((section, i) => {
    const ids = [section.base, ...section.runs];
    if (report.view === 'relative' || ids.some((id) => byId.get(id)?.provenance.source === 'published-relative'))
      return;
    const base = byId.get(section.base);
    if (!base) return;
    for (const id of section.runs) {
      const run = byId.get(id);
      if (!run || id === section.base) continue;
      const open = splitGates(comparability(run, base), report.acknowledge).open;
      if (open.length)
        problems.push(
          problem(
            file,
            report.sections ? `sections.${i}.runs` : 'runs',
            `run ${id} is not comparable with the base ${section.base}: ${open.map((g) => g.text).join('; ')}`,
            `Compare comparable runs only, or acknowledge the difference in the frontmatter: acknowledge: [${open.map((g) => g.name).join(', ')}]`,
          ),
        );
    }
  });
  return problems;
}

/** All problems of one run.json and the files beside it. The run id is the path below the runs root (4 levels up). */
export function checkRunFile(file: string): Promise<Problem[]> {
  const runDir = dirname(file);
  const root = dirname(dirname(dirname(runDir)));
  return checkRunFolder(file, relative(root, runDir).split(sep).join('/'));
}

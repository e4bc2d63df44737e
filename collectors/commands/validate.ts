import { parseArgs } from 'node:util';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { findRunFiles, idOf } from '../../src/runs/read-runs.ts';
import { validateReportText } from '../../src/runs/validate-report.ts';
import { problem, type Problem } from '../../src/runs/problems.ts';
import { validateRunText, validateSeriesText } from '../../src/runs/validate-run.ts';
import { sha256Hex } from '../lib/provenance.ts';
import type { Command } from './command.ts';

export const validateCommand: Command = {
  name: 'validate',
  summary: 'check run files: schema, path, series and raw archive',
  help: `Usage: benchsite validate [<path>...] [--reports <dir>]

Checks every run.json under each <path> (a run.json or a directory; default: content/runs):
the schema, that its directory matches <benchmark>/<host>/<YYYYMMDD>-<label>, its series.json,
and the size and sha256 of its raw.tar.gz. Then every report in --reports: its frontmatter,
and that the runs it names exist. Without <path> and --reports: content/runs and content/reports.
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
    let files = 0;
    for (const p of paths) {
      let info;
      try {
        info = await stat(p);
      } catch {
        problems.push(problem(p, '(path)', 'no such file or directory', 'Give a run.json or a directory of runs'));
        continue;
      }
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
      for (const n of names) {
        reports++;
        const file = join(reportsDir, n);
        problems.push(...validateReportText(file, await readFile(file, 'utf8'), runIds));
      }
    }
    // Files under the working directory by their short path; others as given, not as ../../ chains.
    const show = (f: string) => {
      const rel = relative(process.cwd(), f);
      return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : f;
    };
    for (const pr of problems) console.log(pr.text.replace(pr.file, show(pr.file)));
    const checked = `${files} run file(s)${reports ? ` and ${reports} report(s)` : ''}`;
    console.log(problems.length ? `${problems.length} problem(s) in ${checked}` : `${checked} valid`);
    return problems.length ? 1 : 0;
  },
};

/** All problems of one run.json and the files beside it. The run id is the path below the runs root (4 levels up). */
export async function checkRunFile(file: string): Promise<Problem[]> {
  const runDir = dirname(file);
  const root = dirname(dirname(dirname(runDir)));
  const id = relative(root, runDir).split(sep).join('/');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return [problem(file, '(file)', 'cannot be read', 'Check the path and permissions')];
  }
  const checked = validateRunText(file, text, id);
  if (!checked.run) return checked.problems;
  const run = checked.run;
  const problems = [...checked.problems];
  if (run.tests.some((t) => t.series?.length)) {
    const sf = join(runDir, 'series.json');
    try {
      problems.push(...validateSeriesText(sf, await readFile(sf, 'utf8'), run).problems);
    } catch {
      problems.push(
        problem(sf, '(file)', 'missing, but run.json names series', 'Re-run benchsite harvest on the raw files'),
      );
    }
  }
  const archive = run.provenance.rawArchive;
  if (archive && !/^[a-z]+:\/\//.test(archive.location)) {
    const af = join(runDir, archive.location);
    try {
      const bytes = await readFile(af);
      if (bytes.length !== archive.bytes || sha256Hex(bytes) !== archive.sha256) {
        problems.push(
          problem(
            file,
            'provenance.rawArchive',
            `${archive.location} does not match its size or sha256`,
            'Restore the archive from git, or re-run benchsite harvest on the raw files',
          ),
        );
      }
    } catch {
      problems.push(
        problem(
          file,
          'provenance.rawArchive.location',
          `${archive.location} is missing`,
          'Restore the archive, or re-run benchsite harvest on the raw files',
        ),
      );
    }
  }
  return problems;
}

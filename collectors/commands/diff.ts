import { parseArgs } from 'node:util';
import { validateRunText } from '../../src/runs/validate-run.ts';
import { latestComparable, runDiffMarkdown, type RunRef } from '../../src/analysis/run-diff.ts';
import { changedFiles, filesAt, readAt } from '../lib/git.ts';
import { readContentFile } from '../../src/runs/validate-files.ts';
import { UsageError, type Command } from './command.ts';

export const diffCommand: Command = {
  name: 'diff',
  summary: 'Markdown of the runs added or changed between two git refs, against the latest comparable runs',
  help: `Usage: benchsite diff <base-ref> [<head-ref>] [--runs <dir>]

For every run.json under <dir> (default content/runs) added or changed from <base-ref> to <head-ref>
(default: the working tree), prints Markdown for a pull-request comment: the run, and its headline
numbers (QPS, NOPM, inserts/s ...) against the latest comparable run at <base-ref> (same benchmark,
host, product and config; else the same product), relative, with basis points. Invalid runs are listed
first. Exit code 1 when a run does not validate.

Example (in CI, for a pull request):
  npx benchsite diff origin/main HEAD > comment.md`,
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { runs: { type: 'string', default: 'content/runs' } },
    });
    const [base, head] = positionals;
    if (!base) throw new UsageError('give the base git ref, e.g. origin/main');
    const root = values.runs!.replace(/\/$/, '');
    const changed = changedFiles(base, head, root).filter((f) => f.path.endsWith('/run.json'));
    const idOf = (path: string) => path.slice(root.length + 1, -'/run.json'.length);
    const headTexts = head
      ? await readAt(
          head,
          changed.map((c) => c.path),
        )
      : new Map(
          await Promise.all(
            // The working tree of a pull request is untrusted: a link is refused, never followed (into the comment).
            changed.map(async (c) => {
              const read = await readContentFile(c.path);
              return [c.path, 'bytes' in read ? read.bytes.toString('utf8') : read] as const;
            }),
          ),
        );
    const basePaths = filesAt(base, root).filter((p) => p.endsWith('/run.json'));
    const baseRuns: RunRef[] = [];
    for (const [path, text] of await readAt(base, basePaths)) {
      const checked = validateRunText(path, text, idOf(path));
      if (checked.run) baseRuns.push({ id: idOf(path), run: checked.run });
    }
    const out: string[] = [
      `## benchsite: ${changed.length} run${changed.length === 1 ? '' : 's'} added or changed`,
      '',
    ];
    const problems: string[] = [];
    const sections: string[] = [];
    for (const c of changed) {
      const text = headTexts.get(c.path) ?? '';
      if (typeof text !== 'string') {
        if ('problem' in text) problems.push(`- ${text.problem.text}`);
        continue;
      }
      const checked = validateRunText(c.path, text, idOf(c.path));
      if (!checked.run) {
        problems.push(...checked.problems.map((p) => `- ${p.text}`));
        continue;
      }
      const run = { id: idOf(c.path), run: checked.run };
      if (c.status === 'M') {
        const before = baseRuns.find((b) => b.id === run.id);
        sections.push(runDiffMarkdown('changed', run, before, 'the same run before this change'));
      } else {
        const { base: comparable, why } = latestComparable(run, baseRuns);
        sections.push(runDiffMarkdown('added', run, comparable, why));
      }
    }
    if (problems.length) out.push('**Runs that do not validate** (fix them before merging):', '', ...problems, '');
    if (changed.length === 0) out.push('No run files changed.');
    process.stdout.write(`${[...out, ...sections].join('\n')}\n`);
    return problems.length ? 1 : 0;
  },
};

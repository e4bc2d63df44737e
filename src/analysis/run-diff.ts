// The pull-request comment of `benchsite diff`: what a pull request adds, changes or removes, each run against
// the latest comparable one, tests beyond the thresholds first, the reports whose tables change, and the files
// that do not validate grouped by problem. Every string from a run goes through mdCode (no mention, link,
// image or HTML from data), and the whole stays under GitHub's comment size limit. Pure.
import type { Problem } from '../schemas/problem.ts';
import { encodePath, mdCode, mdLink } from './markdown-text.ts';
import {
  formatBp,
  groupsOf,
  printedBasisPoints,
  summarizeCells,
  THRESHOLDS,
  verdictMark,
  type Verdict,
} from '../engine/index.ts';
import { descriptorOf } from '../../benchmarks/index.ts';
import { diffRows, type DiffRow, type RunRef, type Thresholds } from './run-diff-rows.ts';

export * from './run-diff-rows.ts';

export interface ChangedRun {
  change: 'added' | 'changed';
  run: RunRef;
  base?: RunRef;
  why: string;
}

export interface ReportRef {
  /** File name without .md: the page is /reports/<slug>/. */
  slug: string;
  title: string;
  /** Every run the report names. */
  runIds: string[];
  /** The pull request adds or edits the report file itself. */
  fileChange?: 'added' | 'changed';
}

export interface CommentInput {
  runs: ChangedRun[];
  /** Ids of runs the pull request removes. */
  removed: string[];
  /** Problems of the run and report files that do not validate. */
  problems: Problem[];
  /** Reports at the head of the pull request. */
  reports: ReportRef[];
  /** The preview site's address (ending in /): runs and reports become links into it. */
  site?: string;
  thresholds?: Thresholds;
  /** Longest comment, in characters (GitHub refuses comments over 65,536). */
  /** The comment's size limit in characters; 0 for none (the whole comparison, to read in a terminal). */
  maxChars?: number;
}

const mark = (v: Verdict, noise?: 'within' | 'beyond') => {
  const m = verdictMark(v);
  return m ? ` ${m.symbol}` : noise === 'within' ? ' ≈' : '';
};
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const MAX_TABLE_ROWS = 40;
const MAX_MOVES = 25;
const MAX_PROBLEM_KINDS = 30;
const MAX_REPORTS = 30;
const MAX_REMOVED = 30;

/** `tests[3].results[12].value` -> `tests[*].results[*].value`: one kind of problem, wherever it repeats. */
const kindOf = (where: string) => where.replace(/\[\d+\]/g, '[*]');

/** Problems once per file and kind, with how many places have it: never one line per result row. */
function groupProblems(problems: Problem[]): Array<{ problem: Problem; where: string; count: number }> {
  const groups = new Map<string, { problem: Problem; where: string; count: number }>();
  for (const p of problems) {
    const where = kindOf(p.where);
    const key = `${p.file}\u0000${where}\u0000${p.message.replace(/\d+/g, '#')}`;
    const g = groups.get(key);
    if (g) g.count++;
    else groups.set(key, { problem: p, where, count: 1 });
  }
  return [...groups.values()];
}

/** A list cut at `max` entries, with a line saying how many are left out. */
function cut(lines: string[], max: number, what: string): string[] {
  return lines.length <= max ? lines : [...lines.slice(0, max), `- … and ${lines.length - max} more ${what}`];
}

export function prComment(input: CommentInput): string {
  const thresholds = input.thresholds ?? THRESHOLDS;
  const maxChars = input.maxChars === 0 ? Infinity : (input.maxChars ?? 60_000);
  const site = input.site;
  const runHref = (id: string) => (site ? `${site}runs/${encodePath(id)}/` : undefined);
  const reportHref = (slug: string) => (site ? `${site}reports/${encodePath(slug)}/` : undefined);

  const added = input.runs.filter((r) => r.change === 'added').length;
  const changed = input.runs.length - added;
  const counts = [
    added && `${plural(added, 'run')} added`,
    changed && `${plural(changed, 'run')} changed`,
    input.removed.length && `${plural(input.removed.length, 'run')} removed`,
  ].filter(Boolean);
  const head: string[] = [`## benchsite: ${counts.join(', ') || 'no run changed'}`, ''];

  const rowsOf = new Map(input.runs.map((r) => [r, diffRows(r.run.run, r.base, thresholds)]));

  // Files that do not validate: first, since they must be fixed before merging.
  if (input.problems.length) {
    const groups = groupProblems(input.problems);
    const files = new Set(input.problems.map((p) => p.file)).size;
    head.push(
      `**${plural(files, 'file')} do${files === 1 ? 'es' : ''} not validate** (fix before merging; \`npx benchsite validate\` lists every place):`,
      '',
      ...cut(
        groups.map(
          (g) =>
            `- ${mdCode(`${g.problem.file}: ${g.where}: ${g.problem.message}. ${g.problem.hint}`, { max: 400 })}${g.count > 1 ? ` (${g.count} places)` : ''}`,
        ),
        MAX_PROBLEM_KINDS,
        'kinds of problem',
      ),
      '',
    );
  }

  // Regressions and improvements beyond the thresholds, across all runs, largest change first.
  const moves = input.runs.flatMap((r) =>
    rowsOf
      .get(r)!
      .filter((row) => row.verdict !== 'neutral')
      .map((row) => ({ r, row })),
  );
  const compared = input.runs.filter((r) => r.base).length;
  if (moves.length) {
    const regressions = moves.filter((m) => m.row.verdict === 'regression');
    const improvements = moves.filter((m) => m.row.verdict === 'improvement');
    moves.sort(
      (a, b) =>
        (a.row.verdict === 'regression' ? 0 : 1) - (b.row.verdict === 'regression' ? 0 : 1) ||
        Math.abs(Math.log(b.row.relative!)) - Math.abs(Math.log(a.row.relative!)),
    );
    const shown = moves.slice(0, MAX_MOVES);
    head.push(
      `**▼ ${plural(regressions.length, 'regression')}, ▲ ${plural(improvements.length, 'improvement')}** (relative at or below ${thresholds.regression}, at or above ${thresholds.improvement}, and beyond the noise where both runs measured it, against the latest comparable run):`,
      '',
      '| run | test | metric | base | new | relative |',
      '| --- | --- | --- | ---: | ---: | ---: |',
      ...shown.map(
        ({ r, row }) =>
          `| ${mdLink(r.run.id, runHref(r.run.id), { table: true })} | ${mdCode(row.test, { table: true })} | ${mdCode(row.metric!, { table: true })} | ${row.baseText} | ${row.valueText} | ${row.text}${row.published ? '†' : ''}${mark(row.verdict)} |`,
      ),
      ...(moves.length > shown.length
        ? ['', `… and ${moves.length - shown.length} more tests beyond the thresholds.`]
        : []),
      '',
    );
  } else if (compared) {
    head.push(
      `No test of the ${plural(compared, 'compared run')} moved beyond ${thresholds.regression} or ${thresholds.improvement}.`,
      '',
    );
  }

  // Reports whose tables change: those naming a run the pull request adds, changes or removes, and those it edits.
  const touched = new Set([...input.runs.map((r) => r.run.id), ...input.removed]);
  const reports = input.reports
    .map((rep) => ({ rep, runs: rep.runIds.filter((id) => touched.has(id)) }))
    .filter(({ rep, runs }) => runs.length || rep.fileChange);
  if (reports.length) {
    head.push(
      `**Reports affected** (${reports.length}):`,
      '',
      ...cut(
        reports.map(({ rep, runs }) => {
          const why = [
            rep.fileChange && `report ${rep.fileChange}`,
            runs.length &&
              `${plural(runs.length, 'run')} of its tables changed: ${runs
                .slice(0, 5)
                .map((id) => mdCode(id))
                .join(', ')}${runs.length > 5 ? ` and ${runs.length - 5} more` : ''}`,
          ].filter(Boolean);
          return `- ${mdLink(rep.title, reportHref(rep.slug))} (${mdCode(rep.slug)}): ${why.join('; ')}`;
        }),
        MAX_REPORTS,
        'reports',
      ),
      '',
    );
  }

  if (input.removed.length)
    head.push(
      `**Removed runs** (${input.removed.length}):`,
      '',
      ...cut(
        input.removed.map((id) => `- ${mdCode(id)}`),
        MAX_REMOVED,
        'runs',
      ),
      '',
    );

  // One section per run: regressions first, then improvements, then the rest.
  const rank = (r: ChangedRun) => {
    const rows = rowsOf.get(r)!;
    return rows.some((x) => x.verdict === 'regression') ? 0 : rows.some((x) => x.verdict === 'improvement') ? 1 : 2;
  };
  const ordered = [...input.runs].sort((a, b) => rank(a) - rank(b));
  const sections = ordered.map((r) => runSection(r, rowsOf.get(r)!, thresholds, runHref));

  // Under the size limit: whole sections while they fit, then a line saying how many are left out.
  let text = head.join('\n');
  let shown = 0;
  for (const s of sections) {
    if (text.length + s.length + 200 > maxChars) break;
    text += `\n${s}`;
    shown++;
  }
  if (shown < sections.length)
    text += `\n… and ${sections.length - shown} more ${sections.length - shown === 1 ? 'run' : 'runs'} not shown here (GitHub limits a comment's size; \`npx benchsite diff <base-ref> --max-chars 0\` prints them all).\n`;
  if (text.length > maxChars)
    text = `${text.slice(0, maxChars - 80)}\n\n… cut here (GitHub limits a comment's size).\n`;
  return text;
}

function runSection(
  r: ChangedRun,
  rows: DiffRow[],
  thresholds: Thresholds,
  runHref: (id: string) => string | undefined,
): string {
  const run = r.run.run;
  const failed = rows.filter((x) => x.failed).length;
  const product = [run.dbms.product, run.dbms.version].filter(Boolean).join(' ') || run.dbms.label;
  const lines = [
    `### ${r.change === 'added' ? 'New run' : 'Changed run'} ${mdLink(r.run.id, runHref(r.run.id))}`,
    '',
    `${mdCode(run.benchmark)} · ${mdCode(product)} · config ${mdCode(run.config.name)} · host ${mdCode(run.host.name)} · ${mdCode(run.date)} · ${plural(run.tests.length, 'test')}${failed ? ` (${failed} failed)` : ''}`,
    '',
  ];
  const cutRows = (list: DiffRow[]) => {
    if (list.length <= MAX_TABLE_ROWS) return { list, more: 0 };
    // Beyond the thresholds first, so a long run keeps what matters.
    const keep = [
      ...list.filter((x) => x.verdict !== 'neutral' || x.failed),
      ...list.filter((x) => x.verdict === 'neutral' && !x.failed),
    ];
    return { list: keep.slice(0, MAX_TABLE_ROWS), more: list.length - MAX_TABLE_ROWS };
  };
  const cell = (s: string) => mdCode(s, { table: true });
  if (!r.base) {
    lines.push(`No earlier run to compare with (${r.why}). Its headline numbers:`, '');
    const { list, more } = cutRows(rows);
    if (list.length) {
      lines.push('| test | metric | value |', '| --- | --- | ---: |');
      for (const x of list)
        lines.push(
          x.failed ? `| ${cell(x.test)} | | failed |` : `| ${cell(x.test)} | ${cell(x.metric!)} | ${x.valueText} |`,
        );
    } else lines.push('(no test with a number)');
    if (more) lines.push('', `… and ${more} more tests.`);
    return [...lines, ''].join('\n');
  }
  lines.push(
    `Compared with ${mdLink(r.base.id, runHref(r.base.id))} (${r.why}). Relative = new / base; ▲ at or above ${thresholds.improvement}, ▼ at or below ${thresholds.regression}${rows.some((x) => x.noise) ? '; ≈ within the noise (the 95 % interval of the ratio includes 1: no marker whatever the value)' : ''}${rows.some((x) => x.published) ? '; † as the post printed it against this base (the run has no numbers of its own)' : ''}.`,
    '',
  );
  const { list, more } = cutRows(rows);
  lines.push('| test | metric | base | new | relative | change (bp) |', '| --- | --- | ---: | ---: | ---: | ---: |');
  for (const x of list) {
    if (x.failed) lines.push(`| ${cell(x.test)} | | | failed | | |`);
    else if (x.text === '') lines.push(`| ${cell(x.test)} | ${cell(x.metric!)} | | ${x.valueText} | | |`);
    else {
      const bp = printedBasisPoints(x.text);
      lines.push(
        `| ${cell(x.test)} | ${cell(x.metric!)} | ${x.baseText} | ${x.valueText} | ${x.text}${x.published ? '†' : ''}${mark(x.verdict, x.noise)} | ${bp === undefined ? '' : formatBp(bp)} |`,
      );
    }
  }
  if (more) lines.push('', `… and ${more} more tests.`);
  // The engine's summaries over the printed values, one per group of the benchmark (reads and writes apart).
  const d = descriptorOf(run.benchmark);
  const groups = groupsOf(d)
    .map((g) => ({
      g,
      s: summarizeCells(
        'new',
        g.id,
        rows
          .filter((x) => !d.isWarmup(x.test) && (d.groupOf(x.test) ?? 'all') === g.id)
          .map((x) => ({ test: x.test, cell: x })),
      ),
    }))
    .filter(({ s }) => s.count > 0);
  const over = (n: number) => `over ${plural(n, 'test')}`;
  if (!d.groups.length && groups.length)
    lines.push('', `Median change ${formatBp(groups[0]!.s.medianBp!)} basis points ${over(groups[0]!.s.count)}.`);
  else if (groups.length)
    lines.push(
      '',
      `Median change in basis points: ${groups.map(({ g, s }) => `${g.title.toLowerCase()} ${formatBp(s.medianBp!)} ${over(s.count)}`).join('; ')}.`,
    );
  return [...lines, ''].join('\n');
}

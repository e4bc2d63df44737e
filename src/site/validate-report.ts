// Checks of a report file (content/reports/*.md): its frontmatter against ReportSchema, that every run
// it names exists, and that every `{{ }}` placeholder of its prose resolves and every claim holds.
// `benchsite validate` runs them so a pull request learns before the site build does; the build renders the
// prose through reportProse() below, so both refuse the same placeholders with the same lines.
import { ReportSchema, type Report } from '../schemas/index.ts';
import { modelFromReport, type ModelRun, type ReportModel } from '../analysis/report-model.ts';
import { renderClaim } from '../analysis/placeholders.ts';
import { renderReportMarkdown } from './markdown.ts';
import { reportSections } from './report-sections.ts';
import { formatZodIssues, problem, type Problem } from '../runs/problems.ts';
import { readReport, REPORT_FIELDS_HINT, splitReport } from './report-limits.ts';
import { isDirective, Placer, type Part } from './report-placement.ts';
import { partsCatalog } from './report-view-parts.ts';

export { splitReport } from './report-limits.ts';

/** Every run id a report names, base first in each section. */
export function reportRunIds(report: Report): string[] {
  return [...new Set(reportSections(report).flatMap((s) => [s.base, ...s.runs]))];
}

/**
 * The report's prose as HTML with its placeholders rendered, and the problems of those that do not render
 * (`<file>: line L:C: {{ ... }}: what. hint.`) and of tests the frontmatter names that the runs lack.
 */
export function reportProse(
  file: string,
  text: string,
  report: Report,
  runs: ModelRun[] | ReportModel,
  base = '/',
): { html: string; problems: Problem[]; headings: string[]; placed: Part[] } {
  const parts = splitReport(text);
  if (!parts) return { html: '', problems: [], headings: [], placed: [] };
  // The site passes the model its tables show; `benchsite validate` the runs.
  const model = Array.isArray(runs) ? modelFromReport(report, reportSections(report), runs, file) : runs;
  const problems = model.problems.map((m) =>
    problem(file, 'tests', m, 'Name tests the runs have, or groups of testGroups'),
  );
  const placer = new Placer(partsCatalog(report, model));
  const {
    html,
    problems: found,
    headings,
  } = renderReportMarkdown(parts.body, parts.lineOffset, (src) => renderClaim(model, src), base, {
    isDirective,
    place: (src, line) => placer.place(src, line),
  });
  for (const p of found) {
    const claim = /^claim not supported/.test(p.message);
    const placing = isDirective(p.source.replace(/^\{\{|\}\}$/g, ''));
    problems.push(
      problem(
        file,
        `line ${p.line}:${p.column}`,
        `${shorten(p.source.replace(/\s+/g, ' '))}: ${shorten(p.message, 2000)}`,
        p.hint ??
          (claim
            ? 'Correct the sentence or its claim: the runs say otherwise'
            : placing
              ? 'Fix the directive; docs/reports.md (Placing tables and charts) has the grammar'
              : 'Fix the placeholder; docs/placeholders.md has the grammar'),
      ),
    );
  }
  return { html, problems, headings, placed: placer.parts };
}

/** A line of a problem stays readable whatever a report holds. */
const shorten = (t: string, max = 200) =>
  t.length > max ? `${t.slice(0, max)}… (${t.length - max} more characters)` : t;

export function validateReportText(file: string, text: string, runIds: Set<string>): Problem[] {
  return parseReportText(file, text, runIds).problems;
}

/** The frontmatter's problems, and the report when it has none. */
export function parseReportText(
  file: string,
  text: string,
  runIds: Set<string>,
): { report?: Report; problems: Problem[] } {
  const r = parseReportFrontmatter(file, text, runIds);
  return 'problems' in r ? r : { report: r.report, problems: [] };
}

function parseReportFrontmatter(
  file: string,
  text: string,
  runIds: Set<string>,
): { problems: Problem[] } | { report: Report } {
  const read = readReport(file, text);
  if ('problems' in read) return read;
  const parsed = ReportSchema.safeParse(read.frontmatter);
  if (!parsed.success) return { problems: formatZodIssues(file, parsed.error.issues, REPORT_FIELDS_HINT) };
  const r = parsed.data;
  const named: Array<{ where: string; id: string }> = [];
  if (r.base) named.push({ where: 'base', id: r.base });
  r.runs?.forEach((id, i) => named.push({ where: `runs[${i}]`, id }));
  r.sections?.forEach((s, i) => {
    named.push({ where: `sections[${i}].base`, id: s.base });
    s.runs.forEach((id, j) => named.push({ where: `sections[${i}].runs[${j}]`, id }));
  });
  const problems = named
    .filter((n) => !runIds.has(n.id))
    .map((n) =>
      problem(
        file,
        n.where,
        `no run "${n.id}" under the runs directory`,
        'Use the path of a run under content/runs (without /run.json), or harvest that run',
      ),
    );
  return problems.length ? { problems } : { report: r };
}

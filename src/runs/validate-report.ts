// Checks of a report file (content/reports/*.md): its frontmatter against ReportSchema, and that every run
// it names exists. `benchsite validate` runs them so a pull request learns before the site build does.
import { parseDocument } from 'yaml';
import { ReportSchema } from '../schemas/index.ts';
import { formatZodIssues, problem, type Problem } from './problems.ts';

export function validateReportText(file: string, text: string, runIds: Set<string>): Problem[] {
  const m = /^---\r?\n([\s\S]*?)\r?\n---(\r?\n|$)/.exec(text);
  if (!m)
    return [
      problem(
        file,
        '(frontmatter)',
        'no YAML frontmatter between --- lines',
        'Start the file with the frontmatter: title, date, benchmark, base and runs (see README)',
      ),
    ];
  const doc = parseDocument(m[1]!);
  if (doc.errors.length)
    return [
      problem(
        file,
        '(frontmatter)',
        `YAML syntax error: ${doc.errors[0]!.message.split('\n')[0]}`,
        'Fix the YAML of the frontmatter',
      ),
    ];
  const parsed = ReportSchema.safeParse(doc.toJS());
  if (!parsed.success) return formatZodIssues(file, parsed.error.issues, 'README.md shows a report frontmatter');
  const r = parsed.data;
  const named: Array<{ where: string; id: string }> = [];
  if (r.base) named.push({ where: 'base', id: r.base });
  r.runs?.forEach((id, i) => named.push({ where: `runs[${i}]`, id }));
  r.sections?.forEach((s, i) => {
    named.push({ where: `sections[${i}].base`, id: s.base });
    s.runs.forEach((id, j) => named.push({ where: `sections[${i}].runs[${j}]`, id }));
  });
  return named
    .filter((n) => !runIds.has(n.id))
    .map((n) =>
      problem(
        file,
        n.where,
        `no run "${n.id}" under the runs directory`,
        'Use the path of a run under content/runs (without /run.json), or harvest that run',
      ),
    );
}

// A report page's prose and model: the Markdown body of its file with every `{{ }}` placeholder computed from its
// runs, and the report model its relative tables and their CSV show. A placeholder that does not resolve, or a
// claim the runs do not support, stops the build with the same lines `benchsite validate` prints
// (src/site/validate-report.ts does both).
import { join } from 'node:path';
import type { Report } from '../schemas/index.ts';
import { modelFromReport, type ReportModel } from '../analysis/report-model.ts';
import { contentError } from '../runs/problems.ts';
import { readContentFile } from '../runs/validate-files.ts';
import { reportProse, reportRunIds } from './validate-report.ts';
import { reportText } from './report-limits.ts';
import { REPORTS_DIR } from './content-dirs.ts';
import { reportRuns, sectionModel } from './report-memo.ts';
import { reportSections } from './report-sections.ts';
import { homeUrl } from './urls.ts';
import type { Part } from './report-placement.ts';

/**
 * The report's model over its runs: the one the relative tables, their CSV and the placeholders read (made once
 * a build: the page, its prose and its CSV render the same one).
 */
export function reportModel(slug: string, report: Report): Promise<ReportModel> {
  const file = join(REPORTS_DIR, `${slug}.md`);
  return sectionModel('report', file, null, report, async () =>
    modelFromReport(report, reportSections(report), await reportRuns(report, reportRunIds(report), file), file),
  );
}

/**
 * HTML of the report's prose (from the site's Markdown pipeline: text and allowed links, no raw HTML), with a
 * marker where the author placed a part (report-placement.ts), the parts in marker order, and the prose's headings.
 */
export async function reportProseParts(
  slug: string,
  report: Report,
): Promise<{ html: string; placed: Part[]; headings: string[] }> {
  const file = join(REPORTS_DIR, `${slug}.md`);
  const read = await readContentFile(file);
  if (!('bytes' in read)) throw new Error(`${file}: cannot be read. Run \`npx benchsite validate\`.`);
  const text = reportText(file, read.bytes);
  if ('problem' in text) throw contentError(file, [text.problem.text]);
  const model = await reportModel(slug, report);
  const { html, problems, placed, headings } = reportProse(file, text.text, report, model, homeUrl());
  if (problems.length)
    throw contentError(
      file,
      problems.map((p) => p.text),
    );
  return { html, placed, headings };
}

export { isRelativeSection, relativeSectionCsv } from '../analysis/report-model.ts';

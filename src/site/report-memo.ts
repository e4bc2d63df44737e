// A report section's model made once per build: its page and its CSV tables render the same model object
// instead of each computing it (Astro renders the page and the CSV routes in one process).
import type { Report, ReportSection } from '../schemas/index.ts';
import { otherBenchmarkRuns } from '../analysis/comparability.ts';
import { contentError } from '../runs/problems.ts';
import { sectionRunIds } from './report-sections.ts';
import { runsById } from './runs.ts';

const models = new Map<string, Promise<unknown>>();

/** The model `make` gives for this report section, made the first time it is asked for. */
export function sectionModel<T>(
  kind: string,
  where: string,
  section: unknown,
  report: unknown,
  make: () => Promise<T>,
): Promise<T> {
  // The report's and the section's own text are part of the key: `astro dev` reloads an edited report.
  const key = `${kind}\u0000${where}\u0000${JSON.stringify(section)}\u0000${JSON.stringify(report)}`;
  let model = models.get(key) as Promise<T> | undefined;
  if (!model) {
    model = make();
    models.set(key, model);
    // A bound, for `astro dev` sessions that edit reports for hours.
    if (models.size > 256) models.delete(models.keys().next().value!);
  }
  return model;
}

/**
 * What each benchmark's own report model is given of a section: its runs, the base first, with the report's
 * labels, thresholds and acknowledged gates.
 */
export async function sectionInput(report: Report, section: ReportSection, where: string) {
  const ids = sectionRunIds(section);
  const runs = await reportRuns(report, ids, where);
  return {
    acknowledge: report.acknowledge,
    runs,
    base: section.base,
    order: ids,
    labels: { ...report.labels, ...section.labels },
    thresholds: report.thresholds,
  };
}

/**
 * Runs a report names, each of the report's own benchmark (comparability.ts otherBenchmarkRuns), or the error
 * that stops the build: every path of a report page and its CSV reads its runs here (its model, relative or the
 * benchmark's own view).
 */
export async function reportRuns(report: Report, ids: string[], where: string) {
  const runs = await runsById(ids, where);
  const other = otherBenchmarkRuns(report.benchmark, runs);
  if (other.length)
    throw contentError(
      where,
      other.map((o) => `${where}: ${o.what}. ${o.todo}.`),
    );
  return runs;
}
